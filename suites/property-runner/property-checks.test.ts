/** The property suites' helpers: runs per target, replay settings, the checks, the replay text. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { judgementOf, judgeUnknownEventRefused, notEstablished } from '../../oracle/index.ts';
import { serviceResponse as response } from '../transport/test-support/service-responses.ts';
import { EXCHANGE_SEPARATOR, PropertyViolation, propertyCheck } from './property-checks.ts';
import { holdRemoteRuns, replayInstructions, TEARDOWN_MARGIN_MS } from './property-runner.ts';
import {
  commandsReplayPath,
  MAX_REMOTE_RUNS,
  MIN_REMOTE_RUNS,
  modelPropertyCost,
  PROPERTY_COSTS,
  PROPERTY_TESTS,
  remotePropertyTimeMs,
  remoteRequestMs,
  remoteRuns,
  runSettings,
} from './property-runs.ts';

/** The model-based property's cost is the settings' (modelPropertyCost), declared by name. */
const modelCosts = (folder: string): string[] =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.spec.ts'))
    .flatMap((name) => [...readFileSync(join(folder, name), 'utf8').matchAll(/cost: modelPropertyCost\(\)/g)])
    .map(() => {
      const cost = modelPropertyCost();
      return `${cost.embeddedRuns}×${cost.requestsPerRun}≤-`;
    });

test("the run plan's table of property costs is what the property tests declare", () => {
  const folder = join(import.meta.dirname, '..', 'properties');
  const declared = readdirSync(folder)
    .filter((name) => name.endsWith('.spec.ts'))
    .flatMap((name) =>
      [
        ...readFileSync(join(folder, name), 'utf8').matchAll(
          /cost: \{ embeddedRuns: (\d+), requestsPerRun: (\d+)(?:, maxRemoteRuns: (\d+))? \}/g,
        ),
      ].map((m) => `${m[1]}×${m[2]}≤${m[3] ?? '-'}`),
    )
    .concat(modelCosts(folder))
    .sort();
  expect(declared).toEqual(
    PROPERTY_COSTS.map((c) => `${c.embeddedRuns}×${c.requestsPerRun}≤${c.maxRemoteRuns ?? '-'}`).sort(),
  );
  expect(PROPERTY_COSTS).toHaveLength(PROPERTY_TESTS);
});

test.describe('runs per target', () => {
  const limit = { requestsPerWindow: 1000, windowSeconds: 60 };
  const limits = { A: limit, B: limit, RATE_LIMIT: { requestsPerWindow: 50, windowSeconds: 2 } };

  test('a real deployment gets a bounded number of runs from its limit and workers', () => {
    expect(remoteRuns(limit, 2, 1)).toBe(MAX_REMOTE_RUNS);
    expect(remoteRuns(limit, 2, 8)).toBe(12);
    expect(remoteRuns({ requestsPerWindow: 60, windowSeconds: 60 }, 4, 3)).toBe(MIN_REMOTE_RUNS);
    // More workers: each worker's paced rate drops, and so do the runs one property can afford in time.
    expect(remoteRuns(limit, 16, 6)).toBeLessThan(remoteRuns(limit, 1, 6));
    // A property that only adds combinations to a fixed check of every case asks for fewer.
    expect(remoteRuns(limit, 2, 1, undefined, 10)).toBe(10);
    expect(remoteRuns(limit, 2, 8, undefined, 10)).toBe(10);
    expect(remoteRuns({ requestsPerWindow: 60, windowSeconds: 60 }, 4, 3, undefined, 10)).toBe(
      MIN_REMOTE_RUNS,
    );
  });

  test('a far deployment gets the runs that fit in a check at its round trip, one at least', () => {
    // 80 requests a run at 4 s: not even one fits in half of the check's 380 s; one is made.
    expect(remoteRuns(limit, 2, 80, 4_000)).toBe(1);
    expect(remoteRuns(limit, 2, 80, 4_000, undefined, 3_600_000)).toBe(MIN_REMOTE_RUNS);
    // 6 requests a run at 4 s: 7 fit in half of 380 s, more than the other bounds give already.
    expect(remoteRuns(limit, 2, 6, 4_000)).toBe(MIN_REMOTE_RUNS);
    // A near deployment is not touched by it.
    expect(remoteRuns(limit, 2, 80, 20)).toBe(remoteRuns(limit, 2, 80));
  });

  test('a far deployment at a small limit: the budget’s pace, when slower than the round trip, is a request’s time', () => {
    const small = { requestsPerWindow: 50, windowSeconds: 60 };
    // 40 a minute for the run over five workers (and the schedule's margin): a request every 7.56 s.
    expect(remoteRequestMs(small, 5, 4_012)).toBe(7_562.5);
    expect(remoteRequestMs(limit, 2, 4_000)).toBe(4_000);
  });

  test('a far deployment’s check holds the runs its property makes, however long its seed draws them', () => {
    const small = { requestsPerWindow: 50, windowSeconds: 60 };
    const cost = { embeddedRuns: 1, requestsPerRun: 80 };
    // One run of 80 requests at 7.56 s each takes at most half of about 20 min.
    expect(remotePropertyTimeMs(small, 5, 80, 1, 4_012)).toBe(1_210_000);
    let timeout = 380_960;
    const testInfo = { timeout, setTimeout: (ms: number) => (timeout = ms) };
    const options = { target: { limits: { A: small, B: small, RATE_LIMIT: small } }, cost };
    const far = { KIT_ROUND_TRIP_MS: '4012' };
    holdRemoteRuns(testInfo, options, { source: 'remote', numRuns: 1 }, 5, far);
    expect(timeout).toBe(1_210_000 + TEARDOWN_MARGIN_MS);
    // A check whose limit already holds them, the reference server and FC_RUNS keep theirs.
    for (const settings of [
      { source: 'remote', numRuns: 1 } as const,
      { source: 'embedded', numRuns: 100 } as const,
      { source: 'FC_RUNS', numRuns: 100 } as const,
    ]) {
      timeout = 2_000_000;
      const unchanged = { timeout, setTimeout: (ms: number) => (timeout = ms) };
      holdRemoteRuns(unchanged, options, settings, 5, far);
      expect(timeout).toBe(2_000_000);
    }
    // The limit a user set is theirs.
    timeout = 380_960;
    const userSet = { timeout, setTimeout: (ms: number) => (timeout = ms) };
    holdRemoteRuns(userSet, options, { source: 'remote', numRuns: 1 }, 5, {
      ...far,
      KIT_TEST_TIMEOUT_SECONDS: '381',
    });
    expect(timeout).toBe(380_960);
  });

  test('the reference server gets the generous count; FC_RUNS overrides both', () => {
    const cost = { embeddedRuns: 200, requestsPerRun: 2 };
    expect(runSettings({ embedded: true, limits }, 1, cost, {}).numRuns).toBe(200);
    expect(runSettings({ embedded: false, limits }, 2, cost, {}).numRuns).toBe(25);
    expect(runSettings({ embedded: false, limits }, 2, { ...cost, maxRemoteRuns: 10 }, {}).numRuns).toBe(10);
    expect(runSettings({ embedded: true, limits }, 2, { ...cost, maxRemoteRuns: 10 }, {}).numRuns).toBe(200);
    // Tenant A's budget bounds the runs: a tenant A of a lower limit gets fewer.
    const lowA = { ...limits, A: { requestsPerWindow: 100, windowSeconds: 60 } };
    expect(
      runSettings({ embedded: false, limits: lowA }, 2, { embeddedRuns: 200, requestsPerRun: 4 }, {}).numRuns,
    ).toBe(MIN_REMOTE_RUNS);
    expect(runSettings({ embedded: false, limits }, 2, cost, { FC_RUNS: '3' })).toEqual({
      numRuns: 3,
      source: 'FC_RUNS',
      seed: undefined,
      path: undefined,
    });
  });

  test('FC_SEED and FC_PATH are read, and nonsense is refused with a clear message', () => {
    const target = { embedded: true, limits };
    const cost = { embeddedRuns: 10, requestsPerRun: 1 };
    expect(runSettings(target, 1, cost, { FC_SEED: '-42', FC_PATH: '3:0:1' })).toMatchObject({
      seed: -42,
      path: '3:0:1',
    });
    expect(() => runSettings(target, 1, cost, { FC_RUNS: '0' })).toThrow(/FC_RUNS/);
    expect(() => runSettings(target, 1, cost, { FC_SEED: 'abc' })).toThrow(/FC_SEED/);
    expect(() => runSettings(target, 1, cost, { FC_PATH: '1:2' })).toThrow(/FC_SEED/);
    expect(() => runSettings(target, 1, cost, { FC_SEED: '1', FC_PATH: '1;2' })).toThrow(/FC_PATH/);
  });
});

