/** The bound part 8 sets on a burst: twice the limit in less than a window, once more a window; past it, proof. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { maxAdmittedInBurst, servedPastBound } from './rate-limit-bound.ts';

test('ORACLE: no reading of the window admits more than the limit in each fixed window a burst touches', () => {
  expect(maxAdmittedInBurst(50, 0, 2000)).toBe(100);
  expect(maxAdmittedInBurst(50, 1999, 2000)).toBe(100);
  expect(maxAdmittedInBurst(50, 2001, 2000)).toBe(150);
});

test('ORACLE: more served than the bound without a 429 proves the limit was not kept', () => {
  expect(servedPastBound(100, 1000, 50, 2000)).toBeUndefined();
  expect(servedPastBound(101, 1000, 50, 2000)).toEqual({
    kind: 'too-many-served',
    served: 101,
    withinMs: 1000,
    most: 100,
  });
});
