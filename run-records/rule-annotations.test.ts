/**
 * The rules a check covers are typed annotations and tags: written with its title, read back from the
 * annotations alone, selected by the tags.
 */
import { expect, type TestInfo, test } from '../kit-tests/test-support/kit-test.ts';
import { violationOf } from '../oracle/violation.ts';
import { markInconclusive, pendingRecordOf, startCheck } from './check-record-writer.ts';
import { violationAnnotation } from './result-annotations.ts';
import {
  ruleAnnotations,
  ruleCheck,
  rulesOfAnnotations,
  ruleTagPatternOf,
  ruleTitle,
} from './rule-annotations.ts';

const runningCheck = (title: string, annotations: { type: string; description?: string }[]) =>
  ({ title, annotations }) as unknown as TestInfo;

test('RULES: ruleCheck writes the title for people, one `rule` annotation and one tag per id, keeping the details’ own', () => {
  const [title, details] = ruleCheck(['VAL-BODY-SHAPE', 'VAL-STATUS-400'], 'x', {
    tag: ['@validation'],
    annotation: { type: 'issue', description: 'n' },
  });
  expect(title).toBe('VAL-BODY-SHAPE, VAL-STATUS-400: x');
  expect(details).toEqual({
    tag: ['@validation', '@VAL-BODY-SHAPE', '@VAL-STATUS-400'],
    annotation: [
      { type: 'rule', description: 'VAL-BODY-SHAPE' },
      { type: 'rule', description: 'VAL-STATUS-400' },
      { type: 'issue', description: 'n' },
    ],
  });
  expect(
    rulesOfAnnotations([...ruleAnnotations('ISOLATION-GET'), { type: 'rule', description: 'NOPE-1' }]),
  ).toEqual({ ids: ['ISOLATION-GET'], unknown: ['NOPE-1'] });
  expect(ruleTitle('VAL-AMOUNT-POSITIVE', 'amount 0')).toBe('VAL-AMOUNT-POSITIVE: amount 0');
  expect(ruleCheck('ISOLATION-GET', 'x', { tag: '@readonly' })[1].tag).toEqual([
    '@readonly',
    '@ISOLATION-GET',
  ]);
});

test('RULES: a rule’s tag pattern selects the checks tagged with it, never by the title’s text', () => {
  // What Playwright's --grep reads: the title path, then the tags, joined by spaces.
  const grepped = (title: string, tags: string[]) => ['suites/validation.spec.ts', title, ...tags].join(' ');
  const pattern = new RegExp(ruleTagPatternOf(['VAL-STATUS-400', 'RATE-LIMIT-429']), 'i');
  expect(pattern.test(grepped('x', ['@validation', '@VAL-BODY-SHAPE', '@VAL-STATUS-400']))).toBe(true);
  expect(pattern.test(grepped('x', ['@RATE-LIMIT-429']))).toBe(true);
  expect(pattern.test(grepped('VAL-STATUS-400: x', ['@VAL-BODY-SHAPE']))).toBe(false);
  expect(pattern.test(grepped('x', ['@VAL-STATUS-4000']))).toBe(false);
  expect(pattern.test(grepped('x', ['@VAL-STATUS-400-X']))).toBe(false);
});

test('RULES: a check renamed without its ids in the title keeps its rules; an unknown annotated id stops it', () => {
  const renamed = runningCheck('amount zero is refused', ruleAnnotations('VAL-AMOUNT-POSITIVE'));
  expect(startCheck(renamed)).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(pendingRecordOf(renamed).ruleIds).toEqual(['VAL-AMOUNT-POSITIVE']);
  // An id in the title alone credits nothing.
  expect(startCheck(runningCheck('VAL-AMOUNT-POSITIVE: amount zero', []))).toEqual([]);
  expect(() => startCheck(runningCheck('x', [{ type: 'rule', description: 'VAL-AMOUNT-POSITIV' }]))).toThrow(
    'Unknown rule id VAL-AMOUNT-POSITIV',
  );
});

test('RULES: an inconclusive mark writes its check record and its annotation together, once', () => {
  const info = runningCheck('x', []);
  markInconclusive(info, 'could-not-complete', 'first');
  markInconclusive(info, 'could-not-complete', 'second');
  expect(pendingRecordOf(info).inconclusive).toEqual({ kind: 'could-not-complete', text: 'first' });
  expect(info.annotations).toEqual([{ type: 'inconclusive', description: 'first' }]);
});

test('RULES: a violation is shown to people as a `RULE-ID: message` annotation', () => {
  const found = violationOf('ERROR-BODY-SHAPE', 'HTTP 404 (text/html) with "<h1>", not a JSON body');
  expect(violationAnnotation(found)).toEqual({
    type: 'violation',
    description: 'ERROR-BODY-SHAPE: HTTP 404 (text/html) with "<h1>", not a JSON body',
  });
});
