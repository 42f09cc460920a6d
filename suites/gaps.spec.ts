/**
 * Where the spec is silent: every consistent reading is accepted, and the one the target chose is
 * recorded as an observation. What the spec does say still holds here: a malformed request is a 400
 * (part 7.4), every non-2xx body is structured (part 7, checked for every test), nothing is a 5xx.
 */
import { EVENTS_PATH, eventPath, HEADERS } from '../spec/index.ts';
import { because, expectCreated, expectErrorBody } from './support/expectations.ts';
import { expect, test } from './support/fixtures.ts';
import { validPayin, validPayout, withField } from './support/sample-events.ts';
import type { ServiceResponse } from './support/service-client.ts';

const summary = (response: ServiceResponse): string => {
  const code = (response.json as { errorCode?: string } | undefined)?.errorCode;
  return `${response.status}${code ? ` ${code}` : ''}`;
};

const expectAnsweredCleanly = (response: ServiceResponse, what: string): void => {
  expect(response.status, because(response, `${what}: the service must answer, not fail`)).toBeLessThan(500);
  if (response.status >= 300) expectErrorBody(response);
};

test.describe('readings of the gaps', { tag: ['@validation'] }, () => {
  test('GAP-MALFORMED-JSON: a body that is not JSON gives 400 with a structured error', async ({
    tenantA,
    observe,
  }) => {
    for (const [label, raw] of [
      ['truncated JSON', '{"externalId": "x", "amount": '],
      ['not JSON at all', 'externalId=x&amount=1'],
    ] as const) {
      const response = await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: raw });
      expect(response.status, because(response, `${label}: a malformed request is a 400 (part 7.4)`)).toBe(
        400,
      );
      expectErrorBody(response);
      await observe('GAP-MALFORMED-JSON', `${label} gives ${summary(response)}`);
    }
  });

  test('GAP-MALFORMED-JSON: a JSON body that is not an object gives 400', async ({ tenantA, observe }) => {
    for (const raw of ['[]', '"event"', 'null', '42']) {
      const response = await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: raw });
      expect(response.status, because(response, `${raw}: an event must be a JSON object`)).toBe(400);
      expectErrorBody(response);
      await observe('GAP-MALFORMED-JSON', `JSON ${raw} gives ${summary(response)}`);
    }
  });

  test('GAP-WRONG-JSON-TYPE: a field of the wrong JSON type gives 400', async ({
    tenantA,
    runId,
    observe,
  }) => {
    const cases: [string, unknown][] = [
      ['amount', '125.50'],
      ['externalId', 42],
      ['multiCurrencyAmounts', { currencyCode: 'USD', amount: 1 }],
      ['payload', 'ONLINE'],
      ['status', ['PENDING']],
    ];
    for (const [field, value] of cases) {
      const response = await tenantA.create(withField(validPayin(runId, 'wrong-type'), field, value));
      expect(response.status, because(response, `${field} as ${JSON.stringify(value)} must be refused`)).toBe(
        400,
      );
      expectErrorBody(response);
      await observe('GAP-WRONG-JSON-TYPE', `${field} of the wrong type gives ${summary(response)}`);
    }
  });

  test('GAP-EXTRA-TOP-LEVEL-FIELDS: an unknown top-level field is refused, dropped or kept', async ({
    tenantA,
    runId,
    observe,
  }) => {
    const event = { ...validPayout(runId, 'extra-field'), internalNote: 'kit' };
    const response = await tenantA.create(event);
    expectAnsweredCleanly(response, 'an unknown top-level field');
    if (response.status === 201) {
      const uuid = expectCreated(response);
      const stored = (await tenantA.retrieve(uuid)).json as Record<string, unknown>;
      await observe(
        'GAP-EXTRA-TOP-LEVEL-FIELDS',
        `accepted and ${'internalNote' in stored ? 'kept' : 'dropped'}`,
      );
    } else {
      expect(response.status, because(response, 'a refusal must be a 400')).toBe(400);
      await observe('GAP-EXTRA-TOP-LEVEL-FIELDS', `refused with ${summary(response)}`);
    }
  });

  test('GAP-REQUIRED-FIELDS: an event of only an externalId is accepted or refused cleanly', async ({
    tenantA,
    runId,
    observe,
  }) => {
    const response = await tenantA.create({ externalId: validPayin(runId, 'minimal').externalId });
    expectAnsweredCleanly(response, 'an event with only an externalId');
    const codes = ((response.json as { errors?: { field: string; errorCode: string }[] })?.errors ?? [])
      .map((e) => `${e.field} ${e.errorCode}`)
      .join(', ');
    await observe(
      'GAP-REQUIRED-FIELDS',
      response.status === 201 ? 'only externalId is required' : `refused: ${codes || summary(response)}`,
    );
  });

  test('GAP-CONTENT-TYPE: a JSON body sent as text/plain, or with no Content-Type, is answered cleanly', async ({
    tenantA,
    runId,
    observe,
  }) => {
    for (const [label, contentType] of [
      ['text/plain', 'text/plain'],
      ['no Content-Type', null],
    ] as const) {
      const response = await tenantA.send({
        method: 'POST',
        path: EVENTS_PATH,
        headers: { [HEADERS.contentType]: contentType },
        rawBody: JSON.stringify(validPayin(runId, 'content-type')),
      });
      expectAnsweredCleanly(response, label);
      await observe('GAP-CONTENT-TYPE', `${label} gives ${summary(response)}`);
    }
  });

  test('GAP-OTHER-OPERATIONS: methods and routes the spec does not list are answered cleanly', {
    tag: ['@readonly'],
  }, async ({ tenantA, observe }) => {
    const probes = [
      { method: 'DELETE', path: eventPath(crypto.randomUUID()) },
      { method: 'GET', path: EVENTS_PATH },
      { method: 'GET', path: '/api/h2h/ingestion/no-such-resource' },
    ];
    for (const probe of probes) {
      const response = await tenantA.send(probe);
      expectAnsweredCleanly(response, `${probe.method} ${probe.path}`);
      await observe(
        'GAP-OTHER-OPERATIONS',
        `${probe.method} ${probe.path.replace(/[0-9a-f-]{36}$/, '{uuid}')} gives ${summary(response)}`,
      );
    }
  });

  test('GAP-FIELD-LIMITS: a long externalId and many multiCurrencyAmounts are answered cleanly', async ({
    tenantA,
    runId,
    observe,
  }) => {
    // Of the same length whatever the run id's, so that the reading is the same from run to run.
    const longId = `${runId}-`.padEnd(1026, 'x');
    const long = await tenantA.create({ ...validPayin(runId), externalId: longId });
    expectAnsweredCleanly(long, 'a 1000-character externalId');
    await observe('GAP-FIELD-LIMITS', `externalId of ${longId.length} characters gives ${summary(long)}`);
    const many = withField(
      validPayout(runId, 'many-mca'),
      'multiCurrencyAmounts',
      Array.from({ length: 200 }, (_, i) => ({ currencyCode: 'USD', amount: i + 1 })),
    );
    const response = await tenantA.create(many);
    expectAnsweredCleanly(response, '200 multiCurrencyAmounts items');
    await observe('GAP-FIELD-LIMITS', `200 multiCurrencyAmounts items give ${summary(response)}`);
  });
});

