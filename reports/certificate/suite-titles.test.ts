/**
 * Every test of the conformance suite names the rules it checks, and only rules of the catalog: the
 * reports, the certificate and the self-check credit a test by its title, so a typo would silently
 * leave a rule "not covered". The whole suite is listed as `fei-kit conformance` would run it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { titleProblem } from '../../run-records/rule-titles.ts';
import { listSuite } from './suite-listing.ts';

test('TITLES: every test of the suite names known rule ids, and only those', async () => {
  test.setTimeout(120_000);
  const listed = await listSuite(process.env, 110_000);
  expect(listed, 'the suite could not be listed').toBeDefined();
  const tests = listed ?? [];
  expect(tests.length).toBeGreaterThan(100);
  const problems = tests
    .map((t) => ({ title: t.title, problem: titleProblem(t.title) }))
    .filter((t) => t.problem !== undefined);
  expect(problems).toEqual([]);
});

test('TITLES: a mistyped rule id in a title is caught', async () => {
  test.setTimeout(120_000);
  // A throwaway suite inside the repository (so it resolves @playwright/test), listed the same way.
  const dir = join(process.cwd(), 'fei-kit-output', 'kit', 'title-typo');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'playwright.config.mjs'),
    "export default { testDir: '.', testMatch: '*.spec.mjs' };\n",
  );
  writeFileSync(
    join(dir, 'typo.spec.mjs'),
    [
      "import { test } from '@playwright/test';",
      "test('VAL-AMOUNT-POSITIV: amount zero gives 400 ERR-3005', () => {});",
      "test('VAL-AMOUNT-POSITIVE: amount zero gives 400 ERR-3005', () => {});",
      "test('amount zero gives 400', () => {});",
      '',
    ].join('\n'),
  );
  const listed = await listSuite(process.env, 110_000, join(dir, 'playwright.config.mjs'));
  const problems = (listed ?? []).map((t) => titleProblem(t.title));
  expect(problems).toEqual([
    'names no rule id of the catalog (titles start with `RULE-ID: `)',
    'names VAL-AMOUNT-POSITIV, not in the catalog (spec/rules.ts)',
    undefined,
  ]);
  rmSync(dir, { recursive: true, force: true });
});
