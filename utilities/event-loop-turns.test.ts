/**
 * The event loop turns between the steps of eachInTurn, even when each step resolves at once (no I/O):
 * a callback scheduled during a step runs before the next one.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { eachInTurn, slicesOf } from './event-loop-turns.ts';

test('EVENT LOOP TURNS: each step is followed by a turn of the event loop, async steps too; the results in order', async () => {
  const events: string[] = [];
  const results = await eachInTurn(['a', 'b', 'c'], async (item) => {
    events.push(item);
    setImmediate(() => events.push(`turn after ${item}`));
    return item.toUpperCase();
  });
  expect(results).toEqual(['A', 'B', 'C']);
  expect(events).toEqual(['a', 'turn after a', 'b', 'turn after b', 'c', 'turn after c']);
});

test('EVENT LOOP TURNS: slices keep every item once, in order, the last one shorter', () => {
  expect(slicesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(slicesOf([], 2)).toEqual([]);
});
