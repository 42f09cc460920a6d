/** The run reporter's emptying of the previous run's Allure results. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { emptyFolder } from './run-reporter.ts';

test('EMPTY FOLDER: the folder is empty at once; what it held, and what a killed run left aside, is gone when the promise settles', async () => {
  const root = mkdtempSync(join(tmpdir(), 'empty-folder-'));
  try {
    const folder = join(root, 'allure-results');
    mkdirSync(folder);
    for (let i = 0; i < 50; i += 1) writeFileSync(join(folder, `${i}-attachment.txt`), 'exchange');
    mkdirSync(join(root, 'allure-results.old-1-2'));
    writeFileSync(join(root, 'allure-results.old-1-2', 'left.txt'), 'left by a killed run');
    writeFileSync(join(root, 'allure-report.txt'), 'not ours to remove');
    const removed = emptyFolder(folder);
    expect(readdirSync(folder)).toEqual([]);
    await removed;
    expect(readdirSync(root).sort()).toEqual(['allure-report.txt', 'allure-results']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('EMPTY FOLDER: a folder that does not exist yet is made', async () => {
  const root = mkdtempSync(join(tmpdir(), 'empty-folder-'));
  try {
    await emptyFolder(join(root, 'allure-results'));
    expect(existsSync(join(root, 'allure-results'))).toBe(true);
    expect(readdirSync(root)).toEqual(['allure-results']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
