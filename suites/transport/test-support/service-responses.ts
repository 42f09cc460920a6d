/** Answers as the suite's clients give them, for the tests of the suites' helpers: a status, a body, its exchange. */
import type { HttpExchange } from '../../../run-records/http-exchange.ts';
import type { ServiceResponse } from '../service-client.ts';

/** A JSON body unless a string is given; a body that is not JSON has no `json`. */
export const serviceResponse = (
  status: number,
  body: unknown,
  contentType = 'application/json',
): ServiceResponse => {
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
