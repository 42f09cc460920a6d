/**
 * The grader on recorded exchanges written by hand: strict where the spec speaks, tolerant where it is
 * silent, and "not exercised" (never passed) when the client did not do what a rule is about.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import type { RecordedExchange } from './exchange.ts';
import { MIN_429_DELAY_MS } from './faults.ts';
import {
  CLIENT_TURNS_PER_RETRY,
  certificationOf,
  type GradingContext,
  gradeClient,
  type RuleGrade,
} from './grader.ts';
import type { Stall } from './stall-monitor.ts';

const UUID = '0b6f3c2e-5a1d-4c1e-9f3a-2d4b6c8e0a1f';
const HEADERS = {
  'x-client-id': '6f1c2d3e-4b5a-4978-8c9d-0e1f2a3b4c5d',
  'x-access-token': 'svc_test_abcdefghijklmnop',
  'content-type': 'application/json; charset=utf-8',
};

let clock = 0;
const exchange = (
  method: string,
  url: string,
  status: number | undefined,
  extra: Partial<RecordedExchange> = {},
): Omit<RecordedExchange, 'seq'> => {
  clock += 10;
  return {
    method,
    url,
    headers: HEADERS,
    body: method === 'GET' ? '' : JSON.stringify({ externalId: 'e-1', amount: 1 }),
    sentAt: clock,
    answeredAt: status === undefined ? undefined : clock + 5,
    status,
    responseBody: '',
    responseHeaders: {},
    fault: undefined,
    forwarded: true,
    ...extra,
  };
};
const post = (status: number | undefined, extra: Partial<RecordedExchange> = {}) =>
  exchange('POST', EVENTS_PATH, status, extra);
const get = (status: number, extra: Partial<RecordedExchange> = {}) =>
  exchange('GET', `${EVENTS_PATH}/${UUID}`, status, extra);
const put = (status: number, extra: Partial<RecordedExchange> = {}) =>
  exchange('PUT', `${EVENTS_PATH}/${UUID}`, status, extra);

const gradedWith = (
  context: Omit<GradingContext, 'environment'>,
  ...exchanges: Omit<RecordedExchange, 'seq'>[]
): Record<string, RuleGrade> =>
  Object.fromEntries(
    gradeClient(
      exchanges.map((e, i) => ({ ...e, seq: i + 1 })),
      { environment: 'sandbox', ...context },
    ).map((g) => [g.rule.id, g]),
  );
const graded = (...exchanges: Omit<RecordedExchange, 'seq'>[]): Record<string, RuleGrade> =>
  gradedWith({}, ...exchanges);

test('CLIENT-CONFIRM-BEFORE-RETRY: a POST retried after a 500 fails, unless a GET came in between', () => {
  expect(graded(post(500), post(400))['CLIENT-CONFIRM-BEFORE-RETRY']?.verdict).toBe('failed');
  expect(graded(post(500), get(404), post(201))['CLIENT-CONFIRM-BEFORE-RETRY']?.verdict).toBe('passed');
  // A GET that could not tell (throttled, failed) confirmed nothing; one answered after it does.
  for (const status of [429, 500, 401])
    expect(graded(post(500), get(status), post(201))['CLIENT-CONFIRM-BEFORE-RETRY']?.verdict).toBe('failed');
  expect(graded(post(500), get(429), get(200), post(400))['CLIENT-CONFIRM-BEFORE-RETRY']?.verdict).toBe(
    'passed',
  );
  expect(graded(post(undefined), post(400))['CLIENT-CONFIRM-BEFORE-RETRY']?.findings[0]?.summary).toContain(
    'the client gave up waiting',
  );
  // A client that gives up after the 5xx keeps the rule; one that never met a 5xx is not graded.
  expect(graded(post(500))['CLIENT-CONFIRM-BEFORE-RETRY']?.verdict).toBe('passed');
  expect(graded(post(201))['CLIENT-CONFIRM-BEFORE-RETRY']?.verdict).toBe('not-exercised');
});

test('CLIENT-NO-REPOST-AFTER-201 and CLIENT-UPDATE-BY-PUT: the same content again is a retry, other content an update', () => {
  const again = graded(post(201), post(400));
  expect(again['CLIENT-NO-REPOST-AFTER-201']?.verdict).toBe('failed');
  expect(again['CLIENT-UPDATE-BY-PUT']?.verdict).toBe('not-exercised');
  const changed = graded(post(201), post(400, { body: JSON.stringify({ amount: 2, externalId: 'e-1' }) }));
  expect(changed['CLIENT-UPDATE-BY-PUT']?.verdict).toBe('failed');
  expect(changed['CLIENT-NO-REPOST-AFTER-201']?.verdict).toBe('passed');
  // Keys in another order are the same content.
  const reordered = graded(post(201), post(400, { body: '{"amount":1,"externalId":"e-1"}' }));
  expect(reordered['CLIENT-NO-REPOST-AFTER-201']?.verdict).toBe('failed');
  expect(graded(post(201), put(200))['CLIENT-UPDATE-BY-PUT']?.verdict).toBe('passed');
});

test('CLIENT-NO-AUTO-RETRY-5XX: a PUT repeated after a 500 is an advisory unless a GET of that event came first', () => {
  const blind = graded(post(201), put(500), put(200));
  expect(blind['CLIENT-NO-AUTO-RETRY-5XX']?.verdict).toBe('failed');
  expect(certificationOf(Object.values(blind), false)).toBe('certified');
  expect(certificationOf(Object.values(blind), true)).toBe('not-certified');
  expect(graded(post(201), put(500), get(200), put(200))['CLIENT-NO-AUTO-RETRY-5XX']?.verdict).toBe('passed');
  expect(graded(post(201), put(500), get(429), put(200))['CLIENT-NO-AUTO-RETRY-5XX']?.verdict).toBe('failed');
  const otherEvent = get(200, { url: `${EVENTS_PATH}/1b6f3c2e-5a1d-4c1e-9f3a-2d4b6c8e0a1f` });
  expect(graded(post(201), put(500), otherEvent, put(200))['CLIENT-NO-AUTO-RETRY-5XX']?.verdict).toBe(
    'failed',
  );
});

test('CLIENT-429-DELAY: any delay of 100 ms or more passes (fixed, exponential, jittered); an immediate retry fails', () => {
  /** A GET answered 429 `retries` times, each retried after the next delay, then answered 200. */
  const retried = (delays: readonly number[]) => {
    clock = 0;
    const sent = [get(429)];
    for (const [index, delay] of delays.entries()) {
      const previous = sent.at(-1) as Omit<RecordedExchange, 'seq'>;
      const sentAt = (previous.answeredAt as number) + delay;
      const last = index === delays.length - 1;
      sent.push({ ...get(last ? 200 : 429), sentAt, answeredAt: sentAt + 5 });
    }
    return graded(...sent)['CLIENT-429-DELAY']?.verdict;
  };
  // The boundary: exactly the shortest delay that counts as one passes; a millisecond less does not.
  expect(MIN_429_DELAY_MS).toBe(100);
  expect(retried([MIN_429_DELAY_MS])).toBe('passed');
  expect(retried([MIN_429_DELAY_MS - 1])).toBe('failed');
  expect(retried([100, 100, 100])).toBe('passed'); // fixed
  expect(retried([100, 200, 400, 800])).toBe('passed'); // exponential
  expect(retried([137, 251, 104, 389])).toBe('passed'); // jittered, every delay at least 100 ms
  expect(retried([137, 251, 99, 389])).toBe('failed'); // one jittered delay too short is enough
  expect(retried([3])).toBe('failed'); // at once
  expect(graded(get(200))['CLIENT-429-DELAY']?.verdict).toBe('not-exercised');
});

