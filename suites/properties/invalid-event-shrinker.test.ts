/**
 * The simpler candidates the invalid-event properties shrink to are still the generators' own
 * samples: the same faults, at the right places, with the verdict the faults give, a fresh externalId,
 * and a valid event under them.
 */
import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import {
  applyFaults,
  combineExpectations,
  createExternalIdSource,
  type Fault,
  type FinancialEvent,
  faultArbitrary,
  fieldPathSegments,
  type InvalidEventSample,
  invalidEventArbitrary,
  invalidUpdateArbitrary,
  validEventArbitrary,
} from '../../generators/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { simplerInvalidEvents, simplerInvalidUpdates, withSimplification } from './invalid-event-shrinker.ts';
import { rekeyedInvalidUpdate } from './property-requests.ts';

const valueAt = (root: unknown, path: string): unknown =>
  fieldPathSegments(path).reduce<unknown>(
    (node, segment) =>
      node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined,
    root,
  );

/**
 * What is wrong with a candidate: a fault's last operation not visible in the body, a verdict other
 * than its faults', an item index past the end. Plain code, not Playwright's expect: it runs thousands
 * of times per test.
 */
const problemsOf = (sample: InvalidEventSample): string[] => {
  const problems: string[] = [];
  const parsed = JSON.parse(sample.body) as unknown;
  for (const fault of sample.faults) {
    const last = fault.operations[fault.operations.length - 1] as Fault['operations'][number];
    const found = valueAt(parsed, last.path);
    if (last.op === 'set' ? JSON.stringify(found) !== JSON.stringify(last.value) : found !== undefined) {
      problems.push(`${fault.description} is not in ${sample.body}`);
    }
    for (const match of fault.field.matchAll(/multiCurrencyAmounts\[(\d+)\]/g)) {
      if (Number(match[1]) >= sample.base.multiCurrencyAmounts.length)
        problems.push(`${fault.field} has no item`);
    }
  }
  if (
    !isDeepStrictEqual(sample.expected, combineExpectations(sample.faults.map((fault) => fault.expected)))
  ) {
    problems.push(`the verdict of ${sample.body} is not its faults'`);
  }
  return problems;
};

/** Fails the fast-check run (and so the test) with the problems, if any. */
const noProblems = (problems: readonly string[]): void => {
  if (problems.length > 0) throw new Error(problems.join('\n'));
};

const sameBase = (a: FinancialEvent, b: FinancialEvent): boolean =>
  isDeepStrictEqual({ ...a, externalId: '' }, { ...b, externalId: '' });

test('every simpler invalid event keeps its faults in place, their verdict, and a fresh externalId', () => {
  const simpler = simplerInvalidEvents(createExternalIdSource('t'));
  fc.assert(
    fc.property(invalidEventArbitrary({ runId: 't', maxFaults: 3 }), (sample) => {
      const candidates = simpler(sample);
      const ids = new Set(candidates.map((candidate) => candidate.base.externalId));
      const problems = candidates.flatMap(problemsOf);
      if (ids.size !== candidates.length || ids.has(sample.base.externalId))
        problems.push('externalIds not fresh');
      for (const candidate of candidates) {
        if (candidate.faults.length > sample.faults.length) problems.push('more faults');
        if (candidate.base.type !== sample.base.type) problems.push('another type');
        if (candidate.base.multiCurrencyAmounts.length > sample.base.multiCurrencyAmounts.length)
          problems.push('more items');
        if (sameBase(candidate.base, sample.base) && candidate.faults.length === sample.faults.length)
          problems.push(`a candidate no simpler than the sample: ${candidate.body}`);
      }
      noProblems(problems);
    }),
    { numRuns: 300, endOnFailure: true },
  );
});

