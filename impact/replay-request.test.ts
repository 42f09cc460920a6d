/**
 * What the replay sends for a recorded request, and how a replayed answer is compared: the sandbox
 * tenant's credentials (a refused token stays refused), externalIds re-keyed alike in bodies and
 * queries, uuids mapped; and a difference that the baseline shows as noise, or already gives, left out.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { type Baseline, differencesOf } from './differences.ts';
import type { Replay } from './replay.ts';
import { ReplayState } from './replay-request.ts';
import type { TrafficExchange } from './traffic.ts';

const PATH = '/api/h2h/ingestion/financial-events';
const RECORDED = randomUUID();
const SANDBOX = { name: 'A', clientId: randomUUID(), accessToken: 'svc_test_sandboxTokenOfTheReplay' };

const exchange = (extra: Partial<TrafficExchange>): TrafficExchange => ({
  seq: 1,
  method: 'GET',
  url: PATH,
  requestHeaders: {
    'x-client-id': RECORDED,
    'x-access-token': 'svc_test_<redacted>',
    host: 'gw',
    cookie: 'a=b',
  },
  requestBody: '',
  status: 200,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{}',
  forwarded: true,
  ...extra,
});

test("IMPACT replay: the sandbox tenant's id and token replace the recorded ones; a refused token stays refused; another tenant's cannot be had", () => {
  const state = new ReplayState(RECORDED, SANDBOX, 'tag1');
  const sent = state.rewrite(exchange({}));
  expect(sent.ok && sent.request.headers).toEqual({
    'x-client-id': SANDBOX.clientId,
    'x-access-token': SANDBOX.accessToken,
  });
  const refused = state.rewrite(
    exchange({ status: 401, responseBody: '{"status":401,"errorCode":"ERR-1002","title":"t"}' }),
  );
  const token = refused.ok ? refused.request.headers['x-access-token'] : '';
  expect(token).toMatch(/^svc_test_/);
  expect(token).not.toBe(SANDBOX.accessToken);
  const foreign = state.rewrite(
    exchange({ status: 403, responseBody: '{"status":403,"errorCode":"ERR-1003","title":"t"}' }),
  );
  expect(foreign).toEqual({
    ok: false,
    reason: "request 1 used another tenant's token, which the replay does not have",
  });
  const otherId = randomUUID();
  const other = state.rewrite(exchange({ requestHeaders: { 'x-client-id': otherId } }));
  expect(other.ok && other.request.headers).toEqual({ 'x-client-id': otherId });
});

test('IMPACT replay: externalIds are re-keyed alike in bodies and queries, per replay; uuids are mapped once learnt', () => {
  const first = new ReplayState(RECORDED, SANDBOX, 'tag1');
  const second = new ReplayState(RECORDED, SANDBOX, 'tag2');
  const post = exchange({ method: 'POST', requestBody: '{"externalId":"order-1","amount":1}' });
  const body = (state: ReplayState) => {
    const sent = state.rewrite(post);
    return sent.ok ? JSON.parse(sent.request.body ?? '') : undefined;
  };
  expect(body(first)).toEqual({ externalId: 'tag1-order-1', amount: 1 });
  expect(body(first)).toEqual(body(first));
  expect(body(second)).toEqual({ externalId: 'tag2-order-1', amount: 1 });
  const listed = first.rewrite(exchange({ url: `${PATH}?externalId=order-1&page=2` }));
  expect(listed.ok && listed.request.url).toBe(`${PATH}?externalId=tag1-order-1&page=2`);
  const recordedUuid = randomUUID();
  const replayedUuid = randomUUID();
  expect(first.rewrite(exchange({ url: `${PATH}/${recordedUuid}` })).ok).toBe(false);
  expect(first.rewrite(exchange({ url: `${PATH}/${recordedUuid}`, status: 404 })).ok).toBe(true);
  first.learnUuid(recordedUuid, replayedUuid);
  const read = first.rewrite(exchange({ url: `${PATH}/${recordedUuid.toUpperCase()}` }));
  expect(read.ok && read.request.url).toBe(`${PATH}/${replayedUuid}`);
  second.learnNotCreated(
    recordedUuid,
    'created by request 1, which the deployment answered 500 with no uuid',
  );
  expect(second.rewrite(exchange({ seq: 2, url: `${PATH}/${recordedUuid}` }))).toEqual({
    ok: false,
    reason: `request 2 (GET) names the event ${recordedUuid}, created by request 1, which the deployment answered 500 with no uuid: the replay cannot reproduce it`,
  });
});

const replayOf = (status: number, body: unknown, headers: Record<string, string> = {}): Replay => ({
  answers: new Map([
    [1, { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }],
  ]),
  problems: [],
});

test('IMPACT compare: what the tenant met and lost is a difference, what the candidate adds is not; a baseline removes noise and what it already gives', () => {
  const recorded = exchange({
    responseBody: JSON.stringify({ uuid: randomUUID(), updatedAt: '2026-11-28T10:00:00Z', amount: 12.5 }),
    responseHeaders: { 'content-type': 'application/json', 'x-trace': 'abc', date: 'Sat' },
  });
  const same = replayOf(
    200,
    { uuid: randomUUID(), updatedAt: '2026-11-29T11:11:11Z', amount: 7, extra: true },
    { 'x-trace': 'z' },
  );
  expect(differencesOf([recorded], same)).toEqual([]);
  const changed = replayOf(200, { uuid: 'not-a-uuid', amount: '7.00' });
  expect(differencesOf([recorded], changed)[0]?.changes).toEqual([
    { aspect: 'field uuid', recorded: 'string:uuid', replayed: 'string' },
    { aspect: 'field updatedAt', recorded: 'string:date-time', replayed: undefined },
    { aspect: 'field amount', recorded: 'number', replayed: 'string' },
    { aspect: 'header x-trace', recorded: 'present', replayed: undefined },
  ]);
  const kept = { updatedAt: '2026-11-29T00:00:00Z', amount: 1 };
  const noisy: Baseline = {
    first: replayOf(200, { uuid: randomUUID(), ...kept }, { 'x-trace': 'a' }),
    second: replayOf(200, { uuid: 'x', ...kept }, { 'x-trace': 'b' }),
  };
  const alreadySo: Baseline = { first: changed, second: changed };
  const aspects = (baseline: Baseline) =>
    differencesOf([recorded], changed, baseline)[0]?.changes.map((c) => c.aspect);
  expect(aspects(noisy)).toEqual(['field updatedAt', 'field amount', 'header x-trace']);
  expect(aspects(alreadySo)).toBeUndefined();
});
