/**
 * The kit tests' own temporary folder (temporary-root.ts): what a step makes under it goes when the
 * step passes and stays when it fails; Playwright's compile cache stays where it was. And the step
 * these tests run in has such a folder, as npm test, the quick command and the Node lines give it.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { temporaryRoot } from './temporary-root.ts';
import { expect, test } from './test-support/kit-test.ts';

const parents: string[] = [];
const parentFolder = (): string => {
  const parent = mkdtempSync(join(tmpdir(), 'kit-temporary-root-'));
  parents.push(parent);
  return parent;
};
test.afterEach(() => {
  for (const parent of parents.splice(0)) rmSync(parent, { recursive: true, force: true });
});

test('TEMPORARY ROOT: a step that passed leaves nothing behind, its folders within folders included', () => {
  const parent = parentFolder();
  const root = temporaryRoot('kit', {}, parent);
  expect(root.folder.startsWith(join(parent, 'fei-kit-tests-kit-'))).toBe(true);
  expect(root.env.TMPDIR).toBe(root.folder);
  mkdirSync(join(root.folder, 'certify-client-1', 'allure-results'), { recursive: true });
  writeFileSync(join(root.folder, 'certify-client-1', 'allure-results', 'a.json'), '{}');
  expect(root.finish(true)).toBeUndefined();
  expect(existsSync(root.folder)).toBe(false);
});

test('TEMPORARY ROOT: a step that failed keeps its files and says where', () => {
  const root = temporaryRoot('kit', {}, parentFolder());
  writeFileSync(join(root.folder, 'output.log'), 'what the failed test wrote');
  expect(root.finish(false)).toBe(`the temporary files of the failed tests are kept in ${root.folder}`);
  expect(existsSync(join(root.folder, 'output.log'))).toBe(true);
});

test("TEMPORARY ROOT: Playwright's compile cache stays in the machine's temporary folder, or where the user put it", () => {
  const parent = parentFolder();
  expect(temporaryRoot('kit', {}, parent).env.PLAYWRIGHT_TRANSFORM_CACHE_DIR).toBe(
    join(parent, `playwright-transform-cache-${process.geteuid?.() ?? ''}`),
  );
  expect(temporaryRoot('kit', { PLAYWRIGHT_TRANSFORM_CACHE_DIR: '/cache/pw' }, parent).env).toMatchObject({
    PLAYWRIGHT_TRANSFORM_CACHE_DIR: '/cache/pw',
  });
  // As Playwright reads it, an empty value is none.
  expect(temporaryRoot('kit', { PLAYWRIGHT_TRANSFORM_CACHE_DIR: '' }, parent).env).toMatchObject({
    PLAYWRIGHT_TRANSFORM_CACHE_DIR: join(parent, `playwright-transform-cache-${process.geteuid?.() ?? ''}`),
  });
});

test('TEMPORARY ROOT: under npm test, the quick command or a Node line, this step has a folder of its own and the compile cache is outside it', () => {
  test.skip(
    !basename(tmpdir()).startsWith('fei-kit-tests-'),
    'run by Playwright alone (npm run test:kit): the machine’s temporary folder',
  );
  const cache = process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR;
  expect(cache, 'PLAYWRIGHT_TRANSFORM_CACHE_DIR').toBeTruthy();
  expect(cache?.startsWith(tmpdir())).toBe(false);
});
