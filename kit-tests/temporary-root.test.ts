/**
 * The kit tests' own temporary folder (temporary-root.ts): what a step makes under it goes when the
 * step passes and stays when it fails; Playwright's compile cache stays where it was.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { temporaryRoot } from './temporary-root.ts';

const parentFolder = (): string => mkdtempSync(join(tmpdir(), 'kit-temporary-root-'));

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
  const cache = temporaryRoot('kit', {}, parent).env.PLAYWRIGHT_TRANSFORM_CACHE_DIR;
  expect(cache?.startsWith(join(parent, 'playwright-transform-cache'))).toBe(true);
  expect(temporaryRoot('kit', { PLAYWRIGHT_TRANSFORM_CACHE_DIR: '/cache/pw' }, parent).env).toMatchObject({
    PLAYWRIGHT_TRANSFORM_CACHE_DIR: '/cache/pw',
  });
});
