import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { phaseTimingLine, startPhaseClock } from './phase-clock.ts';
import { ticksOfStat, treeCpuSeconds } from './tree-cpu.ts';

/** A clock whose time and CPU the test moves by hand. */
const handClock = (cpuKnown = true) => {
  const state = { seconds: 4, cpu: 2 };
  const clock = startPhaseClock(
    () => (cpuKnown ? state.cpu : undefined),
    () => state.seconds,
  );
  const pass = (seconds: number, cpuSeconds: number) => {
    state.seconds += seconds;
    state.cpu += cpuSeconds;
  };
  return { clock, pass };
};

test('PHASE CLOCK: each phase its span from the start and the cores busy in it; overlapping phases in the order they started', async () => {
  const { clock, pass } = handClock();
  pass(2, 1);
  const endBatch = clock.begin('batch');
  await clock.timed('fault rows', async () => {
    pass(10, 15);
  });
  pass(10, 20);
  endBatch();
  endBatch();
  const { phases, whole } = clock.timings();
  expect(phases).toEqual([
    { name: 'start-up', startSeconds: 0, endSeconds: 4, coresBusy: 0.5 },
    { name: 'batch', startSeconds: 6, endSeconds: 26, coresBusy: 1.75 },
    { name: 'fault rows', startSeconds: 6, endSeconds: 16, coresBusy: 1.5 },
  ]);
  expect(whole).toEqual({ name: 'self-check', startSeconds: 0, endSeconds: 26, coresBusy: 1.46 });
  expect(phaseTimingLine({ phases, whole })).toBe(
    'phases: start-up 0–4 s (0.5 cores); batch 6–26 s (1.8 cores); fault rows 6–16 s (1.5 cores); in all 26 s, 1.46 cores busy',
  );
});

test('PHASE CLOCK: a phase that throws is timed too; without a CPU reading, times only', async () => {
  const { clock, pass } = handClock(false);
  await expect(
    clock.timed('load rows', async () => {
      pass(5, 0);
      throw new Error('k6 broke');
    }),
  ).rejects.toThrow('k6 broke');
  const timings = clock.timings();
  expect(timings.phases).toEqual([
    { name: 'start-up', startSeconds: 0, endSeconds: 4 },
    { name: 'load rows', startSeconds: 4, endSeconds: 9 },
  ]);
  expect(phaseTimingLine(timings)).toBe('phases: start-up 0–4 s; load rows 4–9 s; in all 9 s');
});

const stat = (pid: number, name: string, ticks: readonly number[]) =>
  `${pid} (${name}) S 1 ${pid} ${pid} 0 -1 4194560 100 0 0 0 ${ticks.join(' ')} 20 0 1 0 5 0 0\n`;

test('TREE CPU: a stat line read past a command name with spaces and parentheses: utime, stime, cutime, cstime', () => {
  expect(ticksOfStat(stat(7, 'node (main) x', [100, 20, 300, 4]))).toBe(424);
  expect(ticksOfStat('7 (cut')).toBeUndefined();
});

test('TREE CPU: the root, every process under it still running, and the children each waited for', () => {
  const proc = mkdtempSync(join(tmpdir(), 'tree-cpu-'));
  const processOf = (pid: number, ticks: readonly number[], children: Record<string, string>) => {
    writeFileSync(join(proc, `${pid}`, 'stat'), stat(pid, 'p', ticks), { flag: 'w' });
    for (const [tid, list] of Object.entries(children)) {
      mkdirSync(join(proc, `${pid}`, 'task', tid), { recursive: true });
      writeFileSync(join(proc, `${pid}`, 'task', tid, 'children'), list);
    }
  };
  try {
    for (const pid of [10, 11, 12, 13]) mkdirSync(join(proc, `${pid}`), { recursive: true });
    // 10 started 11 (from its main thread) and 12 (from another); 11 started 13; 14 ended unread.
    processOf(10, [100, 0, 50, 0], { '10': '11 ', '15': '12 14' });
    processOf(11, [200, 10, 0, 0], { '11': '13' });
    processOf(12, [30, 0, 0, 5], { '12': '' });
    processOf(13, [5, 0, 0, 0], { '13': '' });
    expect(treeCpuSeconds(10, proc)).toBe(4);
    expect(treeCpuSeconds(99, proc)).toBeUndefined();
  } finally {
    rmSync(proc, { recursive: true, force: true });
  }
});
