/**
 * Node's compile cache, on the lines that have it (22.1 and later): the command line turns it on in the
 * temporary folder and hands it to the processes it starts, so that a run's runner and workers reuse
 * the bytecode of the files every one of them compiles. Off with NODE_DISABLE_COMPILE_CACHE=1, and
 * nothing at all on a line without it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCacheEnvironment } from '../conformance-run/compile-cache.ts';
import { runKit } from '../utilities/test-support/run-kit.ts';
import { expect, test } from './test-support/kit-test.ts';

const HAS_COMPILE_CACHE = typeof module.enableCompileCache === 'function';

/** The files of the cache under a temporary folder, each read as text (they name their source files). */
const cacheFiles = (temporary: string): string[] => {
  const root = join(temporary, 'node-compile-cache');
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return [];
  }
  return versions.flatMap((version) =>
    readdirSync(join(root, version)).map((file) => readFileSync(join(root, version, file), 'latin1')),
  );
};

/** A kit command with a temporary folder of its own and no cache named. */
const runIn = async (temporary: string, args: readonly string[], env: Record<string, string> = {}) => {
  const { NODE_COMPILE_CACHE: _, ...inherited } = process.env;
  return runKit(args, { ...inherited, TMPDIR: temporary, KIT_IGNORE_DOTENV: 'true', ...env });
};

test.describe('the compile cache', () => {
  test.skip(!HAS_COMPILE_CACHE, `Node ${process.version} has no compile cache`);
  let temporary: string;
  test.beforeEach(() => {
    temporary = mkdtempSync(join(tmpdir(), 'kit-compile-cache-'));
  });
  test.afterEach(() => rmSync(temporary, { recursive: true, force: true }));

  test('COMPILE-CACHE: a listing fills the cache in the temporary folder, with the files only the runner it starts compiles', async () => {
    const run = await runIn(temporary, ['conformance', '--list', '--output', join(temporary, 'out')]);
    expect(run.code, run.output).toBe(0);
    const files = cacheFiles(temporary);
    expect(files.length).toBeGreaterThan(100);
    // The command line never loads the suites: only the Playwright runner it starts lists them.
    expect(files.some((file) => file.includes('/suites/all-failures.spec.ts'))).toBe(true);
  });

  test('COMPILE-CACHE: NODE_DISABLE_COMPILE_CACHE=1 leaves no cache', async () => {
    const on = await runIn(temporary, ['--version']);
    expect(on.code, on.output).toBe(0);
    expect(cacheFiles(temporary).length).toBeGreaterThan(0);
    rmSync(join(temporary, 'node-compile-cache'), { recursive: true, force: true });
    const off = await runIn(temporary, ['--version'], { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(off.code, off.output).toBe(0);
    expect(cacheFiles(temporary)).toEqual([]);
  });
});

test('COMPILE-CACHE: npm test hands the kit tests a cache of its own choosing, or the one already named', () => {
  const named = process.env.NODE_COMPILE_CACHE;
  const environment = compileCacheEnvironment();
  if (!HAS_COMPILE_CACHE && !named) {
    expect(environment).toEqual({});
    return;
  }
  const folder = environment.NODE_COMPILE_CACHE;
  expect(folder).toBeTruthy();
  if (named) expect(folder).toBe(named);
  // Node keeps a folder a line inside the one named, so that every line can share it.
  if (HAS_COMPILE_CACHE) expect(module.getCompileCacheDir?.()).toContain(folder);
});
