import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ERROR_CODE_PATTERN, isRuleId, RATE_LIMIT_HEADER_PATTERN } from '../spec/index.ts';
import { buildReferenceApp } from './app.ts';
import { BODY_LIMIT_BYTES } from './handlers/request-body.ts';
import { MUTANT_NAMES, MUTANTS, type MutantName, mutantsByList } from './mutants.ts';
import {
  type Answer,
  credentialHeaders,
  EVENTS_PATH,
  type Harness,
  jsonHeaders,
  payinEvent,
  payoutEvent,
  send,
  withHarness,
  without,
} from './test-support/reference-app.ts';
import type { ReferenceServerOptions } from './types.ts';

/**
 * Each mutant has a probe: a short check of the rule the mutant breaks. A probe must hold on the
 * reference server and fail on its mutant, which proves the mutant does what it says and the
 * reference does not. The Record type makes a mutant without a probe a compile error.
 */
interface Probe {
  readonly options?: ReferenceServerOptions;
  /** True when the rule holds. */
  holds(h: Harness, clock: { now: number }): Promise<boolean>;
}

const is = (answer: Answer, status: number, errorCode?: string): boolean =>
  answer.status === status && (errorCode === undefined || answer.body?.errorCode === errorCode);

const rejectedWith = async (
  h: Harness,
  event: Record<string, unknown>,
  code: string,
  field?: string,
): Promise<boolean> => {
  const answer = await h.a.post(event);
  return (
    answer.status === 400 &&
    Array.isArray(answer.body?.errors) &&
    answer.body.errors.some(
      (e: { errorCode: string; field: string }) =>
        e.errorCode === code && (field === undefined || e.field === field),
    )
  );
};

/** A payin whose amount is written as this JSON number text (`0.00`, `-0`), which JSON.stringify cannot write. */
const payinWithAmountText = (text: string): string =>
  JSON.stringify(payinEvent({ amount: 7777 })).replace('"amount":7777', `"amount":${text}`);

const refusedAs400 = async (h: Harness, event: Record<string, unknown>): Promise<boolean> =>
  (await h.a.post(event)).status === 400;

const roundTrips = async (h: Harness, event: Record<string, unknown>): Promise<boolean> => {
  const uuid = await h.a.create(event);
  const fetched = await h.a.get(uuid);
  return JSON.stringify(fetched.body) === JSON.stringify({ ...event, uuid });
};

const small = (requestsPerWindow: number): ReferenceServerOptions => ({
  rateLimit: { requestsPerWindow, windowSeconds: 10 },
});

const unknownUuid = (): string => crypto.randomUUID();

/** Tenant A's client id with this token: refused 401 ERR-1002. */
const tokenRefused = async (h: Harness, token: string): Promise<boolean> =>
  is(
    await h.a.get(unknownUuid(), { ...credentialHeaders(h.a.tenant), 'x-access-token': token }),
    401,
    'ERR-1002',
  );

/** A tenant's own secret under the other environment's prefix, with its client id: refused 401 ERR-1002. */
const otherEnvironmentTokenRefused = async (client: Harness['a']): Promise<boolean> =>
  is(
    await client.get(unknownUuid(), {
      ...credentialHeaders(client.tenant),
      'x-access-token': client.tenant.accessToken.replace('svc_test_', 'svc_live_'),
    }),
    401,
    'ERR-1002',
  );

