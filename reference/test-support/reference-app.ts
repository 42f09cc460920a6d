/**
 * Shared by the reference server's kit tests (reference/*.test.ts): valid events, a small client over
 * app.inject, and the assertions on the error bodies of part 7. Written from the spec directly; it
 * imports nothing from generators/ or suites/.
 */
import { expect } from '@playwright/test';
import { ERROR_CODE_PATTERN, EVENTS_PATH } from '../../spec/index.ts';
import { buildReferenceApp, type ReferenceApp } from '../app.ts';
import type { ReferenceServerOptions, SeededTenant } from '../types.ts';

export { EVENTS_PATH };
export const eventUrl = (uuid: string): string => `${EVENTS_PATH}/${uuid}`;

let sequence = 0;
export const uniqueExternalId = (label = 'evt'): string => {
  sequence += 1;
  return `${label}-${process.pid}-${Date.now()}-${sequence}`;
};

export type EventBody = Record<string, unknown>;

export const payinEvent = (overrides: EventBody = {}): EventBody => ({
  externalId: uniqueExternalId('payin'),
  type: 'INTERNAL_PAYIN',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 125.5,
  status: 'PENDING',
  originalStatus: 'CREATED',
  payload: {
    channel: 'ONLINE',
    payerName: 'Ada Lovelace',
    payerPersonalIdType: 'PASSPORT',
    payerPersonalId: 'X123',
  },
  multiCurrencyAmounts: [
    { currencyCode: 'USD', amount: 135.25 },
    { currencyCode: 'GBP', amount: 107.9 },
  ],
  ...overrides,
});

export const payoutEvent = (overrides: EventBody = {}): EventBody => ({
  externalId: uniqueExternalId('payout'),
  type: 'INTERNAL_PAYOUT',
  countryCode: 'BR',
  currencyCode: 'BRL',
  amount: 0.01,
  status: 'BOOKED',
  originalStatus: 'settled',
  payload: {
    channel: 'CASH',
    beneficiaryName: 'Alan Turing',
    beneficiaryPersonalIdType: 'CPF',
    beneficiaryPersonalId: '123.456.789-00',
  },
  ...overrides,
});

/** A copy of an event without some fields. */
export const without = (event: EventBody, ...fields: string[]): EventBody =>
  Object.fromEntries(Object.entries(event).filter(([key]) => !fields.includes(key)));

export const credentialHeaders = (tenant: SeededTenant): Record<string, string> => ({
  'x-client-id': tenant.clientId,
  'x-access-token': tenant.accessToken,
});

export const jsonHeaders = (tenant: SeededTenant): Record<string, string> => ({
  ...credentialHeaders(tenant),
  'content-type': 'application/json',
});

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | number | undefined>;
  readonly text: string;
  /** The body parsed as JSON (undefined for an empty or non-JSON body). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies loosely and assert their shape
  readonly body: any;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface RawRequest {
  readonly method: Method;
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer byte for byte. */
  readonly payload?: unknown;
  readonly remoteAddress?: string;
}

export const send = async (app: ReferenceApp, request: RawRequest): Promise<Answer> => {
  const payload =
    request.payload === undefined || typeof request.payload === 'string' || Buffer.isBuffer(request.payload)
      ? request.payload
      : JSON.stringify(request.payload);
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as string | Buffer }),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  let body: unknown;
  try {
    body = response.body === '' ? undefined : JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text: response.body, body };
};

/** A tenant's view of the app: the three endpoints with that tenant's headers. */
export class TenantClient {
  readonly app: ReferenceApp;
  readonly tenant: SeededTenant;
  constructor(app: ReferenceApp, tenant: SeededTenant) {
    this.app = app;
    this.tenant = tenant;
  }

  post(body: unknown, headers: Record<string, string> = jsonHeaders(this.tenant)): Promise<Answer> {
    return send(this.app, { method: 'POST', url: EVENTS_PATH, headers, payload: body });
  }

  get(uuid: string, headers: Record<string, string> = credentialHeaders(this.tenant)): Promise<Answer> {
    return send(this.app, { method: 'GET', url: eventUrl(uuid), headers });
  }

  put(
    uuid: string,
    body: unknown,
    headers: Record<string, string> = jsonHeaders(this.tenant),
  ): Promise<Answer> {
    return send(this.app, { method: 'PUT', url: eventUrl(uuid), headers, payload: body });
  }