test('CLIENT-429-DELAY on a busy machine: a late retry is a delay only when later than the waits around it; a quick one fails all the same', () => {
  /** A POST answered 429 at 15 ms, sent again `delay` ms later and created. */
  const retriedAfter = (delay: number, stalls: readonly Stall[]) => {
    clock = 0;
    const limited = post(429);
    const retry = post(201, { sentAt: (limited.answeredAt as number) + delay });
    return gradedWith({ stalls }, limited, retry)['CLIENT-429-DELAY'];
  };
  const machine = (endedAt: number, ms: number): Stall => ({ endedAt, ms, of: 'machine' });
  const process = (endedAt: number, ms: number): Stall => ({ endedAt, ms, of: 'process' });
  expect(CLIENT_TURNS_PER_RETRY).toBe(2);
  // 130 ms after (at 145 ms), the machine's threads held 15 ms once: the client's two turns explain 30 ms.
  expect(retriedAfter(130, [machine(60, 15)])?.verdict).toBe('passed');
  // Held 16 ms: the 130 ms could be a retry sent at once that waited its turns: not established, never passed.
  const blurred = retriedAfter(130, [machine(60, 16)]);
  expect(blurred).toMatchObject({ verdict: 'not-established', findings: [], occasions: 1 });
  expect(blurred?.unestablished).toBe(
    'the machine was too busy to tell a delay from none: the POST of #1 got 429 and came again 130 ms later, of which waits for a turn to run may have taken 32 ms (1 of 1 retries so)',
  );
  // The recording's own stall counts where it held the retry unread (ending when the retry was taken),
  // and where it held the 429 it had already timed (around the answer).
  expect(retriedAfter(130, [process(150, 31)])?.verdict).toBe('not-established');
  expect(retriedAfter(130, [process(150, 30)])?.verdict).toBe('passed');
  expect(retriedAfter(130, [process(24, 31)])?.verdict).toBe('not-established');
  // Its stall in between, while the client waited (its own start-up, say), held nothing.
  expect(retriedAfter(130, [process(110, 60)])?.verdict).toBe('passed');
  // A stall before the 429 or after the retry says nothing of the delay.
  expect(retriedAfter(130, [machine(10, 100), machine(500, 300)])?.verdict).toBe('passed');
  // Waiting only adds time: a retry sooner than 100 ms is at once however busy the machine.
  expect(retriedAfter(40, [machine(50, 500)])?.verdict).toBe('failed');
  // One quick retry fails the rule even beside one left not established.
  clock = 0;
  const first = post(429);
  const again = post(429, { sentAt: (first.answeredAt as number) + 130 });
  const third = post(201, { sentAt: (again.answeredAt as number) + 20 });
  expect(gradedWith({ stalls: [machine(60, 50)] }, first, again, third)['CLIENT-429-DELAY']?.verdict).toBe(
    'failed',
  );
  // Not established does not fail a certificate, strict or not.
  expect(certificationOf([blurred as RuleGrade], true)).toBe('certified');
});