const PROBES: Record<MutantName, Probe> = {
  'client-id-first-of-list': {
    holds: async (h) => {
      const headers = { ...credentialHeaders(h.a.tenant), 'x-client-id': `${h.a.tenant.clientId}, x` };
      return is(await h.a.get(unknownUuid(), headers), 400, 'ERR-2002');
    },
  },
  'client-id-nil-as-absent': {
    holds: async (h) => {
      const nil = '00000000-0000-0000-0000-000000000000';
      const headers = { ...credentialHeaders(h.a.tenant), 'x-client-id': nil };
      return (await h.a.get(unknownUuid(), headers)).status !== 400;
    },
  },
  'client-uuid-honoured': {
    holds: async (h) => {
      const chosen = unknownUuid();
      const answer = await h.a.post({ ...payinEvent(), uuid: chosen });
      return answer.body?.uuid !== chosen;
    },
  },
  'path-id-prefix-match': {
    holds: async (h) => {
      const uuid = await h.a.create(payinEvent());
      return (await h.a.get(uuid.slice(0, 13))).status !== 200;
    },
  },
  'put-body-uuid-wins': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(unknownUuid(), { ...event, amount: 999, uuid });
      return (await h.a.get(uuid)).body?.amount === event.amount;
    },
  },
  'isolation-etag-on-404': {
    holds: async (h) => {
      const uuid = await h.a.create(payinEvent());
      return (await h.b.get(uuid)).headers.etag === undefined;
    },
  },
  'token-missing-gives-1002': {
    holds: async (h) =>
      is(await h.a.get(unknownUuid(), { 'x-client-id': h.a.tenant.clientId }), 401, 'ERR-1001'),
  },
  'token-read-from-authorization': {
    holds: async (h) =>
      is(
        await h.a.get(unknownUuid(), {
          'x-client-id': h.a.tenant.clientId,
          authorization: `Bearer ${h.a.tenant.accessToken}`,
        }),
        401,
        'ERR-1001',
      ),
  },
  'refused-write-applied': {
    holds: async (h) => {
      const wrongToken = { ...jsonHeaders(h.a.tenant), 'x-access-token': 'svc_test_unknown' };
      const { 'x-access-token': _token, ...noToken } = jsonHeaders(h.a.tenant);
      for (const [headers, code] of [
        [wrongToken, 'ERR-1002'],
        [noToken, 'ERR-1001'],
      ] as const) {
        const event = payinEvent();
        if (!is(await h.a.post(event, headers), 401, code)) return false;
        if ((await h.a.post(event)).status !== 201) return false;
      }
      const other = payinEvent({ status: 'PENDING' });
      const uuid = await h.a.create(other);
      await h.a.put(uuid, { ...other, status: 'REJECTED' }, wrongToken);
      return (await h.a.get(uuid)).body?.status === 'PENDING';
    },
  },
  'missing-token-404': {
    holds: async (h) =>
      is(await h.a.get(unknownUuid(), { 'x-client-id': h.a.tenant.clientId }), 401, 'ERR-1001'),
  },
  'token-not-checked-on-get': {
    holds: async (h) => {
      const uuid = await h.a.create();
      return is(await h.a.get(uuid, { 'x-client-id': h.a.tenant.clientId }), 401, 'ERR-1001');
    },
  },
  'token-other-environment-accepted': {
    holds: (h) => otherEnvironmentTokenRefused(h.a),
  },
  'token-header-name-case-sensitive': {
    // The harness names every header in lower case, as HTTP/2 does.
    holds: async (h) => is(await h.a.get(unknownUuid()), 404, 'ERR-4002'),
  },
  'token-header-name-case-sensitive-on-writes': {
    // The harness names every header in lower case, as HTTP/2 does: a POST of a valid event is created.
    holds: async (h) => (await h.a.post(payinEvent())).status === 201,
  },
  'token-other-environment-accepted-for-tenant-b': {
    holds: (h) => otherEnvironmentTokenRefused(h.b),
  },
  'token-prefix-only-checked': {
    holds: (h) => tokenRefused(h, 'svc_test_guess'),
  },
  'tenant-header-not-checked-on-get': {
    holds: async (h) =>
      is(await h.a.get(unknownUuid(), { 'x-access-token': h.a.tenant.accessToken }), 400, 'ERR-2001'),
  },
  'tenant-read-from-x-tenant-id': {
    holds: async (h) =>
      is(
        await h.a.get(unknownUuid(), {
          'x-access-token': h.a.tenant.accessToken,
          'x-tenant-id': h.a.tenant.clientId,
        }),
        400,
        'ERR-2001',
      ),
  },
  'tenant-header-missing-gives-401': {
    holds: async (h) =>
      is(
        await h.a.post(payinEvent(), {
          'x-access-token': h.a.tenant.accessToken,
          'content-type': 'application/json',
        }),
        400,
        'ERR-2001',
      ),
  },
  'tenant-header-format-not-checked': {
    holds: async (h) =>
      is(
        await h.a.get(unknownUuid(), { ...credentialHeaders(h.a.tenant), 'x-client-id': 'tenant-a' }),
        400,
        'ERR-2002',
      ),
  },
  'token-of-other-tenant-accepted': {
    holds: async (h) => {
      const uuid = await h.b.create();
      const answer = await h.a.get(uuid, {
        ...credentialHeaders(h.a.tenant),
        'x-client-id': h.b.tenant.clientId,
      });
      return is(answer, 403, 'ERR-1003');
    },
  },
  'invalid-token-gives-403': {
    holds: async (h) => tokenRefused(h, 'svc_test_nope'),
  },
  'tenant-header-missing-gives-2002': {
    holds: async (h) =>
      is(await h.a.get(unknownUuid(), { 'x-access-token': h.a.tenant.accessToken }), 400, 'ERR-2001'),
  },
  'tenant-header-invalid-gives-401': {
    holds: async (h) =>
      is(
        await h.a.get(unknownUuid(), { ...credentialHeaders(h.a.tenant), 'x-client-id': '12345' }),
        400,
        'ERR-2002',
      ),
  },
  'client-id-not-matched-to-token': {
    holds: async (h) => {
      const answer = await h.a.get(unknownUuid(), {
        ...credentialHeaders(h.a.tenant),
        'x-client-id': h.b.tenant.clientId,
      });
      return is(answer, 403, 'ERR-1003');
    },
  },
  'token-compared-case-insensitively': {
    holds: (h) => tokenRefused(h, h.a.tenant.accessToken.toUpperCase()),
  },
  'token-secret-case-insensitive': {
    holds: (h) => {
      const token = h.a.tenant.accessToken;
      const prefix = token.slice(0, token.indexOf('_', token.indexOf('_') + 1) + 1);
      const secret = token.slice(prefix.length);
      const flipped = secret === secret.toUpperCase() ? secret.toLowerCase() : secret.toUpperCase();
      return tokenRefused(h, `${prefix}${flipped}`);
    },
  },
  'token-first-word': {
    holds: (h) => tokenRefused(h, `${h.a.tenant.accessToken} x`),
  },
  'token-starts-with-compare': {
    holds: (h) => tokenRefused(h, `${h.a.tenant.accessToken}x`),
  },
  'token-compared-over-shorter-length': {
    holds: (h) => tokenRefused(h, h.a.tenant.accessToken.slice(0, -1)),
  },
  'token-bearer-scheme-stripped': {
    holds: (h) => tokenRefused(h, `Bearer ${h.a.tenant.accessToken}`),
  },
  'client-id-upper-case-not-uuid': {
    holds: async (h) =>
      is(
        await h.a.get(unknownUuid(), {
          ...credentialHeaders(h.a.tenant),
          'x-client-id': h.a.tenant.clientId.toUpperCase(),
        }),
        404,
        'ERR-4002',
      ),
  },
  'put-old-external-id-kept-reserved': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, externalId: `renamed-${unknownUuid()}` });
      return (await h.a.post(event)).status === 201;
    },
  },
  'empty-token-skips-authentication': {
    holds: async (h) => {
      const answer = await h.a.get(unknownUuid(), { ...credentialHeaders(h.a.tenant), 'x-access-token': '' });
      return answer.status === 401;
    },
  },
  'external-id-missing-accepted': {
    holds: (h) => rejectedWith(h, without(payinEvent(), 'externalId'), 'ERR-3001', 'externalId'),
  },
  'country-list-before-2010': {
    holds: async (h) => is(await h.a.post(payinEvent({ countryCode: 'SS' })), 201),
  },
  'type-enum-ordinal-accepted': {
    holds: (h) => refusedAs400(h, payinEvent({ type: 1, payload: { channel: 'ONLINE' } })),
  },
  'status-enum-ordinal-accepted': {
    holds: (h) => refusedAs400(h, payinEvent({ status: 2 })),
  },
  'amount-sign-read-after-rounding-to-cents': {
    holds: (h) => rejectedWith(h, payinEvent({ amount: -0.001 }), 'ERR-3005'),
  },
  'country-any-two-letters': {
    holds: (h) => rejectedWith(h, payinEvent({ countryCode: 'JJ' }), 'ERR-3003'),
  },
  'channel-case-insensitive': {
    holds: (h) => rejectedWith(h, payinEvent({ payload: { channel: 'cash' } }), 'ERR-3011'),
  },
  'put-undone-later': {
    holds: async (h) => {
      const uuid = await h.a.create(payinEvent());
      await h.a.put(uuid, payinEvent({ amount: 42 }));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return (await h.a.get(uuid)).body.amount === 42;
    },
  },
  'put-after-refusal-stuck': {
    holds: async (h) => {
      const uuid = await h.a.create(payinEvent());
      await h.a.put(uuid, payinEvent({ amount: -1 }));
      await h.a.put(uuid, payinEvent({ amount: 42 }));
      return (await h.a.get(uuid)).body.amount === 42;
    },
  },
  'put-currency-not-updatable': {
    holds: async (h) => {
      const uuid = await h.a.create(payinEvent());
      const updated = payinEvent({ currencyCode: 'CHF' });
      await h.a.put(uuid, updated);
      return (await h.a.get(uuid)).body.currencyCode === 'CHF';
    },
  },
  'dedup-prefix-64': {
    holds: async (h) => {
      const start = `${crypto.randomUUID()}`.padEnd(70, 'x');
      await h.a.post(payinEvent({ externalId: `${start}-one` }));
      return is(await h.a.post(payinEvent({ externalId: `${start}-two` })), 201);
    },
  },
  'dedup-url-decoded': {
    holds: async (h) => {
      const base = crypto.randomUUID();
      await h.a.post(payinEvent({ externalId: `${base}/1` }));
      return is(await h.a.post(payinEvent({ externalId: `${base}%2F1` })), 201);
    },
  },
  'mca-repeated-items-collapsed': {
    holds: async (h) => {
      const items = [
        { currencyCode: 'USD', amount: 5 },
        { currencyCode: 'USD', amount: 5 },
      ];
      const uuid = await h.a.create(payinEvent({ multiCurrencyAmounts: items }));
      return (await h.a.get(uuid)).body.multiCurrencyAmounts?.length === 2;
    },
  },
  'exclusivity-checks-truthiness': {
    holds: async (h) =>
      (await rejectedWith(h, payinEvent({ payload: { beneficiaryName: '' } }), 'ERR-3009')) &&
      (await rejectedWith(h, payoutEvent({ payload: { payerPersonalId: '' } }), 'ERR-3010')),
  },
  'token-prefix-optional': {
    holds: async (h) => {
      const secret = h.a.tenant.accessToken.replace(/^[a-z]+_[a-z]+_/, '');
      return is(
        await h.a.post(payinEvent(), { ...jsonHeaders(h.a.tenant), 'x-access-token': secret }),
        401,
        'ERR-1002',
      );
    },
  },
  'token-prefix-case-insensitive': {
    holds: async (h) => {
      const token = h.a.tenant.accessToken.replace(/^[a-z]+_[a-z]+_/, (prefix) => prefix.toUpperCase());
      return is(
        await h.a.post(payinEvent(), { ...jsonHeaders(h.a.tenant), 'x-access-token': token }),
        401,
        'ERR-1002',
      );
    },
  },
  'empty-client-id-served': {
    holds: async (h) =>
      is(await h.a.post(payinEvent(), { ...jsonHeaders(h.a.tenant), 'x-client-id': '' }), 400, 'ERR-2001'),
  },
  'client-id-pattern-unanchored-start': {
    holds: async (h) =>
      is(
        await h.a.get(unknownUuid(), {
          ...credentialHeaders(h.a.tenant),
          'x-client-id': `tenant=${h.a.tenant.clientId}`,
        }),
        400,
        'ERR-2002',
      ),
  },
  'exclusivity-name-fields-only': {
    holds: async (h) =>
      (await rejectedWith(h, payinEvent({ payload: { beneficiaryPersonalId: 'b' } }), 'ERR-3009')) &&
      (await rejectedWith(h, payoutEvent({ payload: { payerPersonalIdType: 'p' } }), 'ERR-3010')),
  },
  'mca-currency-code-reported-as-3004': {
    holds: (h) =>
      rejectedWith(
        h,
        payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'usd', amount: 1 }] }),
        'ERR-3007',
        'multiCurrencyAmounts[0].currencyCode',
      ),
  },
  'validation-errors-one-per-code': {
    holds: async (h) => {
      const answer = await h.a.post(
        payinEvent({ payload: { beneficiaryName: 'b', beneficiaryPersonalId: 'c' } }),
      );
      return answer.status === 400 && answer.body?.errors?.length === 2;
    },
  },
  'create-body-empty': {
    holds: async (h) => /^[0-9a-f-]{36}$/.test((await h.a.post(payinEvent())).body?.uuid ?? ''),
  },
  'unknown-event-generic-404': {
    holds: async (h) =>
      is(await h.a.get(unknownUuid()), 404, 'ERR-4002') &&
      is(await h.a.put(unknownUuid(), payinEvent()), 404, 'ERR-4002'),
  },
  'get-without-multi-currency-amounts': { holds: (h) => roundTrips(h, payinEvent()) },
  'non-ascii-replaced': {
    holds: (h) => roundTrips(h, payinEvent({ payload: { channel: 'CASH', payerName: 'Zoë Åström' } })),
  },
  'amount-stored-as-float32': { holds: (h) => roundTrips(h, payinEvent({ amount: 136.2 })) },
  'put-stored-before-validation': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const put = await h.a.put(uuid, { ...event, amount: 7, status: 'DONE' });
      return put.status === 400 && (await h.a.get(uuid)).body?.amount === event.amount;
    },
  },
  'put-keeps-old-payload': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, payload: { channel: 'CRYPTO' } });
      return (await h.a.get(uuid)).body?.payload?.payerName === undefined;
    },
  },
  'dedup-case-insensitive': {
    holds: async (h) => {
      const event = payinEvent({ externalId: `Case-${unknownUuid()}` });
      await h.a.create(event);
      return (
        (await h.a.post({ ...event, externalId: String(event.externalId).toLowerCase() })).status === 201
      );
    },
  },
  'dedup-accent-insensitive': {
    holds: async (h) => {
      const event = payinEvent({ externalId: `Caf\u00e9-${unknownUuid()}` });
      await h.a.create(event);
      return (
        (await h.a.post({ ...event, externalId: String(event.externalId).replace('\u00e9', 'e') })).status ===
        201
      );
    },
  },
  'dedup-zero-width-stripped': {
    holds: async (h) => {
      const event = payinEvent({ externalId: `zw-${unknownUuid()}` });
      await h.a.create(event);
      return (
        (await h.a.post({ ...event, externalId: `z\u200b${String(event.externalId).slice(1)}` })).status ===
        201
      );
    },
  },
  'dedup-digits-compared-as-number': {
    holds: async (h) => {
      const digits = String(100_000 + Math.floor(Math.random() * 800_000));
      await h.a.create(payinEvent({ externalId: digits }));
      return (await h.a.post(payinEvent({ externalId: `00${digits}` }))).status === 201;
    },
  },
  'put-external-id-not-reindexed': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const renamed = { ...event, externalId: `renamed-${unknownUuid()}` };
      await h.a.put(uuid, renamed);
      return is(await h.a.post(renamed), 400, 'ERR-4001') && (await h.a.post(event)).status === 201;
    },
  },
  'isolation-403-on-put': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return is(await h.b.put(uuid, event), 404, 'ERR-4002');
    },
  },
  'error-title-missing': {
    holds: async (h) => typeof (await h.a.get(unknownUuid())).body?.title === 'string',
  },
  'non-object-body-not-checked': {
    holds: async (h) => (await h.a.post(null)).status === 400,
  },
  'rate-limit-503': {
    options: small(1),
    holds: async (h) => {
      await h.a.get(unknownUuid());
      return (await h.a.get(unknownUuid())).status === 429;
    },
  },
  'external-id-empty-accepted': { holds: (h) => rejectedWith(h, payinEvent({ externalId: '' }), 'ERR-3001') },
  'external-id-limit-as-missing': {
    holds: async (h) =>
      (await h.a.post(payinEvent({ externalId: `long-${'x'.repeat(300)}` }))).status === 201,
  },
  'type-case-insensitive': {
    holds: (h) => rejectedWith(h, payinEvent({ type: 'internal_payin' }), 'ERR-3002'),
  },
  'country-lowercase-accepted': {
    holds: (h) => rejectedWith(h, payinEvent({ countryCode: 'de' }), 'ERR-3003'),
  },
  'type-trimmed': {
    holds: (h) => rejectedWith(h, payinEvent({ type: 'INTERNAL_PAYIN ' }), 'ERR-3002'),
  },
  'currency-crypto-accepted': {
    holds: (h) => rejectedWith(h, payinEvent({ currencyCode: 'BTC' }), 'ERR-3004'),
  },
  'mca-first-five-items-validated': {
    holds: (h) =>
      rejectedWith(
        h,
        payinEvent({
          multiCurrencyAmounts: ['CHF', 'USD', 'GBP', 'JPY', 'SEK', 'NOK'].map((currencyCode, index) => ({
            currencyCode,
            amount: index < 5 ? 1 : 0,
          })),
        }),
        'ERR-3008',
        'multiCurrencyAmounts[5].amount',
      ),
  },
  'country-alpha3-accepted': {
    holds: (h) => rejectedWith(h, payinEvent({ countryCode: 'DEU' }), 'ERR-3003'),
  },
  'currency-any-three-letters': {
    holds: (h) => rejectedWith(h, payinEvent({ currencyCode: 'ABC' }), 'ERR-3004'),
  },
  'currency-lowercase-accepted': {
    holds: (h) => rejectedWith(h, payinEvent({ currencyCode: 'eur' }), 'ERR-3004'),
  },
  'amount-zero-accepted': { holds: (h) => rejectedWith(h, payinEvent({ amount: 0 }), 'ERR-3005') },
  'amount-numeric-string-sign-not-checked': {
    holds: async (h) => (await h.a.post(payinEvent({ amount: '-12.50' }))).status === 400,
  },
  'amount-scaled-zero-accepted': {
    holds: async (h) => is(await h.a.post(payinWithAmountText('0.00')), 400, 'ERR-3005'),
  },
  'amount-negative-zero-accepted': {
    holds: async (h) => is(await h.a.post(payinWithAmountText('-0')), 400, 'ERR-3005'),
  },
  'channel-wrong-type-crashes': {
    holds: (h) => refusedAs400(h, payinEvent({ payload: { channel: {} } })),
  },
  'path-uuid-v4-only': {
    holds: async (h) => {
      const v7 = `${unknownUuid().slice(0, 14)}7${unknownUuid().slice(15)}`;
      return is(await h.a.get(v7), 404, 'ERR-4002');
    },
  },
  'external-id-astral-crashes': {
    holds: async (h) =>
      is(await h.a.post(payinEvent({ externalId: `astral-\u{1F600}-${unknownUuid()}` })), 201),
  },
  'mca-item-not-object-crashes': {
    holds: (h) => refusedAs400(h, payinEvent({ multiCurrencyAmounts: ['EUR'] })),
  },
  'mca-amount-wrong-type-crashes': {
    holds: (h) =>
      refusedAs400(h, payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD', amount: [5] }] })),
  },
  'mca-currency-wrong-type-accepted': {
    holds: (h) => refusedAs400(h, payinEvent({ multiCurrencyAmounts: [{ currencyCode: 42, amount: 5 }] })),
  },
  'amount-negative-accepted': { holds: (h) => rejectedWith(h, payinEvent({ amount: -5 }), 'ERR-3005') },
  'status-case-insensitive': { holds: (h) => rejectedWith(h, payinEvent({ status: 'pending' }), 'ERR-3006') },
  'channel-not-validated': {
    holds: (h) => rejectedWith(h, payinEvent({ payload: { channel: 'WIRE' } }), 'ERR-3011'),
  },
  'mca-only-first-item-validated': {
    holds: (h) =>
      rejectedWith(
        h,
        payinEvent({
          multiCurrencyAmounts: [
            { currencyCode: 'USD', amount: 1 },
            { currencyCode: 'XYZ', amount: 1 },
          ],
        }),
        'ERR-3007',
        'multiCurrencyAmounts[1].currencyCode',
      ),
  },
  'mca-currency-trimmed': {
    holds: (h) =>
      rejectedWith(
        h,
        payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD ', amount: 1 }] }),
        'ERR-3007',
      ),
  },
  'mca-currency-not-validated': {
    holds: (h) =>
      rejectedWith(h, payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'XYZ', amount: 1 }] }), 'ERR-3007'),
  },
  'mca-amount-zero-accepted': {
    holds: (h) =>
      rejectedWith(h, payinEvent({ multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 0 }] }), 'ERR-3008'),
  },
  'payin-payout-codes-swapped': {
    holds: async (h) =>
      (await rejectedWith(h, payinEvent({ payload: { beneficiaryName: 'b' } }), 'ERR-3009')) &&
      (await rejectedWith(h, payoutEvent({ payload: { payerName: 'p' } }), 'ERR-3010')),
  },
  'payout-fields-allowed-in-payin': {
    holds: (h) => rejectedWith(h, payinEvent({ payload: { beneficiaryPersonalId: 'b' } }), 'ERR-3009'),
  },
  'payin-fields-allowed-in-payout': {
    holds: (h) => rejectedWith(h, payoutEvent({ payload: { payerPersonalIdType: 'p' } }), 'ERR-3010'),
  },
  'payload-unknown-property-accepted': {
    holds: async (h) =>
      (await h.a.post(payinEvent({ payload: { channel: 'CASH', iban: 'DE00' } }))).status === 400,
  },
  'payload-names-case-insensitive': {
    holds: async (h) =>
      (await h.a.post(payinEvent({ payload: { channel: 'CASH', PayerName: 'A. N. Other' } }))).status === 400,
  },
  'empty-payload-rejected': {
    holds: async (h) => (await h.a.post(payinEvent({ payload: {} }))).status === 201,
  },
  'only-first-failure-returned': {
    holds: async (h) =>
      (await h.a.post(payinEvent({ countryCode: 'xx', status: 'x' }))).body?.errors?.length === 2,
  },
  'validation-errors-capped-at-twenty': {
    holds: async (h) => {
      // Twenty-one failures: four top-level fields, externalId, the channel, three payout fields
      // in a payin, and six items faulty twice.
      const items = ['usd', 'gbp', 'chf', 'jpy', 'sek', 'nok'].map((currencyCode) => ({
        currencyCode,
        amount: -1,
      }));
      const payload = {
        channel: 'CARD',
        beneficiaryName: 'J',
        beneficiaryPersonalIdType: 'P',
        beneficiaryPersonalId: 'X',
      };
      const event = payinEvent({
        externalId: '',
        countryCode: 'xx',
        currencyCode: 'x',
        amount: -1,
        status: 'x',
        payload,
        multiCurrencyAmounts: items,
      });
      return (await h.a.post(event)).body?.errors?.length === 21;
    },
  },
  'top-level-code-of-last-failure': {
    holds: async (h) =>
      (await h.a.post(payinEvent({ countryCode: 'xx', status: 'x' }))).body?.errorCode === 'ERR-3003',
  },
  'validation-title-generic': {
    holds: async (h) =>
      /validation errors/i.test((await h.a.post(payinEvent({ status: 'x' }))).body?.title ?? ''),
  },
  'validation-status-422': {
    holds: async (h) => (await h.a.post(payinEvent({ status: 'x' }))).status === 400,
  },
  'validation-errors-without-field': {
    holds: async (h) => (await h.a.post(payinEvent({ status: 'x' }))).body?.errors?.[0]?.field === 'status',
  },
  'create-returns-200': { holds: async (h) => (await h.a.post(payinEvent())).status === 201 },
  'create-uuid-is-external-id': {
    holds: async (h) => {
      const event = payinEvent();
      const answer = await h.a.post(event);
      return /^[0-9a-f-]{36}$/.test(answer.body?.uuid ?? '') && answer.body.uuid !== event.externalId;
    },
  },
  'get-by-external-id-accepted': {
    holds: async (h) => {
      const event = payinEvent();
      await h.a.create(event);
      return is(await h.a.get(event.externalId as string), 404, 'ERR-4002');
    },
  },
  'put-by-external-id-accepted': {
    holds: async (h) => {
      const event = payinEvent({ externalId: unknownUuid() });
      await h.a.create(event);
      return is(await h.a.put(event.externalId as string, { ...event, amount: 2.5 }), 404, 'ERR-4002');
    },
  },
  'get-unknown-uuid-500': { holds: async (h) => is(await h.a.get(unknownUuid()), 404, 'ERR-4002') },
  'amount-rounded-to-cents': { holds: (h) => roundTrips(h, payinEvent({ amount: 1.239 })) },
  'names-html-escaped': {
    holds: (h) =>
      roundTrips(h, payinEvent({ payload: { channel: 'CASH', payerName: 'Dupont & Fils <SARL>' } })),
  },
  'external-id-trimmed': {
    holds: (h) => roundTrips(h, payinEvent({ externalId: ` padded-${unknownUuid()} ` })),
  },
  'storage-three-byte-utf8': {
    holds: async (h) =>
      (await h.a.post(payinEvent({ payload: { channel: 'ONLINE', payerName: 'Zoë \u{1F600}' } }))).status ===
      201,
  },
  'personal-id-stored-as-number': {
    holds: (h) => roundTrips(h, payinEvent({ payload: { channel: 'CASH', payerPersonalId: '007123' } })),
  },
  'original-status-not-stored': {
    holds: (h) => roundTrips(h, payinEvent({ originalStatus: 'SETTLED_EXT' })),
  },
  'put-not-applied': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, amount: 2 });
      return (await h.a.get(uuid)).body?.amount === 2;
    },
  },
  'put-assigns-new-uuid': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, amount: 2 });
      const fetched = await h.a.get(uuid);
      return fetched.status === 200 && fetched.body.amount === 2;
    },
  },
  'put-not-validated': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, amount: -2 })).status === 400;
    },
  },
  'put-creates-on-unknown-uuid': {
    holds: async (h) => {
      const uuid = unknownUuid();
      const put = await h.a.put(uuid, payinEvent());
      return is(put, 404, 'ERR-4002') && is(await h.a.get(uuid), 404, 'ERR-4002');
    },
  },
  'dedup-keys-expire': {
    holds: async (h, clock) => {
      const event = payinEvent();
      await h.a.create(event);
      clock.now += 60_000;
      return is(await h.a.post(event), 400, 'ERR-4001');
    },
  },
  'dedup-missing': {
    holds: async (h) => {
      const event = payinEvent();
      await h.a.create(event);
      return is(await h.a.post(event), 400, 'ERR-4001');
    },
  },
  'duplicate-overwrites-original': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.post({ ...event, amount: 999 });
      return (await h.a.get(uuid)).body?.amount === event.amount;
    },
  },
  'duplicate-gives-409': {
    holds: async (h) => {
      const event = payinEvent();
      await h.a.create(event);
      return (await h.a.post(event)).status === 400;
    },
  },
  'dedup-global-across-tenants': {
    holds: async (h) => {
      const event = payinEvent();
      await h.a.create(event);
      return (await h.b.post(event)).status === 201;
    },
  },
  'dedup-not-atomic': {
    holds: async (h) => {
      const event = payinEvent();
      const answers = await Promise.all(Array.from({ length: 10 }, () => h.a.post(event)));
      return answers.filter((a) => a.status === 201).length === 1;
    },
  },
  'dedup-window-1ms': {
    holds: async (h) => {
      const event = payinEvent();
      const answers = await Promise.all(Array.from({ length: 10 }, () => h.a.post(event)));
      return answers.filter((a) => a.status === 201).length === 1;
    },
  },
  'dedup-lock-across-tenants': {
    holds: async (h) => {
      const event = payinEvent();
      const answers = await Promise.all([h.a.post(event), h.b.post(event)]);
      return answers.every((a) => a.status === 201);
    },
  },
  'rename-key-across-tenants': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const renamed = { ...event, externalId: `${event.externalId}-rn` };
      if ((await h.a.put(uuid, renamed)).status !== 200) return false;
      return (await h.b.post({ ...payinEvent(), externalId: renamed.externalId })).status === 201;
    },
  },
  'rename-after-update-keeps-key': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, amount: 20 });
      const renamed = `${event.externalId}-rn`;
      await h.a.put(uuid, { ...event, externalId: renamed });
      // Where the rename was not applied (another mutant's), the old externalId is still held.
      if ((await h.a.get(uuid)).body?.externalId !== renamed) return true;
      return (await h.a.post({ ...payinEvent(), externalId: event.externalId })).status === 201;
    },
  },
  'refused-put-swaps-key': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, externalId: `${event.externalId}-bad`, countryCode: 'ZZ' });
      return is(await h.a.post(event), 400, 'ERR-4001');
    },
  },
  'type-change-frees-key': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const asPayout = { ...event, type: 'INTERNAL_PAYOUT', payload: { channel: 'CASH' } };
      if ((await h.a.put(uuid, asPayout)).status !== 200) return true;
      return is(await h.a.post(event), 400, 'ERR-4001');
    },
  },
  'put-dedup-ignores-rejected': {
    holds: async (h) => {
      const rejected = payinEvent({ status: 'REJECTED' });
      await h.a.create(rejected);
      const other = payinEvent();
      const uuid = await h.a.create(other);
      return (await h.a.put(uuid, { ...other, externalId: rejected.externalId })).status !== 200;
    },
  },
  'crossed-renames-keep-key': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const names = [`${event.externalId}-y`, `${event.externalId}-z`];
      await Promise.all(names.map((externalId) => h.a.put(uuid, { ...event, externalId })));
      const shown = (await h.a.get(uuid)).body?.externalId;
      const other = names.find((name) => name !== shown) as string;
      return (await h.a.post({ ...payinEvent(), externalId: other })).status === 201;
    },
  },
  'create-and-rename-race': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const externalId = `${event.externalId}-raced`;
      const [post] = await Promise.all([
        h.a.post({ ...payinEvent(), externalId }),
        h.a.put(uuid, { ...event, externalId }),
      ]);
      return !(post.status === 201 && (await h.a.get(uuid)).body?.externalId === externalId);
    },
  },
  'put-dedup-window-1ms': {
    holds: async (h) => {
      const externalId = payinEvent().externalId;
      const events = [payinEvent(), payinEvent(), payinEvent()];
      const uuids = await Promise.all(events.map((event) => h.a.create(event)));
      await Promise.all(uuids.map((uuid, i) => h.a.put(uuid, { ...events[i], externalId })));
      const holders = await Promise.all(uuids.map((uuid) => h.a.get(uuid)));
      return holders.filter((read) => read.body?.externalId === externalId).length <= 1;
    },
  },
  'put-duplicate-external-id-allowed': {
    holds: async (h) => {
      const first = payinEvent();
      await h.a.create(first);
      const second = payinEvent();
      const uuid = await h.a.create(second);
      return is(await h.a.put(uuid, { ...second, externalId: first.externalId }), 400, 'ERR-4001');
    },
  },
  'isolation-leak-on-get': {
    holds: async (h) => (await h.b.get(await h.a.create())).status === 404,
  },
  'isolation-leak-on-get-upper-case-uuid': {
    holds: async (h) => (await h.b.get((await h.a.create()).toUpperCase())).status === 404,
  },
  'isolation-leak-on-put': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const put = await h.b.put(uuid, { ...event, amount: 1 });
      return is(put, 404, 'ERR-4002') && (await h.a.get(uuid)).body?.amount === event.amount;
    },
  },
  'put-writes-event-named-in-body': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const own = payinEvent();
      const ownUuid = await h.b.create(own);
      await h.b.put(ownUuid, { ...own, uuid, amount: 1 });
      return (await h.a.get(uuid)).body?.amount === event.amount;
    },
  },
  'isolation-403-on-get': {
    holds: async (h) => is(await h.b.get(await h.a.create()), 404, 'ERR-4002'),
  },
  'error-status-as-string': { holds: async (h) => (await h.a.get(unknownUuid())).body?.status === 404 },
  'error-code-lowercase': {
    holds: async (h) => ERROR_CODE_PATTERN.test((await h.a.get(unknownUuid())).body?.errorCode ?? ''),
  },
  'not-found-plain-text': {
    holds: async (h) =>
      String((await h.a.get(unknownUuid())).headers['content-type']).includes('application/json'),
  },
  'malformed-json-500': {
    holds: async (h) =>
      (
        await send(h.app, {
          method: 'POST',
          url: EVENTS_PATH,
          headers: jsonHeaders(h.a.tenant),
          payload: '{',
        })
      ).status === 400,
  },
  'put-malformed-json-500': {
    holds: async (h) =>
      (
        await send(h.app, {
          method: 'PUT',
          url: `${EVENTS_PATH}/${await h.a.create()}`,
          headers: jsonHeaders(h.a.tenant),
          payload: '{',
        })
      ).status === 400,
  },
  'rate-limit-removed': {
    options: small(3),
    holds: async (h) => {
      for (let i = 0; i < 3; i += 1) await h.a.get(unknownUuid());
      return (await h.a.get(unknownUuid())).status === 429;
    },
  },
  'rate-limit-global': {
    options: small(3),
    holds: async (h) => {
      for (let i = 0; i < 3; i += 1) await h.a.get(unknownUuid());
      return (await h.b.get(unknownUuid())).status === 404;
    },
  },
  'rate-limit-post-only': {
    options: small(3),
    holds: async (h) => {
      for (let i = 0; i < 3; i += 1) await h.a.get(unknownUuid());
      return (await h.a.post(payinEvent())).status === 429;
    },
  },
  'rate-limit-ten-times-too-low': {
    options: small(20),
    holds: async (h) => {
      for (let i = 0; i < 20; i += 1) if ((await h.a.get(unknownUuid())).status !== 404) return false;
      return (await h.a.get(unknownUuid())).status === 429;
    },
  },
  'rate-limit-headers-sent': {
    options: small(1),
    holds: async (h) => {
      const answers = [await h.a.get(unknownUuid()), await h.a.get(unknownUuid())];
      return (
        answers[1]?.status === 429 &&
        answers.every((a) => !Object.keys(a.headers).some((n) => RATE_LIMIT_HEADER_PATTERN.test(n)))
      );
    },
  },
  'rate-limit-429-unstructured': {
    options: small(1),
    holds: async (h) => {
      await h.a.get(unknownUuid());
      const limited = await h.a.get(unknownUuid());
      return (
        limited.status === 429 &&
        limited.body?.status === 429 &&
        ERROR_CODE_PATTERN.test(limited.body?.errorCode ?? '')
      );
    },
  },
  // PUT's authentication, validation and error body: the same rules as POST and GET
  'token-not-checked-on-put': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return is(
        await h.a.put(uuid, event, {
          'x-client-id': h.a.tenant.clientId,
          'content-type': 'application/json',
        }),
        401,
        'ERR-1001',
      );
    },
  },
  'tenant-header-not-checked-on-put': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return is(
        await h.a.put(uuid, event, {
          'x-access-token': h.a.tenant.accessToken,
          'content-type': 'application/json',
        }),
        400,
        'ERR-2001',
      );
    },
  },
  'token-of-other-tenant-accepted-on-put': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.b.create(event);
      const put = await h.a.put(
        uuid,
        { ...event, amount: 1 },
        { ...jsonHeaders(h.a.tenant), 'x-client-id': h.b.tenant.clientId },
      );
      return is(put, 403, 'ERR-1003') && (await h.b.get(uuid)).body?.amount === event.amount;
    },
  },
  'token-of-other-tenant-accepted-on-post': {
    holds: async (h) => {
      const event = payinEvent();
      const post = await h.a.post(event, { ...jsonHeaders(h.a.tenant), 'x-client-id': h.b.tenant.clientId });
      return is(post, 403, 'ERR-1003') && (await h.b.post(event)).status === 201;
    },
  },
  'body-too-large-html-413': {
    holds: async (h) => {
      const answer = await h.a.post(payinEvent({ originalStatus: 'x'.repeat(BODY_LIMIT_BYTES) }));
      return answer.status === 400 && answer.body?.errorCode === 'ERR-9005';
    },
  },
  'events-keyed-by-client-id-as-sent': {
    holds: async (h) => {
      const headers = { ...jsonHeaders(h.a.tenant), 'x-client-id': h.a.tenant.clientId.toUpperCase() };
      const created = await h.a.post(payinEvent(), headers);
      return created.status === 201 && (await h.a.get(String(created.body?.uuid))).status === 200;
    },
  },
  'forbidden-write-applied': {
    holds: async (h) => {
      const event = payinEvent();
      const foreign = { ...jsonHeaders(h.a.tenant), 'x-client-id': h.b.tenant.clientId };
      const uuid = await h.b.create(event);
      const put = await h.a.put(uuid, { ...event, amount: 1 }, foreign);
      const post = await h.a.post({ ...event, externalId: `${event.externalId}-2` }, foreign);
      return (
        is(put, 403, 'ERR-1003') &&
        is(post, 403, 'ERR-1003') &&
        (await h.b.get(uuid)).body?.amount === event.amount &&
        (await h.b.post({ ...event, externalId: `${event.externalId}-2` })).status === 201
      );
    },
  },
  'put-status-takes-processing-states': {
    holds: async (h) => {
      const event = payoutEvent();
      const uuid = await h.a.create(event);
      return is(await h.a.put(uuid, { ...event, status: 'SETTLED' }), 400, 'ERR-3006');
    },
  },
  'refused-put-applies-status': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, status: 'REJECTED', countryCode: 'ZZ' });
      return (await h.a.get(uuid)).body?.status === event.status;
    },
  },
  'put-skips-payload-exclusivity': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const put = await h.a.put(uuid, { ...event, payload: { channel: 'CASH', beneficiaryName: 'b' } });
      return put.status === 400 && put.body?.errors?.[0]?.errorCode === 'ERR-3009';
    },
  },
  'put-validates-payload-against-old-type': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const payout = payoutEvent({ externalId: event.externalId });
      return (await h.a.put(uuid, payout)).status === 200;
    },
  },
  'put-amount-zero-accepted': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, amount: 0 })).status === 400;
    },
  },
  'put-currency-not-validated': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, currencyCode: 'ABC' })).status === 400;
    },
  },
  'put-external-id-empty-accepted': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, externalId: '' })).status === 400;
    },
  },
  'put-only-first-failure-returned': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, countryCode: 'xx', status: 'x' })).body?.errors?.length === 2;
    },
  },
  'put-validation-status-422': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, status: 'x' })).status === 400;
    },
  },
  'put-validation-title-generic': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return /validation errors/i.test((await h.a.put(uuid, { ...event, status: 'x' })).body?.title ?? '');
    },
  },
  'put-top-level-code-of-last-failure': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (
        (await h.a.put(uuid, { ...event, countryCode: 'xx', status: 'x' })).body?.errorCode === 'ERR-3003'
      );
    },
  },
  'validation-body-status-as-string': {
    holds: async (h) => (await h.a.post(payinEvent({ status: 'x' }))).body?.status === 400,
  },
  'validation-errors-without-message': {
    holds: async (h) =>
      typeof (await h.a.post(payinEvent({ status: 'x' }))).body?.errors?.[0]?.message === 'string',
  },
  'validation-failures-reported-twice': {
    holds: async (h) =>
      (await h.a.post(payinEvent({ countryCode: 'xx', status: 'x' }))).body?.errors?.length === 2,
  },
  'validation-item-index-one-based': {
    holds: (h) =>
      rejectedWith(
        h,
        payinEvent({
          multiCurrencyAmounts: [
            { currencyCode: 'USD', amount: 1 },
            { currencyCode: 'USD', amount: 0 },
          ],
        }),
        'ERR-3008',
        'multiCurrencyAmounts[1].amount',
      ),
  },
  // Deduplication across the lifecycle: a refused request, an update, another tenant
  'duplicate-post-updates-status': {
    holds: async (h) => {
      const event = payinEvent({ status: 'PENDING' });
      const uuid = await h.a.create(event);
      await h.a.post({ ...event, status: 'BOOKED' });
      return (await h.a.get(uuid)).body?.status === 'PENDING';
    },
  },
  'invalid-post-reserves-external-id': {
    holds: async (h) => {
      const event = payinEvent();
      await h.a.post({ ...event, status: 'DONE' });
      return (await h.a.post(event)).status === 201;
    },
  },
  'refused-put-frees-external-id': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, status: 'DONE' });
      return is(await h.a.post(event), 400, 'ERR-4001');
    },
  },
  'duplicate-put-frees-external-id': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const holder = payinEvent();
      await h.a.create(holder);
      await h.a.put(uuid, { ...event, externalId: holder.externalId });
      return is(await h.a.post(event), 400, 'ERR-4001');
    },
  },
  'dedup-global-after-update': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, amount: 2 });
      return (await h.b.post(event)).status === 201;
    },
  },
  'dedup-ignores-trailing-spaces': {
    holds: async (h) => {
      const event = payinEvent({ externalId: `pad-${unknownUuid()}` });
      await h.a.create(event);
      return (await h.a.post({ ...event, externalId: `${event.externalId} ` })).status === 201;
    },
  },
  'put-dedup-trims': {
    holds: async (h) => {
      const plain = payinEvent();
      await h.a.create(plain);
      const padded = payoutEvent({ externalId: `${plain.externalId} ` });
      const uuid = await h.a.create(padded);
      return (await h.a.put(uuid, { ...padded, status: 'BOOKED' })).status === 200;
    },
  },
  'put-dedup-across-tenants': {
    holds: async (h) => {
      const taken = payinEvent();
      await h.b.create(taken);
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, externalId: taken.externalId })).status === 200;
    },
  },
  'put-own-external-id-is-duplicate': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      return (await h.a.put(uuid, { ...event, amount: 5 })).status === 200;
    },
  },
  // Retrieval after a change, and what GET shows
  'get-after-put-serves-cached-event': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.get(uuid);
      await h.a.put(uuid, { ...event, amount: 2 });
      return (await h.a.get(uuid)).body?.amount === 2;
    },
  },
  'get-amount-rounded-to-cents': { holds: (h) => roundTrips(h, payinEvent({ amount: 1.239 })) },
  // Isolation seen through a body
  'isolation-404-body-reveals-event-on-put': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const unknown = await h.b.put(unknownUuid(), event);
      const foreign = await h.b.put(uuid, event);
      return is(foreign, 404, 'ERR-4002') && JSON.stringify(foreign.body) === JSON.stringify(unknown.body);
    },
  },
  'isolation-404-detail-differs-on-put': {
    holds: async (h) => {
      const uuid = await h.a.create();
      const unknown = await h.b.put(unknownUuid(), payinEvent());
      const foreign = await h.b.put(uuid, payinEvent());
      return is(foreign, 404, 'ERR-4002') && JSON.stringify(foreign.body) === JSON.stringify(unknown.body);
    },
  },
  'foreign-put-validated-before-owner-check': {
    holds: async (h) => {
      const uuid = await h.a.create();
      const invalid = payinEvent({ amount: 0 });
      const [foreign, unknown] = [await h.b.put(uuid, invalid), await h.b.put(unknownUuid(), invalid)];
      return is(foreign, 404, 'ERR-4002') && JSON.stringify(foreign.body) === JSON.stringify(unknown.body);
    },
  },
  'foreign-put-dedup-before-owner-check': {
    holds: async (h) => {
      const uuid = await h.a.create();
      const taken = payinEvent();
      await h.a.create(taken);
      const probe = payinEvent({ externalId: taken.externalId });
      const [foreign, unknown] = [await h.b.put(uuid, probe), await h.b.put(unknownUuid(), probe)];
      return is(foreign, 404, 'ERR-4002') && JSON.stringify(foreign.body) === JSON.stringify(unknown.body);
    },
  },
  'isolation-404-title-differs-on-get': {
    holds: async (h) => {
      const uuid = await h.a.create();
      const unknown = await h.b.get(unknownUuid());
      const foreign = await h.b.get(uuid);
      return is(foreign, 404, 'ERR-4002') && JSON.stringify(foreign.body) === JSON.stringify(unknown.body);
    },
  },
  // An update that is refused, or that answers without applying everything
  'refused-put-applies-valid-fields': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, amount: 9, status: 'DONE' });
      return (await h.a.get(uuid)).body?.amount === event.amount;
    },
  },
  'duplicate-put-applies-other-fields': {
    holds: async (h) => {
      const first = payinEvent();
      await h.a.create(first);
      const second = payinEvent();
      const uuid = await h.a.create(second);
      await h.a.put(uuid, { ...second, externalId: first.externalId, amount: 9 });
      return (await h.a.get(uuid)).body?.amount === second.amount;
    },
  },
  'put-answers-update-not-stored': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      await h.a.put(uuid, { ...event, amount: 2 });
      return (await h.a.get(uuid)).body?.amount === 2;
    },
  },
  'put-keeps-old-multi-currency-amounts': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const items = [{ currencyCode: 'CHF', amount: 3 }];
      await h.a.put(uuid, { ...event, multiCurrencyAmounts: items });
      return JSON.stringify((await h.a.get(uuid)).body?.multiCurrencyAmounts) === JSON.stringify(items);
    },
  },
  'put-type-change-merges-payload': {
    holds: async (h) => {
      const event = payinEvent();
      const uuid = await h.a.create(event);
      const payout = payoutEvent({ externalId: event.externalId });
      await h.a.put(uuid, payout);
      return JSON.stringify((await h.a.get(uuid)).body?.payload) === JSON.stringify(payout.payload);
    },
  },
  // Error bodies that are not the part 7 JSON
  'internal-error-html-page': {
    holds: async (h) => {
      const answer = await h.a.post(payinEvent({ externalId: `long-${'x'.repeat(300)}` }));
      return answer.status < 500 && String(answer.headers['content-type']).includes('application/json');
    },
  },
  'unknown-route-html-404': {
    holds: async (h) =>
      String(
        (await send(h.app, { method: 'GET', url: '/api/h2h/nothing' })).headers['content-type'],
      ).includes('application/json'),
  },
  'error-status-field-always-400': {
    holds: async (h) => (await h.a.get(unknownUuid())).body?.status === 404,
  },
  'rate-limit-per-endpoint': {
    options: small(2),
    holds: async (h) => {
      await h.a.get(unknownUuid());
      await h.a.get(unknownUuid());
      return (await h.a.post(payinEvent())).status === 429;
    },
  },
  'rate-limit-keyed-by-client-id-as-sent': {
    options: small(2),
    holds: async (h) => {
      await h.a.get(unknownUuid());
      await h.a.get(unknownUuid());
      const upper = { ...credentialHeaders(h.a.tenant), 'x-client-id': h.a.tenant.clientId.toUpperCase() };
      return (await h.a.get(unknownUuid(), upper)).status === 429;
    },
  },
  'rate-limit-put-failures-given-back': {
    options: small(2),
    holds: async (h) => {
      await h.a.put(unknownUuid(), payinEvent());
      await h.a.put(unknownUuid(), payinEvent());
      return (await h.a.get(unknownUuid())).status === 429;
    },
  },
  'rate-limit-put-applied-when-throttled': {
    options: small(2),
    holds: async (h, clock) => {
      const event = payinEvent({ amount: 10 });
      const { uuid } = (await h.a.post(event)).body as { uuid: string };
      await h.a.get(uuid);
      // Served, the PUT may apply: only a refused one is held to changing nothing.
      if ((await h.a.put(uuid, { ...event, amount: 4290 })).status !== 429) return true;
      clock.now += 10_000;
      return ((await h.a.get(uuid)).body as { amount: unknown }).amount !== 4290;
    },
  },
  'rate-limit-malformed-bodies-given-back': {
    options: small(2),
    holds: async (h) => {
      await h.a.post('{"externalId":');
      await h.a.post('{"externalId":');
      return (await h.a.get(unknownUuid())).status === 429;
    },
  },
  'rate-limit-gets-free': {
    options: small(2),
    holds: async (h) => {
      await h.a.get(unknownUuid());
      await h.a.get(unknownUuid());
      return (await h.a.post(payinEvent())).status === 429;
    },
  },
  'rate-limit-failed-posts-given-back': {
    options: small(2),
    holds: async (h) => {
      await h.a.post(payinEvent({ amount: 0 }));
      await h.a.post(payinEvent({ amount: 0 }));
      return (await h.a.get(unknownUuid())).status === 429;
    },
  },
  'rate-limit-never-resets': {
    options: small(1),
    holds: async (h, clock) => {
      await h.a.get(unknownUuid());
      if ((await h.a.get(unknownUuid())).status !== 429) return false;
      clock.now += 10_000;
      return (await h.a.get(unknownUuid())).status === 404;
    },
  },
  // The closed vocabularies, extended as a real team extends them
  'tokens-of-another-prefix': {
    holds: async (h) =>
      h.a.tenant.accessToken.startsWith('svc_test_') && is(await h.a.get(unknownUuid()), 404, 'ERR-4002'),
  },
  'type-bank-movement-accepted': {
    holds: (h) =>
      rejectedWith(
        h,
        payinEvent({ type: 'BANK_MOVEMENT', payload: { channel: 'ONLINE' } }),
        'ERR-3002',
        'type',
      ),
  },
  'status-cancelled-failed-accepted': {
    holds: (h) => rejectedWith(h, payoutEvent({ status: 'FAILED' }), 'ERR-3006', 'status'),
  },
  'channel-card-bank-transfer-accepted': {
    holds: (h) =>
      rejectedWith(h, payinEvent({ payload: { channel: 'BANK_TRANSFER' } }), 'ERR-3011', 'payload.channel'),
  },
  'payload-account-id-accepted': {
    holds: async (h) =>
      (await h.a.post(payoutEvent({ payload: { channel: 'CASH', accountId: 'ACC-1' } }))).status === 400,
  },
  'error-codes-provider-namespace': {
    holds: async (h) => ERROR_CODE_PATTERN.test((await h.a.get(unknownUuid())).body?.errorCode ?? ''),
  },
  // The operations a deployment adds: what the spec states holds there too
  'listing-shows-every-tenant': {
    options: { behaviour: { listing: 'paged' } },
    holds: async (h) => {
      const foreign = await h.b.create();
      const own = await h.a.create();
      const listed = await listing(h, credentialHeaders(h.a.tenant));
      return listed.status === 200 && listed.text.includes(own) && !listed.text.includes(foreign);
    },
  },
  'listing-later-pages-every-tenant': {
    options: { behaviour: { listing: 'paged' } },
    holds: async (h) => {
      const own = await h.a.create();
      const foreign = await h.b.create();
      const later = await listing(h, credentialHeaders(h.a.tenant), '?page=2&size=1');
      return later.status === 200 && !later.text.includes(foreign) && !later.text.includes(own);
    },
  },
  'public-listing-later-pages-every-tenant': {
    options: { behaviour: { listing: 'page-and-page-size' } },
    holds: async (h) => {
      const own = await h.a.create();
      const foreign = await h.b.create();
      const later = await listing(h, credentialHeaders(h.a.tenant), '?page=2&pageSize=1');
      return later.status === 200 && !later.text.includes(foreign) && !later.text.includes(own);
    },
  },
  'listing-view-lags-without-tenant-filter': {
    options: { behaviour: { listing: 'paged' } },
    holds: async (h, clock) => {
      const foreign = await h.b.create();
      clock.now += 60_000;
      const own = await h.a.create();
      const listed = await listing(h, credentialHeaders(h.a.tenant));
      return listed.status === 200 && listed.text.includes(own) && !listed.text.includes(foreign);
    },
  },
  'listing-shows-every-payout': {
    options: { behaviour: { listing: 'paged' } },
    holds: async (h) => {
      const foreign = await h.b.create(payoutEvent());
      const own = await h.a.create();
      const listed = await listing(h, credentialHeaders(h.a.tenant));
      return listed.status === 200 && listed.text.includes(own) && !listed.text.includes(foreign);
    },
  },
  'listing-token-not-checked': {
    options: { behaviour: { listing: 'paged' } },
    holds: async (h) => is(await listing(h, { 'x-client-id': h.a.tenant.clientId }), 401, 'ERR-1001'),
  },
  'listing-not-rate-limited': {
    options: { ...small(2), behaviour: { listing: 'paged' } },
    holds: async (h) => {
      await listing(h, credentialHeaders(h.a.tenant));
      await listing(h, credentialHeaders(h.a.tenant));
      return (await listing(h, credentialHeaders(h.a.tenant))).status === 429;
    },
  },
  'listing-bad-parameter-plain-text': {
    options: { behaviour: { listing: 'paged' } },
    holds: async (h) => {
      const answer = await listing(h, credentialHeaders(h.a.tenant), '?page=0');
      return answer.status === 400 && ERROR_CODE_PATTERN.test(answer.body?.errorCode ?? '');
    },
  },
  'foreign-put-writes-version': {
    options: { behaviour: { versions: 'on-request' } },
    holds: async (h) => {
      const own = payinEvent();
      const uuid = await h.a.create(own);
      const refused = await h.b.put(uuid, { ...own, originalStatus: 'Foreign Marker' });
      const answer = await send(h.app, {
        method: 'GET',
        url: `${EVENTS_PATH}/${uuid}?versions=true`,
        headers: credentialHeaders(h.a.tenant),
      });
      return is(refused, 404, 'ERR-4002') && answer.status === 200 && !answer.text.includes('Foreign Marker');
    },
  },
  'foreign-put-writes-audit-entry': {
    options: { behaviour: { versions: 'on-request' } },
    holds: async (h) => {
      const own = payinEvent();
      const uuid = await h.a.create(own);
      const history = () =>
        send(h.app, {
          method: 'GET',
          url: `${EVENTS_PATH}/${uuid}?versions=true`,
          headers: credentialHeaders(h.a.tenant),
        });
      const before = await history();
      const refused = await h.b.put(uuid, { ...own, status: 'REJECTED' });
      return is(refused, 404, 'ERR-4002') && (await history()).text === before.text;
    },
  },
  'foreign-put-saves-unchanged': {
    options: { behaviour: { getExtraFields: 'timestamps-and-version' } },
    holds: async (h, clock) => {
      const own = payinEvent();
      const uuid = await h.a.create(own);
      const before = await h.a.get(uuid);
      clock.now += 5000;
      const refused = await h.b.put(uuid, { ...own, status: 'REJECTED' });
      return is(refused, 404, 'ERR-4002') && (await h.a.get(uuid)).text === before.text;
    },
  },
  'foreign-put-frees-external-id': {
    holds: async (h) => {
      const own = payinEvent();
      const uuid = await h.a.create(own);
      const refused = await h.b.put(uuid, { ...own, status: 'REJECTED' });
      return is(refused, 404, 'ERR-4002') && is(await h.a.post(own), 400, 'ERR-4001');
    },
  },
  'listing-cursor-carries-tenant': {
    options: { behaviour: { listing: 'cursor' } },
    holds: async (h) => {
      const own = await h.a.create();
      await h.b.create();
      const second = await h.b.create();
      const first = await listing(h, credentialHeaders(h.b.tenant), '?limit=1');
      const cursor = String(first.body?.nextCursor);
      const replayed = await listing(h, credentialHeaders(h.a.tenant), `?limit=1&cursor=${cursor}`);
      const ownFirst = await listing(h, credentialHeaders(h.a.tenant), '?limit=1');
      return ownFirst.text.includes(own) && !replayed.text.includes(second);
    },
  },
  'versions-of-other-tenant-shown': {
    options: { behaviour: { versions: 'on-request' } },
    holds: async (h) => {
      const foreign = await h.b.create();
      const answer = await send(h.app, {
        method: 'GET',
        url: `${EVENTS_PATH}/${foreign}?versions=true`,
        headers: credentialHeaders(h.a.tenant),
      });
      return is(answer, 404, 'ERR-4002');
    },
  },
  'versions-keyed-by-external-id': {
    options: { behaviour: { versions: 'on-request' } },
    holds: async (h) => {
      const own = payinEvent();
      const uuid = await h.a.create(own);
      await h.b.create(payoutEvent({ externalId: own.externalId, amount: 4321.5 }));
      const answer = await send(h.app, {
        method: 'GET',
        url: `${EVENTS_PATH}/${uuid}?versions=true`,
        headers: credentialHeaders(h.a.tenant),
      });
      return answer.status === 200 && !answer.text.includes('4321.5');
    },
  },
};

