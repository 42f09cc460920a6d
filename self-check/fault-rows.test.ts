/** Kit tests of the fault rows' plan and verdicts: an exit the fault allows and its line, never 1. */

import { EXIT } from '../config/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  FAULT_ROWS,
  type FaultRow,
  type FaultRowOutcome,
  faultRowId,
  faultRowVerdict,
  plannedFaultRows,
  runFaultRows,
} from './fault-rows.ts';

const row = (name: string) => FAULT_ROWS.find((r) => r.name === name) as (typeof FAULT_ROWS)[number];

test('FAULT ROWS: selected by --only with their ids or fault-*; none among other rows', () => {
  expect(plannedFaultRows(undefined).map(faultRowId)).toEqual([
    'fault-slow-4s',
    'fault-restart-2s',
    'fault-token-expires',
    'fault-allowlist',
  ]);
  expect(plannedFaultRows(['fault-*'])).toHaveLength(4);
  expect(plannedFaultRows(['fault-allowlist']).map((r) => r.name)).toEqual(['allowlist']);
  expect(plannedFaultRows(['mutant-get-unknown-uuid-500', 'reference'])).toEqual([]);
});

test('FAULT ROWS: a deviation (exit 1) never passes; an allowed exit passes only with the line that names the fault', () => {
  for (const r of FAULT_ROWS)
    expect(faultRowVerdict(r, EXIT.deviation, 'DEVIATION: …').passed, r.name).toBe(false);
  const restart = row('restart-2s');
  const line =
    'UNAVAILABLE: the deployment was unavailable from 2026-01-01T00:00:00.000Z for 2.1 s (HTTP 503)';
  expect(faultRowVerdict(restart, EXIT.couldNotRun, line).passed).toBe(true);
  expect(faultRowVerdict(restart, EXIT.ok, line).passed).toBe(true);
  expect(faultRowVerdict(restart, EXIT.ok, 'no window said').passed).toBe(false);
  const token = row('token-expires');
  expect(faultRowVerdict(token, EXIT.ok, "CREDENTIALS STOPPED WORKING: tenant A's credentials").passed).toBe(
    false,
  );
  expect(
    faultRowVerdict(token, EXIT.couldNotRun, "CREDENTIALS STOPPED WORKING: tenant A's credentials").passed,
  ).toBe(true);
  expect(faultRowVerdict(row('allowlist'), null, '').detail).toMatch(/exit null, expected 2/);
});

test("FAULT ROWS: run side by side, each said as it ends, the outcomes in the rows' order", async () => {
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  const runRow = (r: FaultRow): Promise<FaultRowOutcome> => {
    started.push(r.name);
    return new Promise((resolve) => {
      ends.set(r.name, () => resolve({ id: faultRowId(r), exitCode: 0, passed: true, detail: 'exit 0' }));
    });
  };
  const said: string[] = [];
  const running = runFaultRows(
    FAULT_ROWS,
    { skip: false, outputRoot: '/nowhere', say: (l) => said.push(l) },
    runRow,
  );
  expect(started).toEqual(['slow-4s', 'restart-2s', 'token-expires', 'allowlist']);
  ends.get('allowlist')?.();
  await new Promise((resolve) => setImmediate(resolve));
  expect(said).toEqual(['[fault 1/4] fault-allowlist: as it must be (exit 0)']);
  for (const name of ['token-expires', 'slow-4s', 'restart-2s']) ends.get(name)?.();
  expect((await running).map((o) => o.id)).toEqual(FAULT_ROWS.map(faultRowId));
  expect(said).toHaveLength(4);
  expect(
    await runFaultRows(FAULT_ROWS, { skip: true, outputRoot: '/nowhere', say: () => undefined }, runRow),
  ).toEqual([]);
});
