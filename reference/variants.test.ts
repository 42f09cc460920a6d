/**
 * The reference's variants (variants.ts), coherent other readings of the gaps: enough of them, every
 * reading taken by one, and each keeping every stated rule of the spec.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { buildReferenceApp } from './app.ts';
import {
  ABSENT_CONTAINER_READINGS,
  AMOUNT_FORMAT_READINGS,
  BLANK_STRING_READINGS,
  CONTENT_TYPE_READINGS,
  DEFAULT_BEHAVIOUR,
  EMPTY_STRING_READINGS,
  ERROR_DETAIL_READINGS,
  ERRORS_ORDER_READINGS,
  EVENT_ENVELOPE_READINGS,
  FIELD_PATH_READINGS,
  GET_EXTRA_FIELDS_READINGS,
  HEADER_PRECEDENCE_READINGS,
  ITEMS_ORDER_READINGS,
  LISTING_READINGS,
  NON_UUID_PATH_READINGS,
  NULL_FIELD_READINGS,
  OTHER_TYPE_FIELD_READINGS,
  PUT_SEMANTICS_READINGS,
  PUT_SUCCESS_READINGS,
  QUERY_PARAMETER_READINGS,
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_BODY_READINGS,
  REQUIRED_FIELDS_READINGS,
  type ReferenceBehaviour,
  TOKEN_OF_OTHER_TENANT_READINGS,
  UNKNOWN_FIELD_READINGS,
  UNKNOWN_PAYLOAD_FIELD_READINGS,
  UNSUPPORTED_METHOD_READINGS,
  VERSIONS_READINGS,
  WRONG_JSON_TYPE_READINGS,
} from './behaviour.ts';
import { resolveBehaviour } from './resolve-behaviour.ts';
import { Readings } from './test-support/named-readings.ts';
import {
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  type Harness,
  payinEvent,
  payoutEvent,
  send,
  withHarness,
} from './test-support/reference-app.ts';
import { VARIANT_NAMES, VARIANTS } from './variants.ts';

/**
 * The event a GET shows, read in every way the readings allow: unwrapped from an envelope, amounts as
 * numbers (a decimal string is the same amount).
 */
const eventShown = (body: Record<string, unknown>): Record<string, unknown> => {
  const event = { ...((body.data as Record<string, unknown> | undefined) ?? body) };
  if (typeof event.amount === 'string') event.amount = Number(event.amount);
  if (Array.isArray(event.multiCurrencyAmounts)) {
    event.multiCurrencyAmounts = event.multiCurrencyAmounts.map((item: Record<string, unknown>) =>
      typeof item.amount === 'string' ? { ...item, amount: Number(item.amount) } : item,
    );
  }
  return event;
};

/** A status read as the one class of statuses a fact allows, or as itself when outside it. */
const statusWithin = (status: number, allowed: (status: number) => boolean, name: string): string | number =>
  allowed(status) ? name : status;

/**
 * A compact check of the stated rules that every reading must keep. Each variant must pass it; the
 * conformance suite is the full version of this. Where a reading restricts a value the spec leaves
 * open (originalStatus, personal id types), the event takes one the reading allows.
 */