test('CLIENT-HEADERS-EVERY-REQUEST, CLIENT-TOKEN-*, CLIENT-PATH-ID-IS-UUID: one request wrong is enough', () => {
  const { 'content-type': _, ...noContentType } = HEADERS;
  expect(
    graded(get(200, { headers: noContentType }))['CLIENT-HEADERS-EVERY-REQUEST']?.findings[0]?.summary,
  ).toBe('GET with no Content-Type');
  expect(
    graded(get(200, { headers: { ...HEADERS, 'x-client-id': 'tenant-a' } }))['CLIENT-HEADERS-EVERY-REQUEST']
      ?.verdict,
  ).toBe('failed');
  const live = { ...HEADERS, 'x-access-token': 'svc_live_abcdefghijklmnop' };
  expect(graded(get(200, { headers: live }))['CLIENT-TOKEN-ENVIRONMENT']?.verdict).toBe('failed');
  const inUrl = get(200, { url: `${EVENTS_PATH}/${UUID}?key=svc_test_abcdefghijklmnop` });
  expect(graded(inUrl)['CLIENT-TOKEN-NOT-IN-URL']?.verdict).toBe('failed');
  expect(graded(get(200, { url: `${EVENTS_PATH}/e-1` }))['CLIENT-PATH-ID-IS-UUID']?.verdict).toBe('failed');
  const clean = graded(get(200));
  for (const id of ['CLIENT-HEADERS-EVERY-REQUEST', 'CLIENT-TOKEN-ENVIRONMENT', 'CLIENT-TOKEN-NOT-IN-URL'])
    expect(clean[id]?.verdict).toBe('passed');
  expect(clean['CLIENT-BODY-IS-JSON']?.verdict).toBe('not-exercised');
});

test('CLIENT-TOKEN-*: against a service of its own prefixes (th_test_, th_live_), its tokens are judged by them', () => {
  const prefixes = { sandbox: 'th_test_', production: 'th_live_' } as const;
  const gradedAt = (token: string, url = `${EVENTS_PATH}/${UUID}`) =>
    Object.fromEntries(
      gradeClient([{ ...get(200, { url, headers: { ...HEADERS, 'x-access-token': token } }), seq: 1 }], {
        environment: 'sandbox',
        tokenPrefixes: prefixes,
      }).map((g) => [g.rule.id, g]),
    );
  expect(gradedAt('th_test_abcdefghijklmnop')['CLIENT-TOKEN-ENVIRONMENT']?.verdict).toBe('passed');
  expect(gradedAt('th_live_abcdefghijklmnop')['CLIENT-TOKEN-ENVIRONMENT']?.findings[0]?.summary).toBe(
    'GET in sandbox with a production token (th_live_…); sandbox takes th_test_… only',
  );
  // A token of the service's own shape in a URL is a token in a URL, whoever's it is.
  expect(
    gradedAt('th_test_abcdefghijklmnop', `${EVENTS_PATH}/${UUID}?key=th_test_someoneelse0123`)[
      'CLIENT-TOKEN-NOT-IN-URL'
    ]?.verdict,
  ).toBe('failed');
});
