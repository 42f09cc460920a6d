/**
 * The reference's variants (variants.ts), coherent other readings of the gaps: enough of them, every
 * reading taken by one, and each keeping every stated rule of the spec.
 */
import { expect, test } from '@playwright/test';
import { buildReferenceApp } from './app.ts';
import {
  AMOUNT_FORMAT_READINGS,
  CONTENT_TYPE_READINGS,
  DEFAULT_BEHAVIOUR,
  ERRORS_ORDER_READINGS,
  EVENT_ENVELOPE_READINGS,
  FIELD_PATH_READINGS,
  GET_EXTRA_FIELDS_READINGS,
  HEADER_PRECEDENCE_READINGS,
  LISTING_READINGS,
  NON_UUID_PATH_READINGS,
  PUT_SEMANTICS_READINGS,
  PUT_SUCCESS_READINGS,
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
import {
  credentialHeaders,
  EVENTS_PATH,
  eventUrl,
  expectSimpleError,
  expectStructuredError,
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

/**
 * A compact check of the stated rules that every reading must keep. Each variant must pass it; the
 * conformance suite is the full version of this. Where a reading restricts a value the spec leaves
 * open (originalStatus, personal id types), the event takes one the reading allows.
 */
const statedRulesHold = async (h: Harness): Promise<void> => {
  const { app, a, b } = h;
  const { originalStatusValues, personalIdTypes } = app.reference.behaviour;
  const event = payoutEvent({
    ...(originalStatusValues === 'any' ? {} : { originalStatus: originalStatusValues[0] }),
    ...(personalIdTypes === 'any'
      ? {}
      : { payload: { ...(payoutEvent().payload as object), beneficiaryPersonalIdType: personalIdTypes[0] } }),
  });
  const created = await a.post(event);
  expect(created.status).toBe(201);
  const uuid = created.body.uuid as string;
  const fetched = await a.get(uuid);
  expect(fetched.status).toBe(200);
  expect(eventShown(fetched.body)).toEqual(expect.objectContaining({ ...event, uuid }));
  expectSimpleError(await a.post(event), 400, 'ERR-4001');
  expect((await b.post(event)).status).toBe(201);
  expectSimpleError(await b.get(uuid), 404, 'ERR-4002');
  expectSimpleError(await b.put(uuid, payoutEvent()), 404, 'ERR-4002');
  expectSimpleError(await a.get(crypto.randomUUID()), 404, 'ERR-4002');
  const updated = await a.put(uuid, { ...event, amount: 3 });
  expect(updated.status).toBeGreaterThanOrEqual(200);
  expect(updated.status).toBeLessThan(300);
  expect(eventShown((await a.get(uuid)).body).amount).toBe(3);
  // all failures, any order, any notation
  const invalid = await a.post(
    payinEvent({ externalId: '', countryCode: 'deu', payload: { channel: 'X', beneficiaryName: 'b' } }),
  );
  expect(invalid.status).toBe(400);
  expectStructuredError(invalid);
  expect(invalid.body.title).toMatch(/validation errors/i);
  expect(invalid.body.errorCode).toBe(invalid.body.errors[0].errorCode);
  expect(invalid.body.errors.map((e: { errorCode: string }) => e.errorCode).sort()).toEqual([
    'ERR-3001',
    'ERR-3003',
    'ERR-3009',
    'ERR-3011',
  ]);
  const unknownProperty = await a.post(payinEvent({ payload: { foo: 1 } }));
  expect(unknownProperty.status).toBe(400);
  expect((await a.post(payinEvent({ payload: {} }))).status).toBe(201);
  // headers
  expectSimpleError(await a.get(uuid, { 'x-client-id': a.tenant.clientId }), 401, 'ERR-1001');
  expectSimpleError(await a.get(uuid, { 'x-access-token': a.tenant.accessToken }), 400, 'ERR-2001');
  expectSimpleError(
    await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-client-id': 'x' }),
    400,
    'ERR-2002',
  );
  expectSimpleError(
    await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-access-token': 'svc_test_x' }),
    401,
    'ERR-1002',
  );
  const foreign = await a.get(uuid, { ...credentialHeaders(a.tenant), 'x-client-id': b.tenant.clientId });
  expect([401, 403]).toContain(foreign.status);
  expectStructuredError(foreign);
  // malformed JSON is a structured 4xx
  const malformed = await send(app, {
    method: 'POST',
    url: EVENTS_PATH,
    headers: { ...credentialHeaders(a.tenant), 'content-type': 'application/json' },
    payload: '{',
  });
  expect(malformed.status).toBe(400);
  expectStructuredError(malformed);
  expect(
    (await send(app, { method: 'GET', url: eventUrl('x'), headers: credentialHeaders(a.tenant) })).status,
  ).toBeLessThan(500);
};

const rateLimitHolds = async (h: Harness): Promise<void> => {
  for (let i = 0; i < 3; i += 1) expect((await h.rateLimited.get(crypto.randomUUID())).status).toBe(404);
  const limited = await h.rateLimited.get(crypto.randomUUID());
  expect(limited.status).toBe(429);
  expectStructuredError(limited);
  expect(Object.keys(limited.headers).filter((n) => /retry|ratelimit/i.test(n))).toEqual([]);
  expect((await h.a.get(crypto.randomUUID())).status).toBe(404);
};

test.describe('reference: variants (coherent other readings)', () => {
  test('there are at least 8 named variants, each a valid behaviour, and unknown names are refused', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(VARIANT_NAMES).size).toBe(VARIANTS.length);
    for (const variant of VARIANTS) {
      expect(variant.description.length).toBeGreaterThan(10);
      expect(Object.keys(variant.behaviour).length).toBeGreaterThan(0);
      expect(() => resolveBehaviour(variant.behaviour)).not.toThrow();
    }
    expect(() => buildReferenceApp({ variant: 'nope' })).toThrow(
      /Unknown reference variant "nope". Known variants: put-no-content/,
    );
  });

  test('at least 25 variants, the five whole-stack ones among them', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(25);
    for (const name of ['spring-like', 'dotnet-like', 'express-ajv-like', 'fastapi-like', 'go-like']) {
      expect(VARIANT_NAMES).toContain(name);
    }
  });

  test('every reading of every enumerated option is taken by the reference or some variant', () => {
    const readings: Record<string, readonly string[]> = {
      putSuccess: PUT_SUCCESS_READINGS,
      putSemantics: PUT_SEMANTICS_READINGS,
      getExtraFields: GET_EXTRA_FIELDS_READINGS,
      eventEnvelope: EVENT_ENVELOPE_READINGS,
      amountFormat: AMOUNT_FORMAT_READINGS,
      errorsOrder: ERRORS_ORDER_READINGS,
      fieldPath: FIELD_PATH_READINGS,
      unknownPayloadPropertyField: UNKNOWN_PAYLOAD_FIELD_READINGS,
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
    };
    for (const [option, values] of Object.entries(readings)) {
      const taken = new Set(
        [DEFAULT_BEHAVIOUR, ...VARIANTS.map((v) => resolveBehaviour(v.behaviour))].map(
          (b) => (b as unknown as Record<string, string>)[option],
        ),
      );
      for (const value of values) expect(taken.has(value), `${option}: ${value}`).toBe(true);
    }
  });

  test('every gap option is read differently by at least one variant', () => {
    for (const key of Object.keys(DEFAULT_BEHAVIOUR) as (keyof ReferenceBehaviour)[]) {
      const differs = VARIANTS.some(
        (v) =>
          key in v.behaviour && JSON.stringify(v.behaviour[key]) !== JSON.stringify(DEFAULT_BEHAVIOUR[key]),
      );
      expect(differs, key).toBe(true);
    }
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
      await withHarness({ variant, rateLimit: { requestsPerWindow: 3, windowSeconds: 60 } }, async (h) => {
        await rateLimitHolds(h);
      });
      await withHarness({ variant }, statedRulesHold);
    });
  }
});
