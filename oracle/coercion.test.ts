/** Read values: kept as sent or as the value they spell; a dropped null may be absent. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { keepsReadValue } from './coercion.ts';
import { judgeRetrieval } from './retrieval.ts';
import { answer } from './test-support/answers.ts';

test('ORACLE: a read value is kept as sent or as the value it spells; a dropped null may be absent', () => {
  expect(keepsReadValue('42', 42)).toBe(true);
  expect(keepsReadValue(12.5, '12.50')).toBe(true);
  expect(keepsReadValue('true', true)).toBe(true);
  expect(keepsReadValue(undefined, null)).toBe(true);
  expect(keepsReadValue('PENDING', null)).toBe(false);
  expect(keepsReadValue(1250, '12.50')).toBe(false);
  // A typed entity's list and nested object are never null: [] and {} for a null or a field not sent.
  expect(keepsReadValue([], null, 'multiCurrencyAmounts')).toBe(true);
  expect(keepsReadValue({}, undefined, 'payload')).toBe(true);
  // Only where the container belongs, and only empty.
  expect(keepsReadValue({}, null, 'multiCurrencyAmounts')).toBe(false);
  expect(keepsReadValue([], null, 'payload')).toBe(false);
  expect(keepsReadValue([], null, 'amount')).toBe(false);
  expect(keepsReadValue({}, null)).toBe(false);
  expect(keepsReadValue([], '', 'multiCurrencyAmounts')).toBe(false);
  expect(keepsReadValue([1], null, 'multiCurrencyAmounts')).toBe(false);
  expect(keepsReadValue({ channel: 'CASH' }, null, 'payload')).toBe(false);
  // An object of the payload's own fields, each null, is as empty as {}.
  expect(keepsReadValue({ channel: null, payerName: null }, null, 'payload')).toBe(true);
  expect(keepsReadValue({ channel: null, payerName: 'A' }, null, 'payload')).toBe(false);
  const stored = answer(200, { externalId: 'e', amount: 12.5, originalStatus: 'B\uFFFD(' });
  const judged = judgeRetrieval(
    stored,
    { externalId: 'e', amount: '12.50', originalStatus: 'x' },
    {
      readings: ['amount', 'originalStatus'],
    },
  );
  expect(judged.violations).toEqual([]);
  expect(judged.evidence?.readValues).toEqual({ amount: 12.5, originalStatus: 'B\uFFFD(' });
});
