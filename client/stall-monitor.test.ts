/**
 * The stall monitor: a stretch this process could not run is seen by its own timer; the machine's
 * timer, a thread of its own, runs from the start; a delay is matched with the stalls of one kind that
 * overlap it.
 */
import { spawn } from 'node:child_process';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { longestStallWithin, STALL_TICK_MS, type Stall, startStallMonitor } from './stall-monitor.ts';

test('STALLS: the longest stall of one kind overlapping a stretch, none outside it', () => {
  const stalls: Stall[] = [
    { endedAt: 100, ms: 30, of: 'process' }, // 70 to 100
    { endedAt: 200, ms: 60, of: 'process' }, // 140 to 200
    { endedAt: 190, ms: 20, of: 'machine' }, // 170 to 190
    { endedAt: 400, ms: 90, of: 'process' }, // 310 to 400
  ];
  expect(longestStallWithin(stalls, 'process', 0, 50)).toBe(0);
  expect(longestStallWithin(stalls, 'process', 90, 150)).toBe(60);
  expect(longestStallWithin(stalls, 'machine', 90, 150)).toBe(0);
  expect(longestStallWithin(stalls, 'machine', 90, 180)).toBe(20);
  expect(longestStallWithin(stalls, 'process', 100, 140)).toBe(0); // touching ends overlap nothing
  expect(longestStallWithin(stalls, 'process', 0, 1000)).toBe(90);
  expect(longestStallWithin([], 'process', 0, 1000)).toBe(0);
});

/** Holds this thread for `ms`, as a machine that gives it no core does. */
const hold = (now: () => number, ms: number): { from: number; to: number } => {
  const from = now();
  while (now() - from < ms) {
    // busy
  }
  return { from, to: now() };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('STALLS: the machine thread runs once started; this process held 200 ms is a process stall of about that long; stop ends both', async () => {
  const started = performance.now();
  const now = () => Math.round(performance.now() - started);
  const monitor = await startStallMonitor(started);
  expect(monitor.machineMeasured).toBe(true);
  await pause(3 * STALL_TICK_MS);
  const held = hold(now, 200);
  await pause(3 * STALL_TICK_MS);
  // The tick that was due during the hold came at its end: late by the hold less at most a tick (and
  // a millisecond of rounding each side).
  expect(longestStallWithin(monitor.stalls(), 'process', held.from, held.to)).toBeGreaterThanOrEqual(
    200 - 2 * STALL_TICK_MS,
  );
  monitor.stop();
  const seen = monitor.stalls().length;
  hold(now, 40);
  await pause(3 * STALL_TICK_MS);
  expect(monitor.stalls()).toHaveLength(seen);
});

test('STALLS: the whole process stopped 300 ms is a stall of both threads', async () => {
  const started = performance.now();
  const monitor = await startStallMonitor(started);
  await pause(3 * STALL_TICK_MS);
  // Stopped from outside, as a machine that runs neither thread: every thread of this process waits.
  const stopper = spawn('sh', ['-c', `kill -STOP ${process.pid}; sleep 0.3; kill -CONT ${process.pid}`]);
  await new Promise((resolve) => stopper.once('exit', resolve));
  await pause(3 * STALL_TICK_MS);
  monitor.stop();
  const stalls = monitor.stalls();
  // At least the 300 ms less a tick and the rounding; more on a busy machine, never less.
  for (const of of ['machine', 'process'] as const)
    expect(longestStallWithin(stalls, of, 0, Number.POSITIVE_INFINITY), of).toBeGreaterThanOrEqual(
      300 - 2 * STALL_TICK_MS,
    );
});
