/** Violations: only a stated rule can be broken; a gap can be observed, never broken. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { violationOf } from './violation.ts';

test('ORACLE: a gap can be observed but never broken', () => {
  expect(() => violationOf('GAP-PUT-STATUS', 'x')).toThrow(/gap/);
});
