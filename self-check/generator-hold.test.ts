import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { holdGenerator, holdPhases } from './generator-hold.ts';

test('GENERATOR HOLD: a quarter of every period running, the rest frozen', () => {
  expect(holdPhases({ share: 0.25, periodMs: 200 })).toEqual({ runMs: 50, frozenMs: 150 });
  expect(holdPhases({ share: 1, periodMs: 200 })).toEqual({ runMs: 200, frozenMs: 0 });
});

/** A process's state letter from /proc (T: stopped). */
const stateOf = (pid: number): string => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '?';

test('GENERATOR HOLD: the held process group is frozen between its turns, and left running when released', async () => {
  test.skip(!existsSync('/proc/self/stat'), 'no /proc to read a process state from');
  const child = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], {
    detached: true,
    stdio: 'ignore',
  });
  const pid = child.pid as number;
  const ended = new Promise((resolve) => child.on('close', resolve));
  try {
    // 50 ms running, then 450 ms frozen. Read until seen, not at a set moment: on a busy machine this
    // test's own timers fire late, and a single reading could fall in a running turn.
    const release = holdGenerator(pid, { share: 0.1, periodMs: 500 });
    await expect.poll(() => stateOf(pid), { timeout: 30_000 }).toBe('T');
    release();
    await expect.poll(() => stateOf(pid), { timeout: 30_000 }).not.toBe('T');
    // Released for good: over the next two periods, where a hold still going would freeze it 90 % of
    // each, no reading finds it frozen.
    const readings: string[] = [];
    for (let turn = 0; turn < 10; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      readings.push(stateOf(pid));
    }
    expect(readings).not.toContain('T');
  } finally {
    process.kill(-pid, 'SIGKILL');
    await ended;
  }
});
