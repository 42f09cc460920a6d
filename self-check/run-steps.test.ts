/** The steps of `fei-kit self-check` that decide something: its settings, its plan, its end. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { ClientMatrix } from './client-verdicts.ts';
import { buildLoadMatrix } from './load-verdicts.ts';
import { buildMatrix } from './matrix.ts';
import { closingTotals, combinedStats, selfCheckExitCode, writeMatrixFiles } from './outcome.ts';
import { loadRowsRun, planSelfCheck, selfCheckNotes } from './run-plan.ts';
import { readSelfCheckSettings } from './settings.ts';

const OPTIONS = { concurrency: '3', 'load-concurrency': '2', 'mutant-fc-runs': '7', timeout: '2m' };

test('SELF-CHECK SETTINGS: options are read once, each in its unit; a malformed one is a ConfigError', () => {
  expect(readSelfCheckSettings({ ...OPTIONS, only: ' reference, mutant-rate-*,' })).toEqual({
    concurrency: 3,
    loadConcurrency: 2,
    mutantPropertyRuns: 7,
    timeoutSeconds: 120,
    only: ['reference', 'mutant-rate-*'],
  });
  expect(readSelfCheckSettings(OPTIONS).only).toBeUndefined();
  expect(() => readSelfCheckSettings({ ...OPTIONS, concurrency: '0' })).toThrow(ConfigError);
  expect(() => readSelfCheckSettings({ ...OPTIONS, 'load-concurrency': 'five' })).toThrow(
    /--load-concurrency \(SELF_CHECK_LOAD_CONCURRENCY\) must be a positive whole number/,
  );
  expect(() => readSelfCheckSettings({ ...OPTIONS, timeout: 'soon' })).toThrow(/--timeout must be/);
});

test('SELF-CHECK PLAN: --only selects rows of every part, or none is a ConfigError; the notes say how they run', () => {
  const settingsOf = (only: string) => readSelfCheckSettings({ ...OPTIONS, only });
  const reference = planSelfCheck({ only: 'reference' }, settingsOf('reference'));
  expect(reference.runs.map((r) => r.id)).toEqual(['reference']);
  expect(reference.loadRuns.map((r) => r.id).sort()).toEqual([
    'load-latency-reference',
    'load-rate-limit-reference',
  ]);
  expect(loadRowsRun({}, reference)).toBe(true);
  expect(loadRowsRun({ 'no-load': true }, reference)).toBe(false);
  const notes = selfCheckNotes({}, settingsOf('reference'), reference);
  expect(notes).toContain('properties run 7 times each against mutants');
  expect(notes.at(-1)).toMatch(
    /^2 load rows: .* 2 at a time, .* reads not established, with the rate reached and needed$/,
  );
  expect(selfCheckNotes({ 'no-load': true, full: true }, settingsOf('reference'), reference)).toContain(
    'every mutant gets every check too, in one stage (--full)',
  );
  const whole = planSelfCheck({}, readSelfCheckSettings(OPTIONS));
  const besideTheSuite = (values: Parameters<typeof selfCheckNotes>[0]) =>
    selfCheckNotes(values, readSelfCheckSettings(OPTIONS), whole).filter((n) =>
      n.includes('beside the suite'),
    );
  expect(besideTheSuite({})).toEqual([
    expect.stringMatching(
      /^the \d+ client rows and the 4 fault rows run beside the suite's runs, after the load rows/,
    ),
  ]);
  expect(besideTheSuite({ 'no-clients': true })).toEqual([
    expect.stringMatching(/^the 4 fault rows run beside/),
  ]);
  expect(besideTheSuite({ 'no-clients': true, 'no-faults': true })).toEqual([]);
  expect(() => planSelfCheck({ only: 'nothing-like-this' }, settingsOf('nothing-like-this'))).toThrow(
    '--only nothing-like-this matches no server',
  );
});

const clients = (good: number, bad: number): ClientMatrix => ({
  entries: [],
  totals: { rows: good + bad, good, bad },
});

test('SELF-CHECK END: the exit code and npm test’s counts from every part; a load row not established fails nothing', () => {
  const load = buildLoadMatrix([], { skipped: { reason: '--no-load', runs: 15 } });
  const none = { suite: buildMatrix([]), suiteRuns: 0, load, clients: clients(2, 0), faults: [] };
  expect(selfCheckExitCode(none)).toBe(0);
  expect(combinedStats(none)).toEqual({ expected: 2, unexpected: 0, skipped: 15, flaky: 0 });
  expect(closingTotals(none)).toMatch(
    /^no suite run; load \(k6\): 15 runs skipped \(--no-load\); client certification: /,
  );
  expect(selfCheckExitCode({ ...none, clients: clients(2, 1) })).toBe(1);
  const fault = (passed: boolean) => ({ id: 'fault-slow-4s', exitCode: passed ? 0 : 1, passed, detail: '' });
  const faulted = { ...none, faults: [fault(true), fault(false)] };
  expect(selfCheckExitCode(faulted)).toBe(1);
  expect(selfCheckExitCode({ ...none, faults: [fault(true)] })).toBe(0);
  expect(combinedStats(faulted)).toEqual({ expected: 3, unexpected: 1, skipped: 15, flaky: 0 });
  expect(closingTotals(faulted)).toMatch(/; fault rows 1\/2 as they must be$/);

  const folder = mkdtempSync(join(tmpdir(), 'fei-kit-self-check-end-'));
  try {
    writeMatrixFiles(folder, none, { wallSeconds: 12.4, concurrency: 3, notes: ['a note'] });
    const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8'));
    expect(results.stats).toEqual(combinedStats(none));
    const matrix = JSON.parse(readFileSync(join(folder, 'matrix.json'), 'utf8'));
    expect(matrix).toMatchObject({ wallSeconds: 12, concurrency: 3, notes: ['a note'] });
    expect(readFileSync(join(folder, 'matrix.md'), 'utf8')).toContain('15 runs skipped (--no-load)');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
