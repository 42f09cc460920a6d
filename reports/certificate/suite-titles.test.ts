/**
 * Every test of the conformance suite is declared with the rules it checks (its `rule` annotations
 * and `@RULE-ID` tags), and only rules of the catalog: the reports and the certificate credit a test
 * by the annotations and the self-check selects it by the tags, so a typo would silently leave a rule
 * "not covered". Titles are for people; by convention they start with the same ids, written from the
 * annotations here and compared as text, never read back. The whole suite is read from the listing
 * the certificate reads (`wholeSuiteListing`): Playwright's listing as `fei-kit conformance` would run
 * the suite, kept for the kit's files as they are (suite-listing-cache.test.ts shows the kept listing is
 * the one Playwright gives), so that the kit tests list the whole suite once where they can, not once
 * for each file that asks.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { ruleTag, ruleTitle } from '../../run-records/rule-annotations.ts';
import type { RuleId } from '../../spec/index.ts';
import { listSuite, wholeSuiteListing } from './suite-listing.ts';

/** What is wrong with a listed check's declaration, or undefined: its rules, its tags, its title's text. */
const declarationProblem = (t: {
  title: string;
  ruleIds: readonly RuleId[];
  tags: readonly string[];
}): string | undefined => {
  if (t.ruleIds.length === 0) return 'declared with no rule';
  const untagged = t.ruleIds.filter((id) => !t.tags.includes(ruleTag(id).slice(1)));
  if (untagged.length > 0) return `not tagged ${untagged.map(ruleTag).join(', ')}`;
  if (!t.title.startsWith(ruleTitle(t.ruleIds, '')))
    return `its title does not start with ${ruleTitle(t.ruleIds, '')}`;
  return undefined;
};

test('TITLES: every test of the suite is declared with known rule ids and tagged with them, its title starts with them, and a check of gaps alone declares ERROR-BODY-SHAPE', async () => {
  test.setTimeout(120_000);
  const listed = await wholeSuiteListing(process.env, 110_000);
  expect(listed, 'the suite could not be listed').toBeDefined();
  const tests = listed ?? [];
  expect(tests.length).toBeGreaterThan(100);
  const problems = tests
    .map((t) => ({ title: t.title, problem: declarationProblem(t) }))
    .filter((t) => t.problem !== undefined);
  expect(problems).toEqual([]);
  // Where the spec is silent any answer is a reading, but a non-2xx answer still has the part 7 body:
  // a check declared with gaps alone declares ERROR-BODY-SHAPE too, so that a run of that rule's
  // checks (--grep, a mutant's first stage in the self-check) has it.
  const gapsAlone = tests.filter((t) =>
    t.ruleIds.every((id) => id === 'ERROR-BODY-SHAPE' || id.startsWith('GAP-')),
  );
  expect(gapsAlone.length).toBeGreaterThan(10);
  expect(gapsAlone.filter((t) => !t.ruleIds.includes('ERROR-BODY-SHAPE')).map((t) => t.title)).toEqual([]);
});

test('TITLES: a check keeps its rule ids when its title drops them; a mistyped id in a title is caught', async () => {
  test.setTimeout(120_000);
  // A throwaway suite inside the repository (so it resolves @playwright/test), listed the same way.
  const dir = join(process.cwd(), 'fei-kit-output', 'kit', 'title-typo');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'playwright.config.mjs'),
    "export default { testDir: '.', testMatch: '*.spec.mjs' };\n",
  );
  const rule =
    "{ annotation: { type: 'rule', description: 'VAL-AMOUNT-POSITIVE' }, tag: '@VAL-AMOUNT-POSITIVE' }";
  writeFileSync(
    join(dir, 'typo.spec.mjs'),
    [
      "import { test } from '@playwright/test';",
      `test('VAL-AMOUNT-POSITIV: amount zero gives 400 ERR-3005', ${rule}, () => {});`,
      `test('VAL-AMOUNT-POSITIVE: amount zero gives 400 ERR-3005', ${rule}, () => {});`,
      `test('amount zero gives 400', ${rule}, () => {});`,
      "test('VAL-AMOUNT-POSITIVE: declared with no rule', () => {});",
      '',
    ].join('\n'),
  );
  const listed = await listSuite(process.env, 110_000, join(dir, 'playwright.config.mjs'));
  const byTitle = [...(listed ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  expect(byTitle.map((t) => [t.title, t.ruleIds, declarationProblem(t)])).toEqual([
    // Renamed, its id gone from the title: the check is still credited to its rule.
    ['amount zero gives 400', ['VAL-AMOUNT-POSITIVE'], 'its title does not start with VAL-AMOUNT-POSITIVE: '],
    [
      'VAL-AMOUNT-POSITIV: amount zero gives 400 ERR-3005',
      ['VAL-AMOUNT-POSITIVE'],
      'its title does not start with VAL-AMOUNT-POSITIVE: ',
    ],
    ['VAL-AMOUNT-POSITIVE: amount zero gives 400 ERR-3005', ['VAL-AMOUNT-POSITIVE'], undefined],
    // The id in a title alone credits nothing: nothing reads it back.
    ['VAL-AMOUNT-POSITIVE: declared with no rule', [], 'declared with no rule'],
  ]);
  rmSync(dir, { recursive: true, force: true });
});
