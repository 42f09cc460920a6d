/**
 * Finds the k6 binary: K6_BIN when set (it must name an executable file), else the first `k6` on
 * PATH. k6 is a Go binary the kit never downloads or vendors.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { K6_BIN } from '../config/settings/index.ts';

export const K6_INSTALL_DOCS = 'https://grafana.com/docs/k6/latest/set-up/install-k6/';

export type K6Lookup =
  | { readonly found: true; readonly path: string; readonly source: 'K6_BIN' | 'PATH' }
  | { readonly found: false; readonly reason: string };

const isExecutableFile = (path: string): boolean => {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const findK6 = (env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): K6Lookup => {
  const named = K6_BIN.read(env);
  if (named) {
    const path = isAbsolute(named) ? named : resolve(cwd, named);
    return isExecutableFile(path)
      ? { found: true, path, source: 'K6_BIN' }
      : { found: false, reason: `K6_BIN names ${path}, which is not an executable file` };
  }
  const names = process.platform === 'win32' ? ['k6.exe', 'k6.cmd', 'k6'] : ['k6'];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const name of names) {
      const path = join(dir, name);
      if (isExecutableFile(path)) return { found: true, path, source: 'PATH' };
    }
  }
  return { found: false, reason: 'k6 is not on PATH and K6_BIN is not set' };
};

/** The one line the runner prints when k6 is missing. */
export const k6MissingLine = (reason: string): string =>
  `K6 NOT FOUND: ${reason}. Install k6 (see ${K6_INSTALL_DOCS}) or set K6_BIN to the k6 binary, then run again.`;
