import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The kit's code as git sees it: its kit tests and their helpers left out, and the registry itself. */
export const codeFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => /\.(?:ts|mts|cts|mjs|cjs|js)$/.test(path) && !path.endsWith('.d.ts'))
    .filter((path) => !path.endsWith('.test.ts') && !path.includes('test-support/'))
    .filter((path) => !path.startsWith('config/settings/') && !path.includes('node_modules/'));
