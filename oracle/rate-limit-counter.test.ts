/**
 * The counter's bound: every conforming reading of the window (a fixed window from the first request or
 * aligned to the clock at any offset, a sliding log, a token bucket) passes however its requests are
 * timed; a limiter that counts the probes apart or not at all is caught, at the embedded reference's
 * small limit and at a deployment's minute alike.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  type CounterAxis,
  type CounterRequest,
  counterBound,
  counterDecided,
  crowdedAfterRefusal,
  judgeAxisUnsent,
  judgeCounterAxis,
  judgeSpellingsAccepted,
  judgeWindowComesBack,
  probesTooSlow,
  servedPerRefusalFreeSpan,
} from './rate-limit-counter.ts';
import { rulesOf as rules } from './test-support/answers.ts';
import {
  fixedWindow,
  givingBackWindow,
  type Limiter,
  type Simulation,
  seededRandom,
  simulateComingBack,
  simulateStretch,
  slidingLog,
  tokenBucket,
} from './test-support/counter-simulation.ts';

const AXIS: CounterAxis = {
  of: 'kind',
  probes: 'PUTs of unknown uuids (404)',
  counted: 'valid POSTs',
};

/**
 * The embedded reference's rate-limit tenant, and a deployment's rate (1000 a minute, a fifth of it over a
 * fifth of the window: the same refill, five times fewer requests to simulate) over a slow network.
 */
const SETTINGS = [
  { limit: 50, windowMs: 2000, lanes: 8, legMs: [0.2, 3] },
  { limit: 200, windowMs: 12_000, lanes: 8, legMs: [5, 40] },
] as const;

/** Seeds per setting: the deployment's rate takes hundreds of simulated requests a case. */
const seedsOf = (setting: (typeof SETTINGS)[number]): number[] =>
  Array.from({ length: setting.limit > 100 ? 4 : 10 }, (_, i) => i + 1);

const simulation = (
  setting: (typeof SETTINGS)[number],
  seed: number,
  limiter: Limiter,
  keyOf: Simulation['keyOf'],
): Simulation => {
  const random = seededRandom(seed);
  const [low, high] = setting.legMs;
  return {
    limiter,
    keyOf,
    window: { limit: setting.limit, windowMs: setting.windowMs },
    lanes: setting.lanes,
    legMs: () => low + random() * (high - low),
    freshFrom: 1000,
    cap: 2 * setting.limit + 4 * setting.lanes,
  };
};

const shared = (): string => 'tenant';

/**
 * Every reading of the window at a setting: a fixed window from the first request, a sliding log, a
 * token bucket, and `aligned` clock-aligned windows whose edges fall `spread` apart from the burst's start.
 */
const readingsOf = (
  { limit, windowMs }: (typeof SETTINGS)[number],
  aligned: number,
  spread: number,
): [string, () => Limiter][] => [
  ['fixed window from the first request', () => fixedWindow(limit, windowMs)],
  ['sliding log', () => slidingLog(limit, windowMs)],
  ['token bucket', () => tokenBucket(limit, windowMs)],
  ...Array.from({ length: aligned }, (_, i): [string, () => Limiter] => [
    `fixed window aligned ${i}/${aligned}`,
    () => fixedWindow(limit, windowMs, 1000 + (i / aligned) * spread - windowMs),
  ]),
];

/**
 * Each case's value is the one expected of it, in one expect over the named cases (its diff names those
 * that differ): an expect a case, each a step Playwright reports with its stack, cost more CPU than
 * the simulations.
 */
const expectCases = (cases: readonly (readonly [name: string, actual: unknown, expected: unknown])[]) =>
  expect(cases.map(([name, actual]) => [name, actual])).toEqual(
    cases.map(([name, , expected]) => [name, expected]),
  );

test('ORACLE: a conforming shared count passes in every reading of the window, however the requests are timed', () => {
  const cases: [string, unknown, unknown][] = [];
  for (const setting of SETTINGS) {
    const { limit } = setting;
    // A clock-aligned window's edge anywhere in the burst and the stretch (its first eighth of a window).
    for (const [name, limiter] of readingsOf(setting, 12, setting.windowMs / 8))
      for (const seed of seedsOf(setting)) {
        const { requests, window } = simulateStretch(simulation(setting, seed, limiter(), shared));
        const judged = judgeCounterAxis(AXIS, requests, window);
        cases.push([`${name}, limit ${limit}, seed ${seed}`, judged.violations, []]);
      }
  }
  expectCases(cases);
});

test('ORACLE: a conforming count away from a window edge establishes the claim', () => {
  const cases: [string, unknown, unknown][] = [];
  for (const setting of SETTINGS)
    for (const seed of seedsOf(setting)) {
      const limiter = seed % 2 === 0 ? tokenBucket : slidingLog;
      const { requests, window } = simulateStretch(
        simulation(setting, seed, limiter(setting.limit, setting.windowMs), shared),
      );
      const judged = judgeCounterAxis(AXIS, requests, window);
      cases.push([
        `limit ${setting.limit}, seed ${seed}`,
        { notEstablished: judged.notEstablished, judged: judged.judged },
        { notEstablished: undefined, judged: ['RATE-LIMIT-ALL-REQUESTS'] },
      ]);
    }
  expectCases(cases);
});

