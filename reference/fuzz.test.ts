import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ERROR_CODE_PATTERN, EVENT_FIELDS, EVENTS_PATH } from '../spec/index.ts';
import { COUNTRY_CODES, CURRENCY_CODES } from './iso-codes.ts';
import {
  type Answer,
  eventUrl,
  type Harness,
  harness,
  payinEvent,
  payoutEvent,
  send,
} from './test-support/reference-app.ts';

/**
 * Property tests: whatever arrives, the server answers below 500 with a structured JSON error body
 * (part 7), and whatever valid event arrives comes back from GET exactly as sent.
 */

let h: Harness;
let existing: string;
test.beforeAll(async () => {
  h = harness({ rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 } });
  existing = await h.a.create();
});
test.afterAll(() => h.app.close());

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });

const headerArb = (valid: () => string, other: () => string) =>
  fc
    .oneof(
      fc.constant(undefined),
      fc.constant(''),
      fc.constant('valid'),
      fc.constant('valid'),
      fc.constant('other'),
      printable,
    )
    .map((choice) => (choice === 'valid' ? valid() : choice === 'other' ? other() : choice));

/** A valid event with some fields replaced, removed or added, at the top level or in the payload. */
const mutatedEvent = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.tuple(
        fc.constantFrom(
          ...EVENT_FIELDS,
          'payload.channel',
          'payload.payerName',
          'payload.beneficiaryName',
          'extra',
          '__proto__',
          'constructor',
        ),
        fc.oneof(
          fc.constant('DELETE'),
          fc.jsonValue({ maxDepth: 3 }),
          fc.constantFrom(0, -1, '', 'de', 'eur', null, [], {}),
        ),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([payin, changes]) => {
    const event: Record<string, unknown> = payin ? payinEvent() : payoutEvent();
    for (const [path, value] of changes) {
      const inPayload = path.startsWith('payload.');
      const target =
        inPayload &&
        event.payload !== null &&
        typeof event.payload === 'object' &&
        !Array.isArray(event.payload)
          ? (event.payload as Record<string, unknown>)
          : event;
      const key = path.replace(/^payload\./, '');
      if (value === 'DELETE') delete target[key];
      // A copy: fast-check hands out the same `{}` and `[]` every time, and the payload given one
      // and then a field of it the same one would hold itself (and the next runs would see it).
      else
        Object.defineProperty(target, key, {
          value: structuredClone(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return JSON.stringify(event);
  });

// Built where the fuzz test runs, not as the file loads: the binary unit's first use in a process builds
// a table of every code point (seconds of CPU), which every process that loads the file (the runner
// listing the tests, each worker) would pay for, used or not.
const bodyArb = () =>
  fc.oneof(
    { weight: 4, arbitrary: mutatedEvent },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(mutatedEvent, fc.nat())
        .map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const requestArb = () =>
  fc.record({
    method: fc.constantFrom('POST', 'POST', 'PUT', 'PUT', 'GET', 'GET', 'DELETE', 'PATCH'),
    path: fc.oneof(
      fc.constant('collection'),
      fc.constant('existing'),
      fc.constant('random-uuid'),
      printable.map((s) => `${EVENTS_PATH}/${encodeURIComponent(s)}`),
      printable.map((s) => `/${encodeURIComponent(s)}`),
    ),
    // most requests authenticate, so that their bodies reach the validator; the rest have odd headers
    credentials: fc.oneof(
      { weight: 3, arbitrary: fc.constant({ token: 'valid', clientId: 'valid' }) },
      {
        weight: 2,
        arbitrary: fc.record({
          token: headerArb(
            () => h.a.tenant.accessToken,
            () => h.b.tenant.accessToken.replace('svc_test_', 'svc_live_'),
          ),
          clientId: headerArb(
            () => h.a.tenant.clientId,
            () => h.b.tenant.clientId,
          ),
        }),
      },
    ),
    contentType: fc.constantFrom(
      undefined,
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      '',
    ),
    body: bodyArb(),
    remoteAddress: fc.constantFrom('127.0.0.1', '127.0.0.1', '127.0.0.1', '::1', '10.9.8.7'),
  });

const urlOf = (path: string): string =>
  path === 'collection'
    ? EVENTS_PATH
    : path === 'existing'
      ? eventUrl(existing)
      : path === 'random-uuid'
        ? eventUrl(crypto.randomUUID())
        : path;

/**
 * What part 7 asks of any answer, as the list of what this one breaks: one expect a run, where an
 * expect a fact cost more CPU than the request (Playwright reports each as a step, with its stack).
 */
const errorBodyProblems = (answer: Answer): string[] => {
  const problems: string[] = [];
  const check = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  check(answer.status < 500, `status ${answer.status} is a 5xx`);
  if (answer.status === 204) return problems;
  check(String(answer.headers['content-type']).includes('application/json'), 'the content type is not JSON');
  check(answer.body !== undefined, 'the body is not JSON');
  if (answer.status < 400 || answer.body === undefined) return problems;
  check(answer.body.status === answer.status, "the body's status is not the answer's");
  check(ERROR_CODE_PATTERN.test(answer.body.errorCode), `errorCode ${answer.body.errorCode} is not ERR-nnnn`);
  check(typeof answer.body.title === 'string', 'the title is not a string');
  if (answer.body.errors === undefined) return problems;
  check(answer.body.errors.length > 0, 'errors is empty');
  check(answer.body.errorCode === answer.body.errors[0]?.errorCode, "errorCode is not the first item's");
  for (const item of answer.body.errors) {
    check(typeof item.field === 'string', `an item's field ${item.field} is not a string`);
    check(ERROR_CODE_PATTERN.test(item.errorCode), `an item's errorCode ${item.errorCode} is not ERR-nnnn`);
    check(typeof item.message === 'string', `an item's message ${item.message} is not a string`);
  }
  return problems;
};

test('ERROR-BODY-SHAPE (fuzz): no request, however broken, gets a 5xx or an unstructured error', async () => {
  await fc.assert(
    fc.asyncProperty(requestArb(), async (input) => {
      const headers: Record<string, string> = {};
      const { token, clientId } = input.credentials;
      if (token !== undefined) headers['x-access-token'] = token === 'valid' ? h.a.tenant.accessToken : token;
      if (clientId !== undefined)
        headers['x-client-id'] = clientId === 'valid' ? h.a.tenant.clientId : clientId;
      if (input.contentType !== undefined) headers['content-type'] = input.contentType;
      const answer = await send(h.app, {
        method: input.method as 'POST',
        url: urlOf(input.path),
        headers,
        remoteAddress: input.remoteAddress,
        ...(input.body === undefined || input.method === 'GET' ? {} : { payload: input.body }),
      });
      // A throw, not an expect, in each of the 300 runs: fast-check shrinks and reports it the same way.
      const problems = errorBodyProblems(answer);
      if (problems.length > 0) throw new Error(`${problems.join('; ')}; the answer: ${answer.text}`);
    }),
    { numRuns: 300 },
  );
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
});

const validEventArb = fc
  .record({
    externalId: fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }),
    payin: fc.boolean(),
    countryCode: fc.constantFrom(...COUNTRY_CODES),
    currencyCode: fc.constantFrom(...CURRENCY_CODES),
    amount: fc.double({ min: Number.MIN_VALUE, max: 1e12, noNaN: true }),
    status: fc.constantFrom('PENDING', 'REJECTED', 'BOOKED'),
    originalStatus: fc.option(fc.string({ unit: 'grapheme', maxLength: 30 }), { nil: undefined }),
    channel: fc.option(fc.constantFrom('CASH', 'ONLINE', 'CRYPTO'), { nil: undefined }),
    name: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
    items: fc.option(
      fc.array(
        fc.record({
          currencyCode: fc.constantFrom(...CURRENCY_CODES),
          amount: fc.double({ min: Number.MIN_VALUE, max: 1e9, noNaN: true }),
        }),
        { maxLength: 4 },
      ),
      { nil: undefined },
    ),
  })
  .map((r) => {
    const payload: Record<string, unknown> = {};
    if (r.channel !== undefined) payload.channel = r.channel;
    if (r.name !== undefined) payload[r.payin ? 'payerName' : 'beneficiaryName'] = r.name;
    const event: Record<string, unknown> = {
      externalId: r.externalId,
      type: r.payin ? 'INTERNAL_PAYIN' : 'INTERNAL_PAYOUT',
      countryCode: r.countryCode,
      currencyCode: r.currencyCode,
      amount: r.amount,
      status: r.status,
      payload,
    };
    if (r.originalStatus !== undefined) event.originalStatus = r.originalStatus;
    if (r.items !== undefined) event.multiCurrencyAmounts = r.items;
    return event;
  });

/**
 * Throws, showing both, unless what was answered is what must be, compared as JSON values are (an
 * undefined property is absent, and fast-check's records may have no prototype): as toEqual compares.
 */
const sameOrThrow = (answered: unknown, expected: unknown): void => {
  const [answeredText, expectedText] = [JSON.stringify(answered), JSON.stringify(expected)];
  if (!isDeepStrictEqual(JSON.parse(answeredText), JSON.parse(expectedText)))
    throw new Error(`answered ${answeredText}, expected ${expectedText}`);
};

test('RETRIEVE-RETURNS-EVENT (property): any valid event is created and comes back exactly as sent', async () => {
  const tenant = harness({ rateLimit: { requestsPerWindow: 1_000_000, windowSeconds: 60 } });
  try {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(validEventArb, async (event) => {
        const created = await tenant.a.post(event);
        // A throw, not an expect, in each of the 200 runs (an expect is a step Playwright reports with
        // its stack): what was answered against what must be, which fast-check shows with its case.
        if (seen.has(event.externalId as string)) {
          sameOrThrow(
            { status: created.status, errorCode: created.body?.errorCode },
            {
              status: 400,
              errorCode: 'ERR-4001',
            },
          );
          return;
        }
        seen.add(event.externalId as string);
        const fetched = created.status === 201 ? await tenant.a.get(created.body.uuid) : undefined;
        sameOrThrow(
          { status: created.status, fetched: fetched?.body, answer: created.text },
          { status: 201, fetched: { ...event, uuid: created.body?.uuid }, answer: created.text },
        );
      }),
      { numRuns: 200 },
    );
  } finally {
    await tenant.app.close();
  }
});