/** The listing a deployment may add: GET of the collection, with these headers and query. */
const listing = (h: Harness, headers: Record<string, string>, query = ''): Promise<Answer> =>
  send(h.app, { method: 'GET', url: `${EVENTS_PATH}${query}`, headers });

/** Whether a probe's rule holds on a server: the reference (undefined), a mutant, or a comma list of them. */
const runProbe = async (name: MutantName, mutant: string | undefined): Promise<boolean> => {
  const probe = PROBES[name];
  const clock = { now: Date.parse('2026-06-01T00:00:00Z') };
  return withHarness({ ...probe.options, mutant, clock: () => clock.now }, (h) => probe.holds(h, clock));
};

test.describe('reference: mutants', () => {
  test('the catalog: at least 40 named, described mutants, each caught by known rule ids', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MUTANT_NAMES).size).toBe(MUTANTS.length);
    // What a mutant of the catalog lacks, named, in one expect (an expect a fact was 700 steps).
    const lacking = MUTANTS.flatMap((mutant) => [
      ...(/^[a-z0-9]+(-[a-z0-9]+)*$/.test(mutant.name) ? [] : [`${mutant.name}: not a name in kebab case`]),
      ...(mutant.description.length > 15 ? [] : [`${mutant.name}: a description of 15 characters or fewer`]),
      ...(mutant.catchingRules.length > 0 ? [] : [`${mutant.name}: no catching rule`]),
      ...mutant.catchingRules
        .filter((rule) => !isRuleId(rule))
        .map((rule) => `${mutant.name}: ${rule} is no rule`),
    ]);
    expect(lacking).toEqual([]);
    const required: MutantName[] = [
      'amount-zero-accepted',
      'mca-only-first-item-validated',
      'only-first-failure-returned',
      'dedup-global-across-tenants',
      'payin-payout-codes-swapped',
      'isolation-leak-on-get',
      'isolation-leak-on-put',
      'token-missing-gives-1002',
      'tenant-header-not-checked-on-get',
      'country-lowercase-accepted',
      'rate-limit-removed',
      'rate-limit-global',
      'rate-limit-post-only',
      'rate-limit-ten-times-too-low',
      'dedup-not-atomic',
      'put-creates-on-unknown-uuid',
    ];
    expect(MUTANT_NAMES).toEqual(expect.arrayContaining(required));
  });

  test('an unknown mutant name is refused with the list of known names', () => {
    expect(() => buildReferenceApp({ mutant: 'amount-zero-acepted' })).toThrow(
      /Unknown reference mutant "amount-zero-acepted". Known mutants: .*amount-zero-accepted/,
    );
  });

  test('a mutant is reported by the app it runs in', async () => {
    const app = buildReferenceApp({ mutant: 'rate-limit-removed' });
    expect(app.reference.mutant).toBe('rate-limit-removed');
    await app.close();
  });

  for (const name of MUTANT_NAMES) {
    test(`mutant ${name}: the reference keeps the rule and the mutant breaks it`, async () => {
      expect(await runProbe(name, undefined), 'the reference server must keep the rule').toBe(true);
      expect(await runProbe(name, name), 'the mutant must break the rule').toBe(false);
    });
  }

  test('a mutant breaks only its own rule: every other probe still holds on it (sampled)', async () => {
    // Each mutant against every probe would be 4000 runs; a fixed sample keeps this fast and meaningful.
    const sample: MutantName[] = [
      'amount-zero-accepted',
      'isolation-leak-on-get',
      'rate-limit-global',
      'put-not-applied',
    ];
    // probes of the same rule seen from another side, which the mutant rightly breaks too
    const neighbours: Partial<Record<MutantName, MutantName[]>> = {
      // Zero accepted in any form: 0.00 and -0 too.
      'amount-zero-accepted': [
        'put-amount-zero-accepted',
        'amount-scaled-zero-accepted',
        'amount-negative-zero-accepted',
      ],
      'isolation-leak-on-get': [
        'isolation-403-on-get',
        'isolation-404-title-differs-on-get',
        'isolation-leak-on-get-upper-case-uuid',
      ],
      'put-not-applied': [
        'put-assigns-new-uuid',
        'put-keeps-old-payload',
        'put-external-id-not-reindexed',
        'get-after-put-serves-cached-event',
        'put-answers-update-not-stored',
        'put-keeps-old-multi-currency-amounts',
        'put-type-change-merges-payload',
        'put-currency-not-updatable',
        'put-after-refusal-stuck',
        'put-undone-later',
        // A PUT that never applies never frees the old externalId either.
        'put-old-external-id-kept-reserved',
      ],
    };
    // The probes that fail, named, in one assertion: an expect per probe (680 of them) cost more CPU
    // than the probes themselves (each is a reported step with its stack trace).
    const broken: string[] = [];
    for (const mutant of sample) {
      for (const probe of MUTANT_NAMES) {
        if (probe === mutant || neighbours[mutant]?.includes(probe)) continue;
        if (!(await runProbe(probe, mutant))) broken.push(`probe ${probe} on mutant ${mutant}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

test.describe('reference: several mutants at once (a comma list)', () => {
  // Mutants whose probes need nothing the others break (create-returns-200 would fail every probe's set-up).
  const combined: MutantName[] = [
    'validation-status-422',
    'validation-errors-without-field',
    'amount-stored-as-float32',
  ];

  test('each mutant of the list breaks its rule on the combined server; a rule none breaks holds', async () => {
    const list = combined.join(',');
    for (const name of combined) expect(await runProbe(name, list), `probe ${name}`).toBe(false);
    expect(await runProbe('isolation-leak-on-get', list)).toBe(true);
  });

  test('the combination is named by its list; one name is that mutant', async () => {
    const app = buildReferenceApp({ mutant: ' validation-status-422 , create-returns-200' });
    expect(app.reference.mutant).toBe('validation-status-422,create-returns-200');
    await app.close();
    expect(mutantsByList('create-returns-200').name).toBe('create-returns-200');
    expect(mutantsByList(combined.join(',')).catchingRules).toEqual(
      expect.arrayContaining(
        MUTANTS.filter((m) => combined.includes(m.name as MutantName)).flatMap((m) => m.catchingRules),
      ),
    );
  });

  test('mutants that replace the same hook, or an unknown name, are refused naming them', () => {
    expect(() => buildReferenceApp({ mutant: 'validation-status-422,validation-title-generic' })).toThrow(
      'Reference mutants "validation-status-422" and "validation-title-generic" both replace the hook validationAnswer: they cannot be combined',
    );
    expect(() => buildReferenceApp({ mutant: 'create-returns-200,no-such-mutant' })).toThrow(
      /Unknown reference mutant "no-such-mutant"/,
    );
  });
});
