/**
 * The kit tests that run the real k6 are exactly the `real-k6` project of playwright.kit.config.ts,
 * which `npm test` runs apart, after the CPU-heavy whole runs: a new one left out of the list would
 * run beside them and fail now and then on a busy machine, for the machine's sake.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The test files of one project, as Playwright lists them. */
const filesOfProject = (project: string): string[] => {
  const listing = execFileSync(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'playwright.kit.config.ts',
      `--project=${project}`,
      '--list',
      '--reporter=json',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(listing) as { suites: { file: string }[] };
  return report.suites.map((suite) => suite.file).sort();
};

test('REAL-K6 PROJECT: every kit test that looks for k6 runs in the real-k6 project, and only those', () => {
  const testFiles = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean);
  const looksForK6 = testFiles
    .filter((path) => /\bfindK6\(/.test(readFileSync(`${ROOT}/${path}`, 'utf8')))
    .sort();
  expect(looksForK6.length).toBeGreaterThan(0);
  expect(filesOfProject('real-k6')).toEqual(looksForK6);
  const kit = filesOfProject('kit');
  for (const file of looksForK6) expect(kit).not.toContain(file);
});
