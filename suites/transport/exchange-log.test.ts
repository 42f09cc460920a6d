/**
 * Kit tests of a check's exchange log (exchange-log.ts): every answer is held to part 7 as it comes,
 * and what is kept stays within bounds however many requests a check sends.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { HttpExchange } from '../../run-records/http-exchange.ts';
import {
  ExchangeLog,
  KEPT_ERROR_BODY_FINDINGS,
  KEPT_FIRST,
  KEPT_RECENT,
  ReusedDataError,
} from './exchange-log.ts';
import { eventPost } from './test-support/event-posts.ts';

const exchangeOf = (n: number, status: number, body: string): HttpExchange => ({
  request: { method: 'GET', url: `http://127.0.0.1:1/api/h2h/events/${n}`, headers: {}, body: undefined },
  response: { status, headers: { 'content-type': 'application/json' }, body },
  error: undefined,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
});

const THROTTLED = JSON.stringify({ status: 429, errorCode: 'ERR-429', title: 'Too many requests' });
/** A 429 whose body is no JSON object: part 7 broken. */
const BROKEN = 'Too many requests';

test('EXCHANGE-LOG: 300,000 exchanges keep the first, the recent and a few that broke part 7, counting the rest', () => {
  const log = new ExchangeLog();
  for (let n = 0; n < 300_000; n += 1) log.push(exchangeOf(n, 429, n % 1000 === 0 ? BROKEN : THROTTLED));
  expect(log.length).toBe(300_000);
  const { kept, more } = log.errorBodyFindings();
  expect(kept).toHaveLength(KEPT_ERROR_BODY_FINDINGS);
  expect(kept[0]?.exchange.request.url).toMatch(/\/0$/);
  expect(kept[0]?.judgement.violations.map((v) => v.rule)).toContain('ERROR-BODY-SHAPE');
  expect(more).toBe(300 - KEPT_ERROR_BODY_FINDINGS);
  // The report's ends: the first and the last, in order.
  const ends = log.ends(KEPT_FIRST);
  expect(ends).toHaveLength(2 * KEPT_FIRST);
  expect(ends[0]?.request.url).toMatch(/\/0$/);
  expect(ends.at(-1)?.request.url).toMatch(/\/299999$/);
  // A property's run reads back its own recent requests; older ones are said to be gone.
  expect(log.slice(299_990).map((e) => e.request.url.split('/').at(-1))).toEqual(
    Array.from({ length: 10 }, (_, i) => String(299_990 + i)),
  );
  expect(() => log.slice(300_000 - 2 * KEPT_RECENT)).toThrow(RangeError);
});

test('EXCHANGE-LOG: a short check keeps everything, and a body that keeps part 7 is no finding', () => {
  const log = new ExchangeLog();
  for (let n = 0; n < 5; n += 1) log.push(exchangeOf(n, 429, THROTTLED));
  expect(log.ends(KEPT_FIRST)).toHaveLength(5);
  expect(log.slice(0)).toHaveLength(5);
  expect(log.slice(5)).toEqual([]);
  expect(log.errorBodyFindings()).toEqual({ kept: [], more: 0 });
});

const UNAVAILABLE = JSON.stringify({ status: 503, title: 'Service Unavailable' });

test('EXCHANGE-LOG: a check started afresh keeps its first attempt as evidence, judges none of it, and refuses its externalIds', () => {
  const log = new ExchangeLog();
  log.collectExternalIds();
  log.push(eventPost('run-a', 400, BROKEN));
  log.push(eventPost('', 201, '{}'));
  log.push(eventPost('run-b', 503, BROKEN));
  // The 503 met the window; the 400 whose body broke part 7 is a deviation seen outside it.
  expect(log.findingsOutsideUnavailability()).toBe(1);
  log.startAfresh(KEPT_FIRST);
  expect(log.earlier().map((e) => e.response?.status)).toEqual([400, 201, 503]);
  expect(log.length).toBe(0);
  expect(log.errorBodyFindings().kept).toEqual([]);
  // A blank externalId names nothing a deployment could have stored: a fault may send it every attempt.
  log.push(eventPost('', 201, '{}'));
  log.push(eventPost('run-c', 201, UNAVAILABLE));
  expect(() => log.push(eventPost('run-b', 201, '{}'))).toThrow(ReusedDataError);
  expect(() => log.push(eventPost('run-a', 201, '{}'))).toThrow(
    /externalId run-a, which its first attempt had sent/,
  );
});
