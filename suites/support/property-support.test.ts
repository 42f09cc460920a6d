/** The property suites' helpers: runs per target, replay settings, the checks, the replay text. */
import { expect, test } from '@playwright/test';
import { ANY_ERROR_CODE, type ExpectedError, type ExpectedVerdict } from '../../generators/index.ts';
import type { HttpExchange } from './http-exchange.ts';
import {
  checkError,
  checkSameEvent,
  checkVerdict,
  differingFields,
  matchVerdict,
  PropertyViolation,
} from './property-checks.ts';
import { replayInstructions } from './property-runner.ts';
import {
  commandsReplayPath,
  MAX_REMOTE_RUNS,
  MIN_REMOTE_RUNS,
  remoteRuns,
  runSettings,
} from './property-runs.ts';
import type { ServiceResponse } from './service-client.ts';

const response = (status: number, body: unknown, contentType = 'application/json'): ServiceResponse => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const exchange: HttpExchange = {
    request: { method: 'POST', url: 'http://127.0.0.1/x', headers: {}, body: '{}' },
    response: { status, headers: { 'content-type': contentType }, body: text },
    error: undefined,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers: { 'content-type': contentType }, text, json, exchange };
};

const validation = (errors: { field: string; errorCode: string }[], errorCode = errors[0]?.errorCode) =>
  response(400, {
    status: 400,
    errorCode,
    title: 'One or more validation errors occurred',
    errors: errors.map((e) => ({ ...e, message: 'x' })),
  });

const verdict = (...errors: ExpectedError[]): ExpectedVerdict => ({ httpStatus: 400, errors });
const error = (field: string, errorCode: string, alternativeFields?: string[]): ExpectedError =>
  ({ field, errorCode, ruleId: 'X', ...(alternativeFields ? { alternativeFields } : {}) }) as ExpectedError;

