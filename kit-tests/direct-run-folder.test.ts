/**
 * The kit tests run by Playwright alone get a temporary folder of their own (direct-run-folder.ts), made
 * when the runner starts the reporter and removed by it when the run passed.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import DirectRunFolder, { directRunEnvironment } from './direct-run-folder.ts';
import { expect, test } from './test-support/kit-test.ts';

const parents: string[] = [];
const parentFolder = (prefix = 'kit-direct-run-'): string => {
  const parent = mkdtempSync(join(tmpdir(), prefix));
  parents.push(parent);
  return parent;
};
test.afterEach(() => {
  for (const parent of parents.splice(0)) rmSync(parent, { recursive: true, force: true });
});

test('DIRECT RUN: a run no step gave a folder gets one, set as its TMPDIR, the compile cache left where it was', () => {
  const env: NodeJS.ProcessEnv = {};
  const reporter = new DirectRunFolder({ env, parent: parentFolder(), say: () => undefined });
  const folder = reporter.folder ?? '';
  expect(basename(folder)).toMatch(/^fei-kit-tests-direct-/);
  expect(existsSync(folder)).toBe(true);
  expect(env.TMPDIR).toBe(folder);
  expect(env.PLAYWRIGHT_TRANSFORM_CACHE_DIR?.startsWith(folder)).toBe(false);
});

test("DIRECT RUN: none under a step's folder (npm test, a Node line), nor in a worker, which inherits the runner's", () => {
  expect(directRunEnvironment({}, parentFolder('fei-kit-tests-kit-'))).toBeUndefined();
  expect(directRunEnvironment({ TEST_WORKER_INDEX: '0' }, parentFolder())).toBeUndefined();
  const env: NodeJS.ProcessEnv = { TMPDIR: '/somewhere' };
  expect(new DirectRunFolder({ env, parent: parentFolder('fei-kit-tests-kit-') }).folder).toBeUndefined();
  expect(env).toEqual({ TMPDIR: '/somewhere' });
});

test('DIRECT RUN: the folder goes after a run that passed, and is kept and named after one that did not', () => {
  const said: string[] = [];
  const run = (status: 'passed' | 'failed') => {
    const reporter = new DirectRunFolder({ env: {}, parent: parentFolder(), say: (line) => said.push(line) });
    const folder = reporter.folder ?? '';
    writeFileSync(join(folder, 'output.log'), `what a ${status} test wrote`);
    reporter.onEnd({ status, startTime: new Date(), duration: 0 });
    return folder;
  };
  const failed = run('failed');
  expect(existsSync(join(failed, 'output.log'))).toBe(true);
  expect(said).toEqual([`the temporary files of the failed tests are kept in ${failed}`]);
  const passed = run('passed');
  expect(existsSync(passed)).toBe(false);
  expect(said).toHaveLength(1);
});