test('ORACLE: probes counted apart, or not at all, are caught in every reading of the window', () => {
  const cases: [string, unknown, unknown][] = [];
  for (const setting of SETTINGS) {
    const { limit, windowMs } = setting;
    const apart = (probe: boolean): string => (probe ? 'tenant PUT' : 'tenant');
    const free = (probe: boolean): string | undefined => (probe ? undefined : 'tenant');
    for (const [name, keyOf] of [
      ['apart', apart],
      ['not counted', free],
    ] as const)
      for (const limiter of [fixedWindow, slidingLog, tokenBucket])
        for (const seed of seedsOf(setting)) {
          const { requests, window } = simulateStretch(
            simulation(setting, seed, limiter(limit, windowMs), keyOf),
          );
          const judged = judgeCounterAxis(AXIS, requests, window);
          cases.push([
            `${name}, ${limiter.name}, limit ${limit}, seed ${seed}`,
            { rules: rules(judged.violations), message: judged.violations[0]?.message },
            {
              rules: ['RATE-LIMIT-ALL-REQUESTS'],
              message: expect.stringContaining('PUTs of unknown uuids (404)'),
            },
          ]);
        }
  }
  expectCases(cases);
});

const at = (sentAt: number, answeredAt: number, throttled: boolean, probe = false): CounterRequest => ({
  probe,
  sentAt,
  answeredAt,
  throttled,
});

test('ORACLE: a span without a refusal holds the served requests that overlap it', () => {
  // Refused 0–10 and 30–40; served 12–20, 15–25 (inside 0…40), 45–50 (after the last refused was sent).
  const requests = [
    at(0, 10, true),
    at(12, 20, false),
    at(15, 25, false),
    at(30, 40, true),
    at(45, 50, false),
  ];
  // From the start to 10: none; from 0 to 40: two; from 30 on: one.
  expect(servedPerRefusalFreeSpan(requests)).toEqual([2, 1, 0]);
});

test('ORACLE: the bound adds the refill since the burst began and one span per possible bulk', () => {
  const requests = [at(1000, 1010, true), at(1005, 1020, false, true), at(1030, 1040, true)];
  const bound = counterBound(requests, { limit: 50, windowMs: 2000, freshFrom: 900 });
  // 50 × 40 / 2000 = 1, and two more; two bulks (what is left, one edge), each span may hold the one
  // served request.
  expect(bound).toMatchObject({ served: 1, servedProbes: 1, probes: 1, refill: 3, bulks: 2, most: 5 });
  expect(bound.late).toBe(false);
  expect(counterBound(requests, { limit: 50, windowMs: 100, freshFrom: 900 }).late).toBe(true);
});

test('ORACLE: a stretch too short to show a separate count, or too late, makes no claim', () => {
  const short = [at(1000, 1010, true), at(1005, 1015, true, true)];
  expect(
    judgeCounterAxis(AXIS, short, { limit: 50, windowMs: 2000, freshFrom: 900 }).notEstablished?.kind,
  ).toBe('inconclusive');
  const late = judgeCounterAxis(AXIS, short, { limit: 50, windowMs: 100, freshFrom: 900 });
  expect(late.notEstablished?.reason).toContain('sliding window');
});

test('ORACLE: probes enough but a limit no more than a shared count may serve make no claim: a separate count of it would not show', () => {
  // Twelve lanes far away (3 s round trips), three rounds: six valid POSTs refused and six probes each,
  // all in flight together. The probes are counted apart with a budget of 4: four served, the rest refused.
  const requests: CounterRequest[] = [];
  for (let round = 0; round < 3; round += 1)
    for (let lane = 0; lane < 12; lane += 1) {
      const sentAt = 1000 + round * 3000 + lane;
      const probe = lane % 2 === 1;
      const servedProbes = requests.filter((r) => r.probe && !r.throttled).length;
      requests.push(at(sentAt, sentAt + 2988, !probe || servedProbes >= 4, probe));
    }
  const window = { limit: 4, windowMs: 60_000, freshFrom: 900 };
  // More probes than a shared count serves, none served past it: once a pass, though 4 is the limit.
  expect(counterBound(requests, window)).toMatchObject({ served: 4, probes: 18, most: 10 });
  const judged = judgeCounterAxis(AXIS, requests, window);
  expect(judged.violations).toEqual([]);
  expect(judged.notEstablished).toEqual({
    kind: 'inconclusive',
    reason:
      "a shared count may serve 10 in 8999 ms (2 refilled, the rest in 2 spans without a refusal), not less than the limit of 4: a separate count of PUTs of unknown uuids (404), which may serve no more than the limit, would not show (the target's round trip is too long for the limit's rate, or the machine too busy)",
  });
  // Not counted at all, the probes are served past what a shared count serves, and show it.
  const many = requests.map((r) => (r.probe ? { ...r, throttled: false } : r));
  expect(rules(judgeCounterAxis(AXIS, many, window).violations)).toEqual(['RATE-LIMIT-ALL-REQUESTS']);
});