const statedRulesHold = async (h: Harness, facts: Readings): Promise<void> => {
  const { app, a, b } = h;
  const { originalStatusValues, personalIdTypes } = app.reference.behaviour;
  // PENDING: a reading may hold a BOOKED event final, refusing the update below.
  const event = payoutEvent({
    status: 'PENDING',
    ...(originalStatusValues === 'any' ? {} : { originalStatus: originalStatusValues[0] }),
    ...(personalIdTypes === 'any'
      ? {}
      : { payload: { ...(payoutEvent().payload as object), beneficiaryPersonalIdType: personalIdTypes[0] } }),
  });
  const created = await a.post(event);
  facts.fact('created: status', created.status, 201);
  const uuid = created.body?.uuid as string;
  const fetched = await a.get(uuid);
  facts.fact('read back: status', fetched.status, 200);
  facts.fact(
    'read back: the event sent',
    eventShown(fetched.body ?? {}),
    expect.objectContaining({ ...event, uuid }),
  );
  facts.simpleError('the same externalId again', await a.post(event), 400, 'ERR-4001');
  facts.fact('the same externalId by tenant B: status', (await b.post(event)).status, 201);
  facts.simpleError("tenant B reads A's event", await b.get(uuid), 404, 'ERR-4002');
  facts.simpleError("tenant B updates A's event", await b.put(uuid, payoutEvent()), 404, 'ERR-4002');
  facts.simpleError('an unknown uuid', await a.get(crypto.randomUUID()), 404, 'ERR-4002');
  const updated = await a.put(uuid, { ...event, amount: 3 });
  facts.fact(
    'updated: status',
    statusWithin(updated.status, (s) => s >= 200 && s < 300, '2xx'),
    '2xx',
  );
  facts.fact('updated: the amount read back', eventShown((await a.get(uuid)).body ?? {}).amount, 3);
  // all failures, any order, any notation
  const invalid = await a.post(
    payinEvent({ externalId: '', countryCode: 'deu', payload: { channel: 'X', beneficiaryName: 'b' } }),
  );
  facts.fact('four invalid fields: status', invalid.status, 400);
  facts.structuredError('four invalid fields: the error body', invalid);
  facts.fact(
    'four invalid fields: the 7.2 body',
    {
      title: invalid.body?.title,
      errorCode: invalid.body?.errorCode,
      codes: (invalid.body?.errors ?? []).map((e: { errorCode: string }) => e.errorCode).sort(),
    },
    {
      title: expect.stringMatching(/validation errors/i),
      errorCode: invalid.body?.errors?.[0]?.errorCode,
      codes: ['ERR-3001', 'ERR-3003', 'ERR-3009', 'ERR-3011'],
    },
  );
  facts.fact(
    'an unknown payload property: status',
    (await a.post(payinEvent({ payload: { foo: 1 } }))).status,
    400,
  );
  facts.fact('an empty payload: status', (await a.post(payinEvent({ payload: {} }))).status, 201);
  // headers
  facts.simpleError(
    'no access token',
    await a.get(uuid, { 'x-client-id': a.tenant.clientId }),
    401,
    'ERR-1001',
  );
  facts.simpleError(
    'no client id',
    await a.get(uuid, { 'x-access-token': a.tenant.accessToken }),
    400,
    'ERR-2001',
  );
  facts.simpleError(
    'an unknown client id',
    await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-client-id': 'x' }),
    400,
    'ERR-2002',
  );
  facts.simpleError(
    'an unknown access token',
    await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-access-token': 'svc_test_x' }),
    401,
    'ERR-1002',
  );
  const foreign = await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-client-id': b.tenant.clientId });
  facts.fact(
    "A's token with B's client id: status",
    statusWithin(foreign.status, (s) => s === 401 || s === 403, '401 or 403'),
    '401 or 403',
  );
  facts.structuredError("A's token with B's client id: the error body", foreign);
  // malformed JSON is a structured 4xx
  const malformed = await send(app, {
    method: 'POST',
    url: EVENTS_PATH,
    headers: { ...credentialHeaders(a.tenant), 'content-type': 'application/json' },
    payload: '{',
  });
  facts.fact('malformed JSON: status', malformed.status, 400);
  facts.structuredError('malformed JSON: the error body', malformed);
  const nonUuid = await send(app, {
    method: 'GET',
    url: eventUrl('x'),
    headers: credentialHeaders(a.tenant),
  });
  facts.fact(
    'a path id that is no uuid: status',
    statusWithin(nonUuid.status, (s) => s < 500, 'below 500'),
    'below 500',
  );
};

const rateLimitHolds = async (h: Harness, facts: Readings): Promise<void> => {
  const served: number[] = [];
  for (let i = 0; i < 3; i += 1) served.push((await h.rateLimited.get(crypto.randomUUID())).status);
  facts.fact('the rate-limit tenant within its limit: statuses', served, [404, 404, 404]);
  const limited = await h.rateLimited.get(crypto.randomUUID());
  facts.fact('over the limit: status', limited.status, 429);
  facts.structuredError('over the limit: the error body', limited);
  facts.fact(
    'over the limit: retry or rate-limit headers',
    Object.keys(limited.headers).filter((n) => /retry|ratelimit/i.test(n)),
    [],
  );
  facts.fact('tenant A meanwhile: status', (await h.a.get(crypto.randomUUID())).status, 404);
};