test.describe('runs per target', () => {
  const limit = { requestsPerWindow: 1000, windowSeconds: 60 };

  test('a real deployment gets a bounded number of runs from its limit and workers', () => {
    expect(remoteRuns(limit, 2, 1)).toBe(MAX_REMOTE_RUNS);
    expect(remoteRuns(limit, 2, 8)).toBe(14);
    expect(remoteRuns({ requestsPerWindow: 60, windowSeconds: 60 }, 4, 3)).toBe(MIN_REMOTE_RUNS);
    // More workers: each worker's paced rate drops, and so do the runs one property can afford in time.
    expect(remoteRuns(limit, 16, 6)).toBeLessThan(remoteRuns(limit, 1, 6));
  });

  test('the embedded server gets the generous count; FC_RUNS overrides both', () => {
    const cost = { embeddedRuns: 200, requestsPerRun: 2 };
    expect(runSettings({ embedded: true, rateLimit: limit }, 1, cost, {}).numRuns).toBe(200);
    expect(runSettings({ embedded: false, rateLimit: limit }, 2, cost, {}).numRuns).toBe(25);
    expect(runSettings({ embedded: false, rateLimit: limit }, 2, cost, { FC_RUNS: '3' })).toEqual({
      numRuns: 3,
      source: 'FC_RUNS',
      seed: undefined,
      path: undefined,
    });
  });

  test('FC_SEED and FC_PATH are read, and nonsense is refused with a clear message', () => {
    const target = { embedded: true, rateLimit: limit };
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

test.describe('verdict matching', () => {
  test('a set in any order and notation; ANY takes any code; an alternative field stands in', () => {
    const expected = [
      error('multiCurrencyAmounts[1].amount', 'ERR-3008'),
      error('payload.iban', ANY_ERROR_CODE, ['payload']),
      error('amount', 'ERR-3005'),
    ];
    expect(
      matchVerdict(expected, [
        { field: 'amount', errorCode: 'ERR-3005' },
        { field: '/payload', errorCode: 'ERR-3099' },
        { field: 'multiCurrencyAmounts.1.amount', errorCode: 'ERR-3008' },
      ]),
    ).toEqual({ missing: [], unexpected: [] });
    // Leaf names: two `amount`s are paired one to one, whichever comes first.
    expect(
      matchVerdict(
        [error('multiCurrencyAmounts[1].amount', 'ERR-3008'), error('amount', 'ERR-3005')],
        [
          { field: 'amount', errorCode: 'ERR-3008' },
          { field: 'amount', errorCode: 'ERR-3005' },
        ],
      ),
    ).toEqual({ missing: [], unexpected: [] });
  });

  test('a missing failure, an invented one, a wrong code and a wrong field are all caught', () => {
    const expected = [error('amount', 'ERR-3005'), error('status', 'ERR-3006')];
    expect(matchVerdict(expected, [{ field: 'amount', errorCode: 'ERR-3005' }]).missing).toEqual([
      expected[1],
    ]);
    expect(
      matchVerdict(expected, [
        { field: 'amount', errorCode: 'ERR-3005' },
        { field: 'status', errorCode: 'ERR-3006' },
        { field: 'type', errorCode: 'ERR-3002' },
      ]).unexpected,
    ).toEqual([{ field: 'type', errorCode: 'ERR-3002' }]);
    expect(
      matchVerdict([error('amount', 'ERR-3005')], [{ field: 'amount', errorCode: 'ERR-3008' }]).missing,
    ).toHaveLength(1);
    expect(
      matchVerdict([error('payload.iban', ANY_ERROR_CODE)], [{ field: 'payload', errorCode: 'ERR-3099' }])
        .missing,
    ).toHaveLength(1);
  });

  test('checkVerdict: 400, the set, the top-level code of errors[0], a title about validation', () => {
    const expected = verdict(error('amount', 'ERR-3005'), error('status', 'ERR-3006'));
    const both = [
      { field: 'status', errorCode: 'ERR-3006' },
      { field: 'amount', errorCode: 'ERR-3005' },
    ];
    expect(() => checkVerdict(validation(both), expected)).not.toThrow();
    expect(() => checkVerdict(validation(both, 'ERR-3005'), expected)).toThrow(/first failure/);
    expect(() => checkVerdict(validation(both.slice(0, 1)), expected)).toThrow(/missing: amount ERR-3005/);
    expect(() => checkVerdict(response(201, { uuid: crypto.randomUUID() }), expected)).toThrow(
      PropertyViolation,
    );
    const generic = response(400, {
      status: 400,
      errorCode: 'ERR-3006',
      title: 'Bad Request',
      errors: both.map((e) => ({ ...e, message: '' })),
    });
    expect(() => checkVerdict(generic, expected)).toThrow(/title/);
    const unprocessable = response(422, {
      status: 422,
      errorCode: 'ERR-3006',
      title: 'validation',
      errors: [],
    });
    expect(() => checkVerdict(unprocessable, expected)).toThrow(/got HTTP 422/);
  });
});

test.describe('events and errors', () => {
  test('GET may add fields and write amounts as strings; a changed or missing field is caught', () => {
    const sent = {
      externalId: 'e',
      amount: 12.5,
      multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 1 }],
    };
    expect(
      differingFields(
        {
          ...sent,
          amount: '12.50',
          multiCurrencyAmounts: [{ currencyCode: 'USD', amount: '1.00' }],
          uuid: 'u',
        },
        sent,
      ),
    ).toEqual([]);
    expect(differingFields({ externalId: 'e', amount: 12.49, multiCurrencyAmounts: [] }, sent)).toEqual([
      'amount',
      'multiCurrencyAmounts',
    ]);
    expect(checkSameEvent(response(200, { ...sent, uuid: 'u', createdAt: 't' }), sent)).toEqual([
      'uuid',
      'createdAt',
    ]);
    expect(() => checkSameEvent(response(200, { externalId: 'e', amount: 12.5 }), sent)).toThrow(
      /multiCurrencyAmounts/,
    );
  });

  test('checkError wants the status of the code, a JSON body and that code', () => {
    const notFound = { status: 404, errorCode: 'ERR-4002', title: 'Not found' };
    expect(() => checkError(response(404, notFound), 'ERR-4002')).not.toThrow();
    expect(() =>
      checkError(response(403, { ...notFound, status: 403, errorCode: 'ERR-1003' }), 'ERR-4002'),
    ).toThrow(/expected HTTP 404/);
    expect(() => checkError(response(404, 'Not Found', 'text/plain'), 'ERR-4002')).toThrow(/JSON/);
    expect(() => checkError(response(404, { ...notFound, status: '404' }), 'ERR-4002')).toThrow(
      PropertyViolation,
    );
  });
});

test('the replay text gives FC_SEED, FC_PATH and a --grep that matches the title literally', () => {
  const title = "ISOLATION-GET: for any sequence of A's creates (model-based)";
  const text = replayInstructions(title, -123, '4:0:2', ["KIT_REFERENCE_MUTANT='x'"]);
  expect(text).toContain(
    `KIT_REFERENCE_MUTANT='x' FC_SEED=-123 FC_PATH=4:0:2 npx tsx scripts/conformance.ts --grep 'ISOLATION-GET: for any sequence of A'\\''s creates \\(model-based\\)'`,
  );
  expect(text).toContain(`FC_SEED=-123 npx tsx scripts/conformance.ts`);
  expect(/ISOLATION-GET: for any sequence of A's creates \(model-based\)/.test(title)).toBe(true);
  expect(replayInstructions(title, 5, null)).not.toContain('FC_PATH');
  expect(replayInstructions(title, 5, '1:2', [], 'CDL:F')).toContain(
    "FC_SEED=5 FC_PATH=1:2 FC_REPLAY_PATH='CDL:F' npx",
  );
  expect(commandsReplayPath({ FC_REPLAY_PATH: 'CDL:F' })).toBeUndefined();
  expect(commandsReplayPath({ FC_PATH: '1:2', FC_REPLAY_PATH: 'CDL:F' })).toBe('CDL:F');
});
