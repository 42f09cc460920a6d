/**
 * A check's title is text for people: its rules are its `rule` annotations and its `@RULE-ID` tags.
 * Two guards keep it so. No pattern written in the tree (a regular expression literal, or a string
 * handed to `new RegExp`) takes a rule id out of a title; and the readers of a run (the certificate,
 * the self-check's reading of a report) give the same verdicts when every title loses its ids.
 */
import { fileURLToPath } from 'node:url';
import { buildCertificate } from '../reports/certificate/certificate.ts';
import {
  certificateInput,
  type FixtureTest,
  fixtureReport,
} from '../reports/test-support/report-fixtures.ts';
import { ruleTitle } from '../run-records/rule-annotations.ts';
import { resultsOfReport } from '../self-check/results.ts';
import { isRuleId, type RuleId } from '../spec/index.ts';
import { sourceFilesIn } from './import-rules.ts';
import { expect, test } from './test-support/kit-test.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Titles as `ruleCheck` writes them, in the path Playwright's --grep reads. */
const SAMPLE_TITLES = [
  ruleTitle('VAL-AMOUNT-POSITIVE', 'POST with amount zero gives 400 ERR-3005'),
  ruleTitle(['VAL-BODY-SHAPE', 'VAL-STATUS-400'], 'a validation body'),
  `conformance validation.spec.ts POST ${ruleTitle('DEDUP-EXTERNAL-ID', 'a second POST')}`,
];

/** Regular expression literals and the string literals handed to `new RegExp`, as written. */
const patternsIn = (text: string): string[] => {
  const literal =
    /(?<=[=(,:!&|?;{}[\]]\s*|\breturn\s+)\/((?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+)\/[dgimsuyv]*/g;
  const constructed = /new RegExp\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const unquoted = (source: string, quote: string): string => {
    try {
      return quote === '`'
        ? source.replace(/\\\\/g, '\\')
        : (JSON.parse(`"${source.replace(/"/g, '\\"')}"`) as string);
    } catch {
      return source;
    }
  };
  return [
    ...[...text.matchAll(literal)].map((m) => m[1] as string),
    ...[...text.matchAll(constructed)].map((m) => unquoted(m[2] as string, m[1] as string)),
  ];
};

/** The rule ids a pattern takes out of a sample title in a group of its own. */
const idsTakenFromTitles = (pattern: string): RuleId[] => {
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern, 'g');
  } catch {
    return []; // not a pattern after all (a division, a path in a comment)
  }
  return SAMPLE_TITLES.flatMap((title) =>
    [...title.matchAll(compiled)].flatMap((m) =>
      m
        .slice(1)
        .flatMap((group) => (group ?? '').split(/[\s,]+/).filter((word): word is RuleId => isRuleId(word))),
    ),
  );
};

const titleReaders = (files: readonly { path: string; text: string }[]): string[] =>
  files.flatMap(({ path, text }) =>
    patternsIn(text)
      .filter((pattern) => idsTakenFromTitles(pattern).length > 0)
      .map((pattern) => `${path}: /${pattern}/`),
  );

/** This file's own throwaway title readers, in strings, are what the scan must find. */
const THIS_FILE = 'kit-tests/no-title-reading.test.ts';

const sourceFiles = () => sourceFilesIn(ROOT).filter((file) => file.path !== THIS_FILE);

test('TITLES: no pattern in the tree takes a rule id out of a title', () => {
  const files = sourceFiles();
  expect(files.length).toBeGreaterThan(250);
  // The scan sees patterns: hundreds of them.
  expect(files.flatMap((f) => patternsIn(f.text)).length).toBeGreaterThan(200);
  expect(titleReaders(files)).toEqual([]);
});

test('TITLES: the scan finds a title reader, written as a literal or handed to new RegExp', () => {
  const throwaway = [
    { path: 'self-check/a.ts', text: 'const id = /^([A-Z0-9-]+):/.exec(title)?.[1];\n' },
    {
      path: 'reports/b.ts',
      text: "const ids = new RegExp('^\\\\s*([A-Z][A-Z0-9-]*(?:, [A-Z0-9-]+)*):').exec(t);\n",
    },
    {
      path: 'reports/c.ts',
      text: 'const gap = /^observation ([A-Z0-9-]+):/.exec(name);\nconst n = a / b / c;\n',
    },
  ];
  expect(titleReaders(throwaway)).toEqual([
    'self-check/a.ts: /^([A-Z0-9-]+):/',
    'reports/b.ts: /^\\s*([A-Z][A-Z0-9-]*(?:, [A-Z0-9-]+)*):/',
  ]);
});

test('TITLES: the certificate and the self-check read the same verdicts when every title loses its ids', () => {
  const tests: FixtureTest[] = [
    {
      ruleIds: ['VAL-AMOUNT-POSITIVE'],
      title: ruleTitle('VAL-AMOUNT-POSITIVE', 'POST with amount zero gives 400 ERR-3005'),
      status: 'failed',
      violations: ['VAL-AMOUNT-POSITIVE: expected 400 ERR-3005, got 201'],
    },
    {
      ruleIds: ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
      title: ruleTitle(['VAL-BODY-SHAPE', 'VAL-STATUS-400'], 'a body'),
      status: 'passed',
    },
    {
      ruleIds: ['ISOLATION-GET'],
      title: ruleTitle('ISOLATION-GET', 'B cannot read A'),
      status: 'skipped',
      skipReason: 'no B',
    },
    // A title that names another rule than the check's: only the declaration counts.
    { ruleIds: ['DEDUP-EXTERNAL-ID'], title: ruleTitle('UPDATE-APPLIES', 'a second POST'), status: 'passed' },
  ];
  const renamed = tests.map((t, index) => ({ ...t, title: `check number ${index}` }));
  const verdicts = (list: FixtureTest[]) =>
    buildCertificate(certificateInput(list)).rules.map((r) => [r.id, r.verdict, r.reason]);
  expect(verdicts(renamed)).toEqual(verdicts(tests));
  expect(
    buildCertificate(certificateInput(tests)).rules.find((r) => r.id === 'UPDATE-APPLIES')?.verdict,
  ).toBe('not-covered');
  const read = (list: FixtureTest[]) =>
    resultsOfReport(fixtureReport(list)).tests.map((t) => [t.ruleId, t.outcome, t.failedRules]);
  expect(read(renamed).sort()).toEqual(read(tests).sort());
});