test('propertyCheck throws a PropertyViolation that carries the violations and the exchange', () => {
  const answer = response(201, { uuid: crypto.randomUUID() });
  let thrown: unknown;
  try {
    propertyCheck.validationFailure(answer, [
      { field: 'amount', errorCode: 'ERR-3005', ruleId: 'VAL-AMOUNT-POSITIVE' },
    ]);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PropertyViolation);
  const violation = thrown as PropertyViolation;
  expect(violation.violations.map((v) => v.rule)).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(violation.message).toContain(EXCHANGE_SEPARATOR.trim());
  expect(() =>
    propertyCheck.error(
      response(404, { status: 404, errorCode: 'ERR-4002', title: 'x' }),
      judgeUnknownEventRefused,
    ),
  ).not.toThrow();
});

test('propertyCheck takes the same Judgement: its evidence on a pass, and no claim left unmade', () => {
  expect(propertyCheck.verdict(judgementOf([], 'applied'))).toBe('applied');
  expect(() => propertyCheck.verdict(notEstablished('inconclusive', 'too slow'))).toThrow(
    'a property cannot settle a claim not established: too slow',
  );
});

test('the replay text gives FC_SEED, FC_PATH and a --grep that matches the title literally', () => {
  const title = "ISOLATION-GET: for any sequence of A's creates (model-based)";
  const text = replayInstructions(title, -123, '4:0:2', ["REFERENCE_MUTANT='x'"]);
  expect(text).toContain(
    `REFERENCE_MUTANT='x' FC_SEED=-123 FC_PATH=4:0:2 npx tsx cli/commands/conformance.ts --grep 'ISOLATION-GET: for any sequence of A'\\''s creates \\(model-based\\)'`,
  );
  expect(text).toContain(`FC_SEED=-123 npx tsx cli/commands/conformance.ts`);
  expect(/ISOLATION-GET: for any sequence of A's creates \(model-based\)/.test(title)).toBe(true);
  expect(replayInstructions(title, 5, null)).not.toContain('FC_PATH');
  expect(replayInstructions(title, 5, '1:2', [], 'CDL:F')).toContain(
    "FC_SEED=5 FC_PATH=1:2 FC_REPLAY_PATH='CDL:F' npx",
  );
  expect(commandsReplayPath({ FC_REPLAY_PATH: 'CDL:F' })).toBeUndefined();
  expect(commandsReplayPath({ FC_PATH: '1:2', FC_REPLAY_PATH: 'CDL:F' })).toBe('CDL:F');
});
