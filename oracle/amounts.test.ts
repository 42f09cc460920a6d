/** Amounts compared as a double: the same within a few units in the last place, never a float32 or a rounding. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { compareAmount } from './amounts.ts';

test('ORACLE: amounts are the same within a few units in the last place of a double, not a float32 or a rounding', () => {
  expect(compareAmount('98765432109876543210.50', '98765432109876543210.5')).toBe('same-as-string');
  expect(compareAmount(0.1 + 0.2, 0.3)).toBe('same-number');
  expect(compareAmount(Math.fround(136.2), 136.2)).toBe('different');
  expect(compareAmount(0.12, '0.123456789')).toBe('different');
});
