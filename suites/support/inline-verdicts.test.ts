/** No check's file computes a verdict: every one is a named judgement of the oracle. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { inlineVerdictsOf } from './inline-verdicts.ts';

const SUITES = fileURLToPath(new URL('..', import.meta.url));

/** The checks' own files: the spec files, the properties and their models (not the helpers in support/). */
const checkFiles = (): string[] =>
  readdirSync(SUITES, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .filter((path) => !path.startsWith('support') && !path.startsWith('fixtures'))
    .map((path) => join(SUITES, path));

test('suites: no check computes a verdict inline', () => {
  const files = checkFiles();
  expect(files.length).toBeGreaterThan(10);
  const found = files.flatMap((file) => inlineVerdictsOf(relative(SUITES, file), readFileSync(file, 'utf8')));
  expect(found).toEqual([]);
});

test('suites: an inline condition, a comparison handed to a check or a violation made in a check is found', () => {
  const found = (source: string) => inlineVerdictsOf('a.spec.ts', source).map((v) => v.what);
  expect(found("check.holds('CREATE-RETURNS-UUID', first !== second, 'same uuid');")).toHaveLength(1);
  expect(
    found("check.verdict(judgeStatusIn('X', r, [201], 'm'), r.status === 201 ? r : undefined);"),
  ).toEqual(['"===" in the arguments of check.verdict(…)']);
  expect(found('propertyCheck.verdict(x.text.includes(id) ? [bad] : [], r);')).toHaveLength(1);
  expect(found("check.verdict([violationOf('ISOLATION-GET', 'leak')], r);")).toHaveLength(1);
  expect(found("check.holds('DEDUP-CONCURRENT', n === 1, 'one');")).toHaveLength(1);
  // What is not a verdict: strings and templates that read like one, arrows, the oracle's judgements.
  expect(
    found(
      [
        "check.verdict(judgeStatusIn('X', r, [400, 422], `a > b: got $" + '{r.status !== 1}`), r);',
        'const f = (x) => x;',
        "check.error(r, 'ERR-4002', 'RETRIEVE-UNKNOWN-404'); // a === b",
      ].join('\n'),
    ),
  ).toEqual([]);
  expect(inlineVerdictsOf('dedup.spec.ts', "check.holds('DEDUP-CONCURRENT', n === 1, 'one');")).toHaveLength(
    1,
  );
});