test('ORACLE: probes no faster than the limit refills stop the stretch early, and make no claim', () => {
  // 20 probes over 2 s against 50 per 2 s: 10 a second, below the refill of 25 a second.
  const slow = Array.from({ length: 40 }, (_, i) => at(1000 + i * 50, 1000 + i * 50 + 40, true, i % 2 === 1));
  const window = { limit: 50, windowMs: 2000, freshFrom: 900 };
  expect(probesTooSlow(counterBound(slow, window), window)).toBe(true);
  expect(counterDecided(counterBound(slow, window), window)).toBe(true);
  const judged = judgeCounterAxis(AXIS, slow, { ...window, windowMs: 4000 });
  expect(judged.notEstablished?.reason).toContain('no faster than a limit of 50 per 4000 ms refills');
  // The same probes against a slow limit are fast enough.
  expect(probesTooSlow(counterBound(slow, { ...window, limit: 5 }), { ...window, limit: 5 })).toBe(false);
});

test('ORACLE: when the window comes back, every reading serves at most the limit and one after a refusal', () => {
  const cases: [string, unknown, unknown][] = [];
  for (const setting of SETTINGS) {
    const { limit, windowMs } = setting;
    // A clock-aligned window's edge anywhere in the whole window the tenant waits through.
    for (const [name, limiter] of readingsOf(setting, 6, windowMs))
      for (const seed of seedsOf(setting)) {
        const requests = simulateComingBack(simulation(setting, seed, limiter(), shared));
        const judged = judgeWindowComesBack(AXIS, requests, { limit, windowMs });
        cases.push([
          `${name}, limit ${limit}, seed ${seed}`,
          { violations: judged.violations, notEstablished: judged.notEstablished },
          { violations: [], notEstablished: undefined },
        ]);
      }
  }
  expectCases(cases);
});

test('ORACLE: a limiter that gives back the probes once answered is caught when the window comes back', () => {
  const cases: [string, unknown, unknown][] = [];
  for (const setting of SETTINGS)
    for (const seed of seedsOf(setting)) {
      const { limiter, giveBack } = givingBackWindow(setting.limit, setting.windowMs);
      const requests = simulateComingBack({
        ...simulation(setting, seed, limiter, shared),
        answeredProbe: giveBack,
      });
      const judged = judgeWindowComesBack(AXIS, requests, setting);
      cases.push([
        `limit ${setting.limit}, seed ${seed}`,
        { rules: rules(judged.violations), message: judged.violations[0]?.message },
        {
          rules: ['RATE-LIMIT-ALL-REQUESTS'],
          message: expect.stringContaining('some kind is given back or not counted'),
        },
      ]);
    }
  expectCases(cases);
});

test('ORACLE: what is served after a refusal counts from its answer, within 0.9 of a window of its send', () => {
  const requests = [
    at(0, 10, true),
    at(5, 20, false),
    at(11, 30, false),
    at(12, 1790, false),
    at(13, 1801, false),
  ];
  // Sent after the refusal came back (10) and answered before 0 + 1800: two.
  expect(crowdedAfterRefusal(requests, 2000)).toEqual({ served: 2, after: requests[0] });
  expect(
    judgeWindowComesBack(AXIS, [at(0, 10, true)], { limit: 5, windowMs: 2000 }).notEstablished?.kind,
  ).toBe('inconclusive');
});

const answered = (status: number) => ({ status, headers: {}, text: '', json: undefined });

test('SPELLINGS: the spellings answered as the tenant (404 ERR-4002 for an unknown uuid) are accepted; none leaves the axis a premise not met', () => {
  const some = judgeSpellingsAccepted([
    { spelling: 'upper', answer: answered(404) },
    { spelling: 'braces', answer: answered(400) },
    { spelling: 'urn', answer: answered(401) },
  ]);
  expect(some.violations).toEqual([]);
  expect(some.notEstablished).toBeUndefined();
  expect(some.evidence).toEqual(['upper']);

  const none = judgeSpellingsAccepted([
    { spelling: 'upper', answer: answered(400) },
    { spelling: 'braces', answer: answered(403) },
  ]);
  expect(none.violations).toEqual([]);
  expect(none.notEstablished).toMatchObject({ kind: 'premise-not-met' });
  expect(none.notEstablished?.reason).toContain('400, 403');
  expect(judgeSpellingsAccepted([]).notEstablished?.reason).toContain('none asked');
});

test("ORACLE: an axis the counter's budget left unsent is not established, naming the budget, never passed", () => {
  const judged = judgeAxisUnsent(AXIS, { windows: 2, setting: 'KIT_COUNTER_WINDOWS' });
  expect(judged.violations).toEqual([]);
  expect(judged.notEstablished?.kind).toBe('inconclusive');
  expect(judged.notEstablished?.reason).toContain('PUTs of unknown uuids (404) were not sent');
  expect(judged.notEstablished?.reason).toContain('2 fresh windows (KIT_COUNTER_WINDOWS)');
  expect(judged.judged ?? []).toEqual([]);
});