test('an item no fault names is removed and the faults after it move down', () => {
  const base: FinancialEvent = {
    externalId: 't-1',
    type: 'INTERNAL_PAYOUT',
    countryCode: 'DE',
    currencyCode: 'EUR',
    amount: 1,
    status: 'PENDING',
    originalStatus: 'PENDING',
    payload: {},
    multiCurrencyAmounts: [
      { currencyCode: 'USD', amount: 1 },
      { currencyCode: 'GBP', amount: 1 },
      { currencyCode: 'JPY', amount: 1 },
    ],
  };
  const fault = fc.sample(
    faultArbitrary('multiCurrencyAmounts.item.amount.nonPositive', base).filter((f) =>
      f.field.startsWith('multiCurrencyAmounts[2]'),
    ),
    { numRuns: 1, seed: 7 },
  )[0] as Fault;
  const candidates = simplerInvalidEvents(createExternalIdSource('t'))(applyFaults(base, [fault]));
  // All at once (both items gone, the fault at [0]), then item 1 gone, then item 0 gone (the fault at [1]).
  expect(
    candidates.map((c) => [
      c.base.multiCurrencyAmounts.map((i) => i.currencyCode),
      c.expected.errors[0]?.field,
    ]),
  ).toEqual([
    [['JPY'], 'multiCurrencyAmounts[0].amount'],
    [['USD', 'JPY'], 'multiCurrencyAmounts[1].amount'],
    [['GBP', 'JPY'], 'multiCurrencyAmounts[1].amount'],
  ]);
  expect(candidates.flatMap(problemsOf)).toEqual([]);
});

test('simpler invalid PUTs keep one externalId for the event and its update', () => {
  const nextId = createExternalIdSource('t');
  const pairs = validEventArbitrary({ runId: 't' }).chain((previous) =>
    invalidUpdateArbitrary(previous).map((sample) => rekeyedInvalidUpdate(nextId, previous, sample)),
  );
  fc.assert(
    fc.property(pairs, (pair) => {
      const problems: string[] = [];
      for (const candidate of simplerInvalidUpdates(nextId)(pair)) {
        for (const problem of problemsOf(candidate.update)) problems.push(problem);
        if (candidate.update.base.externalId !== candidate.previous.externalId)
          problems.push('two externalIds');
        if (candidate.previous.externalId === pair.previous.externalId) problems.push('externalId not fresh');
        if (candidate.previous.type !== pair.previous.type) problems.push('another type');
        // Country and currency change on both or not at all: a PUT never moves them (GAP-PUT-BODY).
        if (candidate.previous.countryCode !== candidate.update.base.countryCode)
          problems.push('PUT moves the country');
        if (candidate.previous.currencyCode !== candidate.update.base.currencyCode)
          problems.push('PUT moves the currency');
      }
      noProblems(problems);
    }),
    { numRuns: 100, endOnFailure: true },
  );
});

test('withSimplification shrinks an invalid event to a plain one, and a path replays it', () => {
  const arbitrary = withSimplification(
    invalidEventArbitrary({ runId: 't', maxFaults: 3 }),
    simplerInvalidEvents(createExternalIdSource('t')),
  );
  const zeroAmount = (sample: InvalidEventSample) =>
    !sample.faults.some((f) => f.kind === 'amount.nonPositive');
  const details = fc.check(fc.property(arbitrary, zeroAmount), { seed: 1, numRuns: 1000 });
  expect(details.failed).toBe(true);
  const [shrunk] = details.counterexample as [InvalidEventSample];
  expect(shrunk.faults.map((f) => f.kind)).toEqual(['amount.nonPositive']);
  expect(shrunk.base).toMatchObject({ payload: {}, status: 'PENDING' });
  // One item kept: an empty list is a reading, never part of a valid base.
  expect(shrunk.base.multiCurrencyAmounts).toHaveLength(1);
  const replay = fc.check(fc.property(arbitrary, zeroAmount), {
    seed: details.seed,
    path: details.counterexamplePath as string,
  });
  const [replayed] = replay.counterexample as [InvalidEventSample];
  expect({ ...replayed.base, externalId: '' }).toEqual({ ...shrunk.base, externalId: '' });
  expect(replayed.faults).toEqual(shrunk.faults);
});
