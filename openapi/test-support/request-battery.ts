/**
 * A battery of requests that draws every kind of answer the spec describes from a server: each
 * operation's success, each header failure, each body validation failure alone and several together,
 * a duplicate, an unknown and another tenant's uuid, a body that is not JSON or not an object, an
 * unknown payload property, a path id that is not a UUID, a missing Content-Type, an externalId longer
 * than a column; given a tenant with a small limit, its requests past the limit (the 429 answers, whose
 * body is a gap). Small enough to send to every variant and mutant of the reference server in seconds.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { EVENTS_PATH, eventPath, HEADERS, JSON_CONTENT_TYPE } from '../../spec/index.ts';
import type { AnsweredExchange } from '../response-validator.ts';

export interface BatteryTenant {
  readonly clientId: string;
  readonly accessToken: string;
}

const payin = (externalId: string) => ({
  externalId,
  type: 'INTERNAL_PAYIN',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 12.5,
  status: 'PENDING',
  originalStatus: 'NEW',
  payload: { channel: 'ONLINE', payerName: 'A. Payer' },
  multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 13.1 }],
});

const INVALID_BODIES: readonly ((id: string) => unknown)[] = [
  (id) => ({ ...payin(id), externalId: '' }),
  (id) => ({ ...payin(id), type: 'internal_payin' }),
  (id) => ({ ...payin(id), countryCode: 'XX' }),
  (id) => ({ ...payin(id), currencyCode: 'EURO' }),
  (id) => ({ ...payin(id), amount: 0 }),
  (id) => ({ ...payin(id), status: 'DONE' }),
  (id) => ({ ...payin(id), multiCurrencyAmounts: [{ currencyCode: 'XXY', amount: -1 }] }),
  (id) => ({ ...payin(id), payload: { channel: 'FAX', beneficiaryName: 'B' } }),
  (id) => ({ ...payin(id), type: 'INTERNAL_PAYOUT', payload: { payerName: 'A' } }),
  (id) => ({ ...payin(id), payload: { surprise: true } }),
  (id) => ({ ...payin(id), amount: '12.50' }),
  (id) => ({ ...payin(id), externalId: 'x'.repeat(300) }),
  (id) => ({ ...payin(id), amount: -1, countryCode: 'XX', status: 'DONE', currencyCode: 'ZZZ' }),
];

/** The uuid of a creation result, if the text is one: a server under test may answer anything. */
const uuidIn = (text: string): string | undefined => {
  try {
    const { uuid } = JSON.parse(text) as { uuid?: unknown };
    return typeof uuid === 'string' ? uuid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Requests a throttled tenant sends, a GET and a POST in turn: past a limit of at most four a window,
 * both kinds of request meet a 429.
 */
const THROTTLED_REQUESTS = 8;

export const sendBattery = async (
  baseUrl: string,
  tenant: BatteryTenant,
  other: BatteryTenant,
  /** A tenant whose limit is a few requests a window: its requests past it are answered 429. */
  throttled?: BatteryTenant,
): Promise<AnsweredExchange[]> => {
  const exchanges: AnsweredExchange[] = [];
  const headersOf = (who: Partial<BatteryTenant>, contentType: string | undefined = JSON_CONTENT_TYPE) => ({
    ...(who.clientId === undefined ? {} : { [HEADERS.clientId]: who.clientId }),
    ...(who.accessToken === undefined ? {} : { [HEADERS.accessToken]: who.accessToken }),
    ...(contentType === undefined ? {} : { [HEADERS.contentType]: contentType }),
  });
  const send = async (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    who: Partial<BatteryTenant> = tenant,
    contentType?: string,
  ): Promise<string> => {
    const raw = typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body);
    const answer = await request(`${baseUrl}${path}`, {
      method,
      headers: headersOf(who, contentType ?? JSON_CONTENT_TYPE),
      ...(raw === undefined ? {} : { body: raw }),
    });
    const text = await answer.body.text();
    exchanges.push({ method, path, status: answer.statusCode, body: text });
    return text;
  };
  const id = () => `openapi-battery-${randomUUID()}`;
  const created = uuidIn(await send('POST', EVENTS_PATH, payin(id())));
  const uuid = created ?? randomUUID();
  const path = eventPath(uuid);
  const duplicate = id();
  await send('POST', EVENTS_PATH, payin(duplicate));
  await send('POST', EVENTS_PATH, payin(duplicate));
  await send('GET', path);
  await send('PUT', path, { ...payin(id()), status: 'BOOKED' });
  await send('GET', path);
  await send('GET', eventPath(randomUUID()));
  await send('PUT', eventPath(randomUUID()), payin(id()));
  await send('GET', path, undefined, other);
  await send('PUT', path, payin(id()), other);
  await send('GET', eventPath('not-a-uuid'));
  for (const who of [
    { clientId: tenant.clientId },
    { clientId: tenant.clientId, accessToken: 'svc_test_not-a-token-of-anyone' },
    { accessToken: tenant.accessToken },
    { clientId: 'not-a-uuid', accessToken: tenant.accessToken },
    { clientId: other.clientId, accessToken: tenant.accessToken },
  ]) {
    await send('GET', path, undefined, who);
    await send('POST', EVENTS_PATH, payin(id()), who);
  }
  for (const body of INVALID_BODIES) {
    await send('POST', EVENTS_PATH, body(id()));
    await send('PUT', path, body(id()));
  }
  await send('POST', EVENTS_PATH, '{"externalId": ');
  await send('POST', EVENTS_PATH, 'null');
  await send('PUT', path, '[1, 2]');
  await send('POST', EVENTS_PATH, payin(id()), tenant, 'text/plain');
  if (throttled !== undefined)
    for (let sent = 0; sent < THROTTLED_REQUESTS; sent += 1) {
      if (sent % 2 === 0) await send('GET', eventPath(randomUUID()), undefined, throttled);
      else await send('POST', EVENTS_PATH, payin(id()), throttled);
    }
  return exchanges;
};