test.describe('reference: variants (coherent other readings)', () => {
  test('there are at least 8 named variants, each a valid behaviour, and unknown names are refused', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(VARIANT_NAMES).size).toBe(VARIANTS.length);
    // One expect for every variant's facts: each expect is a step Playwright reports with its stack.
    const invalid = VARIANTS.flatMap((variant) => {
      const problems: string[] = [];
      if (variant.description.length <= 10) problems.push('a description of 10 characters or fewer');
      if (Object.keys(variant.behaviour).length === 0) problems.push('no behaviour of its own');
      try {
        resolveBehaviour(variant.behaviour);
      } catch (error) {
        problems.push(`a behaviour refused: ${(error as Error).message}`);
      }
      return problems.map((problem) => `${variant.name}: ${problem}`);
    });
    expect(invalid).toEqual([]);
    expect(() => buildReferenceApp({ variant: 'nope' })).toThrow(
      /Unknown reference variant "nope". Known variants: put-no-content/,
    );
  });

  test('at least 25 variants, the five whole-stack ones among them', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(25);
    const wholeStack = ['spring-like', 'dotnet-like', 'express-ajv-like', 'fastapi-like', 'go-like'];
    expect(wholeStack.filter((name) => !VARIANT_NAMES.includes(name))).toEqual([]);
  });

  test('every reading of every enumerated option is taken by the reference or some variant', () => {
    const readings: Record<string, readonly string[]> = {
      putSuccess: PUT_SUCCESS_READINGS,
      putSemantics: PUT_SEMANTICS_READINGS,
      getExtraFields: GET_EXTRA_FIELDS_READINGS,
      eventEnvelope: EVENT_ENVELOPE_READINGS,
      amountFormat: AMOUNT_FORMAT_READINGS,
      absentContainers: ABSENT_CONTAINER_READINGS,
      emptyStrings: EMPTY_STRING_READINGS,
      blankStrings: BLANK_STRING_READINGS,
      itemsOrder: ITEMS_ORDER_READINGS,
      nullFields: NULL_FIELD_READINGS,
      errorsOrder: ERRORS_ORDER_READINGS,
      fieldPath: FIELD_PATH_READINGS,
      unknownPayloadPropertyField: UNKNOWN_PAYLOAD_FIELD_READINGS,
      otherTypeFieldReportedOn: OTHER_TYPE_FIELD_READINGS,
      wrongJsonType: WRONG_JSON_TYPE_READINGS,
      tokenOfOtherTenant: TOKEN_OF_OTHER_TENANT_READINGS,
      headerPrecedence: HEADER_PRECEDENCE_READINGS,
      rateLimitAlgorithm: RATE_LIMIT_ALGORITHMS,
      rateLimitBody: RATE_LIMIT_BODY_READINGS,
      unknownTopLevelFields: UNKNOWN_FIELD_READINGS,
      requiredFields: REQUIRED_FIELDS_READINGS,
      contentType: CONTENT_TYPE_READINGS,
      nonUuidPathId: NON_UUID_PATH_READINGS,
      unsupportedMethod: UNSUPPORTED_METHOD_READINGS,
      listing: LISTING_READINGS,
      versions: VERSIONS_READINGS,
      unknownQueryParameters: QUERY_PARAMETER_READINGS,
      errorDetail: ERROR_DETAIL_READINGS,
    };
    const behaviours = [DEFAULT_BEHAVIOUR, ...VARIANTS.map((v) => resolveBehaviour(v.behaviour))];
    const untaken = Object.entries(readings).flatMap(([option, values]) => {
      const taken = new Set(behaviours.map((b) => (b as unknown as Record<string, string>)[option]));
      return values.filter((value) => !taken.has(value)).map((value) => `${option}: ${value}`);
    });
    expect(untaken).toEqual([]);
  });

  test('every gap option is read differently by at least one variant', () => {
    const readAlike = (Object.keys(DEFAULT_BEHAVIOUR) as (keyof ReferenceBehaviour)[]).filter(
      (key) =>
        !VARIANTS.some(
          (v) =>
            key in v.behaviour && JSON.stringify(v.behaviour[key]) !== JSON.stringify(DEFAULT_BEHAVIOUR[key]),
        ),
    );
    expect(readAlike).toEqual([]);
  });

  test('a variant is started by name; explicit behaviour overlays it', async () => {
    const app = buildReferenceApp({ variant: 'put-no-content', behaviour: { getExtraFields: 'none' } });
    expect(app.reference.variant).toBe('put-no-content');
    expect(app.reference.behaviour.putSuccess).toBe('no-content-204');
    expect(app.reference.behaviour.getExtraFields).toBe('none');
    await app.close();
  });

  for (const variant of [undefined, ...VARIANT_NAMES]) {
    test(`variant ${variant ?? '(reference)'} keeps every stated rule`, async () => {
      const facts = new Readings();
      await withHarness({ variant, rateLimit: { requestsPerWindow: 3, windowSeconds: 60 } }, (h) =>
        rateLimitHolds(h, facts),
      );
      await withHarness({ variant }, (h) => statedRulesHold(h, facts));
      facts.expectAll();
    });
  }
});

/** A variant's row of reference/README.md: its name, its description, then each option it sets. */
const readmeRowOf = (variant: (typeof VARIANTS)[number]): string => {
  const options = Object.entries(variant.behaviour)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
  return `| \`${variant.name}\` | ${variant.description} (${options}) |`;
};

test('reference/README.md gives each variant its description and options as variants.ts declares them', () => {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  expect(VARIANTS.filter((variant) => !readme.includes(readmeRowOf(variant))).map((v) => v.name)).toEqual([]);
});