  /**
   * POSTs a valid event and returns its uuid (fails the test if it was not created). A set-up step
   * the mutants' probes take hundreds of times: a thrown error, not an expect, which Playwright
   * reports as a step of its own with its stack trace.
   */
  async create(event: EventBody = payinEvent()): Promise<string> {
    const answer = await this.post(event);
    if (answer.status !== 201)
      throw new Error(`creating an event: expected 201, got ${answer.status}: ${answer.text}`);
    return answer.body.uuid as string;
  }
}

export interface Harness {
  readonly app: ReferenceApp;
  readonly a: TenantClient;
  readonly b: TenantClient;
  readonly rateLimited: TenantClient;
}

export const harness = (options: ReferenceServerOptions = {}): Harness => {
  const app = buildReferenceApp(options);
  const { A, B, RATE_LIMIT } = app.reference.tenants;
  return {
    app,
    a: new TenantClient(app, A),
    b: new TenantClient(app, B),
    rateLimited: new TenantClient(app, RATE_LIMIT),
  };
};

/** Builds an app, runs `fn` against it, and always closes it. */
export const withHarness = async <T>(
  options: ReferenceServerOptions,
  fn: (h: Harness) => Promise<T>,
): Promise<T> => {
  const h = harness(options);
  try {
    return await fn(h);
  } finally {
    await h.app.close();
  }
};

/**
 * What part 7.1 asks of an error answer, read from it: the helpers below compare it with what it must
 * be in one expect. Playwright reports every expect as a step with its stack trace, a few milliseconds
 * of CPU each, and these helpers run thousands of times in the reference's tests; one comparison of
 * the whole reading keeps every check and shows every difference at once.
 */
const errorReading = (answer: Answer) => ({
  contentType: String(answer.headers['content-type']),
  status: answer.body?.status,
  statusIsInteger: Number.isInteger(answer.body?.status),
  errorCode: answer.body?.errorCode,
  titleType: typeof answer.body?.title,
  stackTraceShown: /\bat .+\.(ts|js):\d+/.test(answer.text),
});

/** What errorReading must read on any error answer of this status. */
const structuredError = (status: number) => ({
  contentType: expect.stringContaining('application/json'),
  status,
  statusIsInteger: true,
  errorCode: expect.stringMatching(ERROR_CODE_PATTERN),
  titleType: 'string',
  stackTraceShown: false,
});

/** A reading of an answer and what it must be, compared by the caller (alone, or among many). */
export interface ReadingFact {
  readonly reading: Record<string, unknown>;
  readonly expected: Record<string, unknown>;
}

/** Part 7.1: JSON content type, integer status equal to the HTTP status, ERR-nnnn code, string title. */
export const structuredErrorFact = (answer: Answer): ReadingFact => ({
  reading: errorReading(answer),
  expected: structuredError(answer.status),
});

/** Part 7.1 with the HTTP status and the error code the answer must have. */
export const simpleErrorFact = (answer: Answer, status: number, errorCode: string): ReadingFact => ({
  reading: { httpStatus: answer.status, ...errorReading(answer) },
  expected: { httpStatus: status, ...structuredError(status), errorCode },
});

export const expectStructuredError = (answer: Answer): void => {
  const { reading, expected } = structuredErrorFact(answer);
  expect(reading, answer.text).toEqual(expected);
};

export const expectSimpleError = (answer: Answer, status: number, errorCode: string): void => {
  const { reading, expected } = simpleErrorFact(answer, status, errorCode);
  expect(reading, answer.text).toEqual(expected);
};

/**
 * Part 7.2 with the reference's defaults: 400, title about validation errors, top-level code of the
 * first failure, and exactly these failures (field in dot notation, code), in this order.
 */
export const validationErrorsFact = (
  answer: Answer,
  expected: readonly (readonly [string, string])[],
): ReadingFact => {
  const items = Array.isArray(answer.body?.errors)
    ? (answer.body.errors as { field: string; errorCode: string; message: unknown }[])
    : [];
  return {
    reading: {
      httpStatus: answer.status,
      ...errorReading(answer),
      title: answer.body?.title,
      items: items.map((item) => [item.field, item.errorCode]),
      messageTypes: items.map((item) => typeof item.message),
      firstItemCode: items[0]?.errorCode,
    },
    expected: {
      httpStatus: 400,
      ...structuredError(400),
      title: expect.stringMatching(/one or more validation errors occurred/i),
      items: expected.map(([field, code]) => [field, code]),
      messageTypes: expected.map(() => 'string'),
      firstItemCode: answer.body?.errorCode,
    },
  };
};

export const expectValidationErrors = (
  answer: Answer,
  expected: readonly (readonly [string, string])[],
): void => {
  const { reading, expected: wanted } = validationErrorsFact(answer, expected);
  expect(reading, answer.text).toEqual(wanted);
};