test.describe('readings of the field gaps', { tag: ['@validation'] }, () => {
  test('GAP-ORIGINAL-STATUS-VALUES: any originalStatus string is accepted or refused cleanly', async ({
    tenantA,
    runId,
    observe,
  }) => {
    for (const originalStatus of ['SETTLED_BY_PARTNER_7', 'en attente', '']) {
      const response = await tenantA.create(
        withField(validPayin(runId, 'original-status'), 'originalStatus', originalStatus),
      );
      expectAnsweredCleanly(response, `originalStatus ${JSON.stringify(originalStatus)}`);
      await observe(
        'GAP-ORIGINAL-STATUS-VALUES',
        `originalStatus ${JSON.stringify(originalStatus)} gives ${summary(response)}`,
      );
    }
  });

  test('GAP-PERSONAL-ID-TYPE-VALUES: any personal id type string is accepted or refused cleanly', async ({
    tenantA,
    runId,
    observe,
  }) => {
    const cases = [
      withField(validPayin(runId, 'id-type'), 'payload.payerPersonalIdType', 'TAX_NUMBER_OF_ATLANTIS'),
      withField(validPayout(runId, 'id-type'), 'payload.beneficiaryPersonalIdType', 'tax-number'),
    ];
    for (const event of cases) {
      const response = await tenantA.create(event);
      expectAnsweredCleanly(response, 'an unusual personal id type');
      await observe(
        'GAP-PERSONAL-ID-TYPE-VALUES',
        `${event.type} with an unusual id type gives ${summary(response)}`,
      );
    }
  });

  test('GAP-422-USE: a PUT moving an event onto another event’s externalId is refused cleanly, 400 or 422', {
    tag: ['@update'],
  }, async ({ tenantA, runId, observe }) => {
    const first = validPayin(runId);
    const second = validPayout(runId);
    expectCreated(await tenantA.create(first));
    const uuid = expectCreated(await tenantA.create(second));
    const response = await tenantA.update(uuid, { ...second, externalId: first.externalId });
    expectAnsweredCleanly(response, 'a PUT onto a taken externalId');
    expect(
      response.status,
      because(response, 'two events of a tenant can never share an externalId'),
    ).toBeGreaterThanOrEqual(400);
    await observe('GAP-422-USE', `PUT onto another event's externalId gives ${summary(response)}`);
  });
});
