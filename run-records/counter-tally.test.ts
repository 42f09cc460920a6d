/** The counter's tally as a test annotation: written, read back and summed. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  COUNTER_TALLY_ANNOTATION,
  counterTallyAnnotation,
  counterTallyOf,
  sumTallies,
} from './counter-tally.ts';

test('a counter tally written as an annotation reads back the same, and several sum with the one budget', () => {
  const first = counterTallyAnnotation({ sent: 8, unsent: 0, windows: 1, budget: 30 });
  expect(first.type).toBe(COUNTER_TALLY_ANNOTATION);
  expect(counterTallyOf([first])).toEqual({ sent: 8, unsent: 0, windows: 1, budget: 30 });
  const second = counterTallyAnnotation({ sent: 1, unsent: 1, windows: 2, budget: 30 });
  expect(counterTallyOf([first, { type: 'rule', description: 'RATE-LIMIT-429' }, second])).toEqual({
    sent: 9,
    unsent: 1,
    windows: 3,
    budget: 30,
  });
  expect(sumTallies(undefined, { sent: 1, unsent: 0, windows: 0, budget: 5 })).toEqual({
    sent: 1,
    unsent: 0,
    windows: 0,
    budget: 5,
  });
});

test('annotations of another kind, or of another form, carry no tally', () => {
  expect(counterTallyOf([])).toBeUndefined();
  expect(counterTallyOf([{ type: 'model-tally', description: '3 sequences, 20 steps' }])).toBeUndefined();
  expect(counterTallyOf([{ type: COUNTER_TALLY_ANNOTATION, description: 'eight axes' }])).toBeUndefined();
});
