/** HAR files made by hand for the gate's tests: a browser's export, a proxy's, and broken ones. */
import { randomUUID } from 'node:crypto';

export const SERVICE_PATH = '/api/h2h/ingestion/financial-events';

interface HandExchange {
  readonly method: string;
  /** The path after the service's own (`''` or `/<uuid>`). */
  readonly path: string;
  readonly clientId: string;
  readonly token?: string;
  readonly body?: unknown;
  readonly status: number;
  readonly answer?: unknown;
  /** Give the answer's content as base64, as browsers do for some bodies. */
  readonly base64?: boolean;
}

/** One entry as Chrome's DevTools exports it over HTTP/2: pseudo-headers, timings, its own fields. */
const browserEntry = (origin: string, e: HandExchange) => {
  const text = e.answer === undefined ? '' : JSON.stringify(e.answer);
  return {
    _initiator: { type: 'script' },
    _priority: 'High',
    _resourceType: 'fetch',
    cache: {},
    connection: '443',
    pageref: 'page_1',
    request: {
      method: e.method,
      url: `${origin}/gateway/v1${SERVICE_PATH}${e.path}`,
      httpVersion: 'h2',
      headers: [
        { name: ':authority', value: 'gw.example' },
        { name: ':method', value: e.method },
        { name: 'X-Client-Id', value: e.clientId },
        { name: 'X-Access-Token', value: e.token ?? 'svc_test_<redacted>' },
        { name: 'Content-Type', value: 'application/json' },
        { name: 'cookie', value: 'session=abc' },
      ],
      queryString: [],
      cookies: [{ name: 'session', value: 'abc' }],
      headersSize: -1,
      bodySize: 0,
      ...(e.body === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: JSON.stringify(e.body) } }),
    },
    response: {
      status: e.status,
      statusText: '',
      httpVersion: 'h2',
      headers: [{ name: 'content-type', value: 'application/json; charset=utf-8' }],
      cookies: [],
      content: e.base64
        ? {
            size: text.length,
            mimeType: 'application/json',
            text: Buffer.from(text).toString('base64'),
            encoding: 'base64',
          }
        : { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _transferSize: 512,
      _error: null,
    },
    serverIPAddress: '203.0.113.7',
    startedDateTime: '2026-11-28T10:00:00.000Z',
    time: 42.5,
    timings: {
      blocked: 1,
      dns: -1,
      ssl: -1,
      connect: -1,
      send: 0.2,
      wait: 40,
      receive: 1.3,
      _blocked_queueing: 0.5,
    },
  };
};

/** A page's asset: not the service's, skipped. */
const assetEntry = (origin: string) => ({
  request: {
    method: 'GET',
    url: `${origin}/static/app.js`,
    headers: [],
    httpVersion: 'h2',
    queryString: [],
    cookies: [],
  },
  response: { status: 200, headers: [], content: { size: 10, mimeType: 'text/javascript', text: 'void 0;' } },
  startedDateTime: '2026-11-28T10:00:00.000Z',
  time: 3,
  timings: { send: 0, wait: 3, receive: 0 },
});

export const browserHar = (exchanges: readonly HandExchange[], origin = 'https://gw.example'): string =>
  JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [
        { id: 'page_1', title: 'Back office', startedDateTime: '2026-11-28T10:00:00.000Z', pageTimings: {} },
      ],
      entries: [assetEntry(origin), ...exchanges.map((e) => browserEntry(origin, e))],
    },
  });

export const VALID_EVENT = (externalId: string) => ({
  externalId,
  type: 'INTERNAL_PAYIN',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 12.5,
  status: 'PENDING',
  payload: { channel: 'ONLINE' },
});

/** A tenant that creates an event, reads it, creates it again (a duplicate) and creates another. */
export const dedupTraffic = (clientId: string, base64 = false): HandExchange[] => {
  const uuid = randomUUID();
  const event = VALID_EVENT('order-1');
  return [
    { method: 'POST', path: '', clientId, body: event, status: 201, answer: { uuid } },
    { method: 'GET', path: `/${uuid}`, clientId, status: 200, answer: { uuid, ...event }, base64 },
    {
      method: 'POST',
      path: '',
      clientId,
      body: event,
      status: 400,
      answer: { status: 400, errorCode: 'ERR-4001', title: 'externalId already exists for this tenant' },
    },
    {
      method: 'POST',
      path: '',
      clientId,
      body: VALID_EVENT('order-2'),
      status: 201,
      answer: { uuid: randomUUID() },
    },
  ];
};
