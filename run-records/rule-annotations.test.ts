/** The rules a check covers are typed annotations: written with its title, read back from them alone. */
import { expect, type TestInfo, test } from '@playwright/test';
import { markInconclusive, pendingRecordOf, startCheck } from './check-record-writer.ts';
import { ruleAnnotations, ruleCheck, rulesOfAnnotations } from './rule-annotations.ts';

const runningCheck = (title: string, annotations: { type: string; description?: string }[]) =>
  ({ title, annotations }) as unknown as TestInfo;

test('RULES: ruleCheck writes the title for people and one `rule` annotation per id, keeping the details’ own', () => {
  const [title, details] = ruleCheck(['VAL-BODY-SHAPE', 'VAL-STATUS-400'], 'x', {
    tag: ['@validation'],
    annotation: { type: 'issue', description: 'n' },
  });
  expect(title).toBe('VAL-BODY-SHAPE, VAL-STATUS-400: x');
  expect(details).toEqual({
    tag: ['@validation'],
    annotation: [
      { type: 'rule', description: 'VAL-BODY-SHAPE' },
      { type: 'rule', description: 'VAL-STATUS-400' },
      { type: 'issue', description: 'n' },
    ],
  });
  expect(
    rulesOfAnnotations([...ruleAnnotations('ISOLATION-GET'), { type: 'rule', description: 'NOPE-1' }]),
  ).toEqual({ ids: ['ISOLATION-GET'], unknown: ['NOPE-1'] });
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
