/** Outcomes across PUTs: a forbidden one refused, and of the kinds tried one at least applied. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { rules } from './test-support/rules.ts';
import { judgeSomeUpdateApplied, updateNotRefusedViolations } from './update-outcomes.ts';

test('ORACLE: a forbidden PUT is refused; of the kinds of PUT tried, one at least applies', () => {
  expect(updateNotRefusedViolations('DEDUP-EXTERNAL-ID', 'refused', 'm')).toEqual([]);
  expect(rules(updateNotRefusedViolations('DEDUP-EXTERNAL-ID', 'applied', 'm'))).toEqual([
    'DEDUP-EXTERNAL-ID',
  ]);
  expect(rules(updateNotRefusedViolations('DEDUP-EXTERNAL-ID', 'broken', 'm'))).toEqual([
    'DEDUP-EXTERNAL-ID',
  ]);
  expect(judgeSomeUpdateApplied(['amount', 'status'], ['status']).violations).toEqual([]);
  const [none] = judgeSomeUpdateApplied(['amount', 'status'], []).violations;
  expect(none?.rule).toBe('UPDATE-APPLIES');
  expect(none?.message).toContain('every update was refused (amount; status)');
});
