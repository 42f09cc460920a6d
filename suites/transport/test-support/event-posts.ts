/** A POST of an event with this externalId, and the answer it got: for kit tests of a check's exchanges. */
import type { HttpExchange } from '../../../run-records/http-exchange.ts';

export const eventPost = (externalId: string, status: number, body = '{}'): HttpExchange => ({
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:1/api/h2h/events',
    headers: {},
    body: JSON.stringify({ externalId, amount: 1 }),
  },
  response: { status, headers: { 'content-type': 'application/json' }, body },
  error: undefined,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
});
