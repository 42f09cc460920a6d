/**
 * No file of suites/ (spec files, support/, fixtures/, properties/) hands the oracle, or a wrapper of
 * it, a rule id written out or a message, nor builds a violation itself (oracle-verdicts.ts reads them with the compiler). A
 * throwaway project, written to a temporary folder, proves the check catches each kind.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oracleVerdictBreaches } from './oracle-verdicts.ts';
import { expect, test } from './test-support/kit-test.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

test('VERDICTS: no file of suites/ passes the oracle a rule id or a message, or builds a violation', () => {
  expect(oracleVerdictBreaches(ROOT)).toEqual([]);
});

test("VERDICTS: a rule id, a message or a violation made in a suites file is found, and a stated rule's id kept in a value; strings that only look like one are not", () => {
  const folder = mkdtempSync(join(tmpdir(), 'fei-kit-verdicts-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  };
  try {
    write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['**/*.ts'] }),
    );
    write(
      'oracle/index.ts',
      [
        'export const violationOf = (rule: string, message: string) => ({ rule, message });',
        'export const statusOutsideViolations = (rule: string, answer: number, allowed: number[], message: string) => [];',
        'export function judgeMalformedBody(answer: number, label: string) { return [answer, label]; }',
      ].join('\n'),
    );
    write(
      'suites/support/helper.ts',
      [
        "import { statusOutsideViolations, violationOf } from '../../oracle/index.ts';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a throwaway file
        "export const a = statusOutsideViolations('REQUEST-MALFORMED-400', 500, [400], `got ${500}`);",
        "export const b = violationOf('ISOLATION-GET', 'leak');",
        "export const c = [{ rule: 'ISOLATION-GET', message: 'made here' }];",
        'declare const check: { verdict(v: unknown, r?: number): void; holds(...a: unknown[]): void; error(...a: unknown[]): void };',
        'check.verdict(statusOutsideViolations, a.length === 1 ? 1 : undefined);',
        "check.holds('X', 1 > 0);",
        "check.error(404, 'ERR-4002', 'RETRIEVE-UNKNOWN-404');",
        "const sameEvent = (...a: unknown[]) => a; sameEvent(200, {}, 'UPDATE-APPLIES');",
        "check.error(500, { serverErrorBreaks: 'VAL-ALL-FAILURES' });",
        "export const g = (i: number) => (i ? { status: 404, rule: 'UPDATE-UNKNOWN-404' } : undefined);",
      ].join('\n'),
    );
    write(
      'suites/fine.spec.ts',
      [
        "import { judgeMalformedBody } from '../oracle/index.ts';",
        "// judgeMalformedBody('REQUEST-MALFORMED-400', 'a comment')",
        "export const d = judgeMalformedBody(400, 'truncated JSON: REQUEST-MALFORMED-400 in a label');",
        "export const e = `check.verdict(violationOf('ISOLATION-GET', 'm'))`;",
        'declare const check: { verdict(v: unknown): void };',
        'check.verdict([1].map((x) => x));',
        "const ruleCheck = (id: string, text: string) => [id, text]; ruleCheck('ISOLATION-GET', 'its title');",
        "const observe = (id: string, seen: string) => [id, seen]; observe('GAP-GET-BODY', 'a reading');",
        "const step = (title: string) => title; step('RETRIEVE-UNKNOWN-404 is named in a title, not a rule id');",
        "export type Seen = (ruleId: 'ISOLATION-GET') => void;",
        "export const readingOf = { gap: 'GAP-GET-BODY' };",
      ].join('\n'),
    );
    write(
      'suites/support/helper.test.ts',
      "export const f = [{ rule: 'ISOLATION-GET', message: 'a kit test may' }];",
    );
    const found = oracleVerdictBreaches(folder).map(
      (breach) => `${breach.file}:${breach.line} ${breach.what}`,
    );
    expect(found).toEqual([
      'suites/support/helper.ts:2 the rule id REQUEST-MALFORMED-400 handed to statusOutsideViolations',
      "suites/support/helper.ts:2 a message handed to statusOutsideViolations (its wording is the oracle's)",
      'suites/support/helper.ts:3 a violation made outside the oracle (violationOf)',
      'suites/support/helper.ts:4 a violation built outside the oracle (an object with a rule and a message)',
      'suites/support/helper.ts:6 a condition in the arguments of check.verdict (a.length === 1)',
      'suites/support/helper.ts:7 an inline condition (check.holds)',
      'suites/support/helper.ts:8 the rule id RETRIEVE-UNKNOWN-404 handed to check.error',
      'suites/support/helper.ts:9 the rule id UPDATE-APPLIES handed to sameEvent',
      'suites/support/helper.ts:10 the rule id VAL-ALL-FAILURES handed to check.error',
      "suites/support/helper.ts:4 the rule id ISOLATION-GET written outside a check's declaration (a verdict's rule is the oracle's)",
      "suites/support/helper.ts:11 the rule id UPDATE-UNKNOWN-404 written outside a check's declaration (a verdict's rule is the oracle's)",
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
