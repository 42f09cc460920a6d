/**
 * Long work in a process that also serves HTTP (the self-check hosts the batch's servers and the fault
 * rows' deployments) must leave the event loop turning: a chain of awaits that never waits on I/O runs
 * as one piece, and a server of the same process answers nothing until it ends.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** `step` on each item in order, the event loop turning after each: timers and I/O run in between. */
export const eachInTurn = async <T, R>(
  items: readonly T[],
  step: (item: T) => R | Promise<R>,
): Promise<R[]> => {
  const results: R[] = [];
  for (const item of items) {
    results.push(await step(item));
    await nextTurn();
  }
  return results;
};

/** The items in slices of at most `size`, in order. */
export const slicesOf = <T>(items: readonly T[], size: number): T[][] => {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += size) slices.push(items.slice(start, start + size));
  return slices;
};
