/**
 * Part 8: `requestsPerWindow` requests per window per tenant, all requests, 429 when exceeded, no
 * rate-limit headers. These checks exhaust the dedicated rate-limit tenant's budget on purpose; they
 * run in a project of their own, one after another in one worker, and never touch tenant B. Tenant A
 * gets single requests only, through its paced client, so the conformance checks running beside them
 * keep their budget.
 *
 * They assert only what the spec states, so a fixed window (started by the first request or aligned to
 * the clock), a sliding window and a token bucket of the same capacity all pass (see
 * oracle/rate-limit-bound.ts and bursts/rate-limit-reading.ts): inside a fresh window (after a whole
 * window of silence) the limit is served; a burst shorter than a window gets a 429 before more than
 * twice the limit is served (a fixed window's boundary may fall inside the burst); after a window the
 * tenant is served again. "Per tenant, all requests" is one count (oracle/rate-limit-counter.ts): once
 * the limit is spent, valid POSTs alternate with each other kind of request and each spelling of the
 * tenant's id, judged against what the window's edges and refill explain; and when the window comes
 * back, failing requests sent at once are served no more than the limit. The reading the target chose is recorded as a
 * GAP-RATE-LIMIT-WINDOW observation when it shows. Every verdict is the oracle's
 * (oracle/rate-limit-judgements.ts, oracle/rate-limit-counter.ts); how the bursts are sent is
 * bursts/rate-limit-burst.ts's, bursts/counter-stretch.ts's and bursts/window-reset-retry.ts's.
 *
 * Timing: with the reference server's short window the file takes seconds; against a deployment's minute
 * it takes a few minutes, and every timeout scales with the window.
 */
import type { RateLimitSettings } from '../config/index.ts';
import { SHARED_LIMIT_VARIABLES } from '../contract/index.ts';
import {
  combined,
  counterRequestOf,
  expectedWhenServed,
  type FailingRequestKind,
  judgeAxisUnsent,
  judgeCounterAxis,
  judgeListingOffered,
  judgeNoRateLimitHeaders,
  judgeOtherRequestsBurst,
  judgeOtherTenantServed,
  judgeRefusedPost,
  judgeServedAgain,
  judgeSpellingsAccepted,
  judgeUnknownEventRefused,
  judgeValidPostBurst,
  judgeWindowComesBack,
  simpleErrorBodySchema,
  type WindowSetting,
} from '../oracle/index.ts';
import { counterTallyAnnotation } from '../run-records/counter-tally.ts';
import { reachesRules, ruleCheck } from '../run-records/rule-annotations.ts';
import { EVENTS_PATH, eventPath } from '../spec/index.ts';
import {
  type CounterProbe,
  kindAxes,
  spellingAxis,
  spellingQuestions,
  tenantEventCreated,
} from './bursts/counter-axes.ts';
import {
  type AxisTally,
  COUNTER_ATTEMPTS,
  counterBudget,
  sendCounterAxis,
  startAxisTally,
  talliedAxes,
  untilEstablished,
} from './bursts/counter-stretch.ts';
import { burstWithinOneWindow } from './bursts/one-window-burst.ts';
import {
  burstLanes,
  type Exhaustion,
  exhaustFromFreshWindow,
  rateLimitTestTimeoutMs,
  recentOrOwnExhaustion,
  type SentRequest,
  throttleNow,
  windowMsOf,
} from './bursts/rate-limit-burst.ts';
import { readingOfBurst, readingOfRecovery, readingOfSecondBurst } from './bursts/rate-limit-reading.ts';
import { putWhileThrottled } from './bursts/throttled-put.ts';
import { askDuringStream } from './bursts/throttled-stream.ts';
import {
  burstAfterComingBack,
  noteCameBack,
  recentOrOwnComingBack,
  retryUntilServed,
  servedIn,
} from './bursts/window-reset-retry.ts';
import { test } from './fixtures/index.ts';
import { validPayin, validPayout, withField } from './samples/sample-events.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from './transport/service-client.ts';
import { check } from './verdicts/verdicts.ts';

/** Valid POSTs: each creates an event (the dedicated tenant's data carries the run id). */
const validPost =
  (runId: string) =>
  (index: number): SendOptions => ({
    method: 'POST',
    path: EVENTS_PATH,
    json: index % 2 === 0 ? validPayin(runId, 'rate-limit') : validPayout(runId, 'rate-limit'),
  });

/** GETs of uuids that do not exist: 404 ERR-4002, nothing stored. */
const unknownGet = (): SendOptions => ({ method: 'GET', path: eventPath(crypto.randomUUID()) });

/** A listing of the tenant's events, in the deployments that offer one. */
const listingRequest = (): SendOptions => ({ method: 'GET', path: EVENTS_PATH });

/**
 * Requests that all fail: a GET and a PUT of unknown uuids (404), a POST that fails validation, one
 * whose body is not JSON and one whose JSON is not an object (400 or 422: a limiter behind the body
 * parser or its object check never sees them). One in five of each: the failing requests of the burst
 * that holds every request to the limit.
 */
const FAILING_KINDS: readonly FailingRequestKind[] = [
  'unknown-event-get',
  'non-positive-amount-post',
  'unknown-event-put',
  'malformed-json-post',
  'non-object-post',
];
const failingKindOf = (index: number): FailingRequestKind =>
  FAILING_KINDS[index % FAILING_KINDS.length] as FailingRequestKind;

const failingRequest =
  (runId: string) =>
  (index: number): SendOptions => {
    switch (failingKindOf(index)) {
      case 'unknown-event-get':
        return unknownGet();
      case 'non-positive-amount-post':
        return {
          method: 'POST',
          path: EVENTS_PATH,
          json: withField(validPayin(runId, 'rate-limit-invalid'), 'amount', 0),
        };
      case 'unknown-event-put':
        return {
          method: 'PUT',
          path: eventPath(crypto.randomUUID()),
          json: validPayout(runId, 'rate-limit-put'),
        };
      case 'malformed-json-post':
        return { method: 'POST', path: EVENTS_PATH, rawBody: '{"externalId":' };
      case 'non-object-post':
        return { method: 'POST', path: EVENTS_PATH, rawBody: '[]' };
    }
  };

/** The failing requests as the counter's probes when the window comes back. */
const FAILING_AXIS = {
  of: 'kind',
  probes:
    'GETs and PUTs of unknown uuids, POSTs with an amount of 0, and POSTs whose body is not JSON or not an object',
  counted: 'the valid POSTs retried before them',
} as const;

/** The window's length, and the variable that sets it against the reference server. */
const windowOf = (limit: RateLimitSettings): WindowSetting => ({
  windowMs: windowMsOf(limit),
  variable: SHARED_LIMIT_VARIABLES.windowSeconds,
});

/**
 * GAP-RATE-LIMIT-WINDOW from a second burst, when the first was served more than the limit and a
 * continuous refill (one-window-burst.ts): an observation, never a verdict.
 */
const readingOfSecond = async (
  first: Exhaustion,
  limit: RateLimitSettings,
  sendAgain: () => Promise<Exhaustion>,
): Promise<{ reading: string; served: number; most: number } | undefined> => {
  const outcome = await burstWithinOneWindow(first, limit, sendAgain);
  if (outcome.kind !== 'measured') return undefined;
  const { served, most } = outcome;
  const reading = readingOfSecondBurst({ served, most, limit: limit.requestsPerWindow });
  return { reading, served, most };
};

/**
 * One axis of the counter (oracle/rate-limit-counter.ts): the tenant throttled by valid POSTs, then
 * valid POSTs and the axis's probes in turn; sent again from a fresh window while nothing could be said.
 */
const judgedAxis = async (
  client: ServiceClient,
  limit: RateLimitSettings,
  runId: string,
  { axis, probe }: CounterProbe,
  tally: AxisTally,
) => {
  let sent = false;
  const judged = await untilEstablished(async () => {
    const stretch = await sendCounterAxis(client, limit, { counted: validPost(runId), probe, unknownGet });
    if (stretch === undefined) return judgeAxisUnsent(axis, counterBudget());
    sent = true;
    return judgeCounterAxis(axis, stretch.requests, stretch.window);
  });
  tally[sent ? 'sent' : 'unsent'] += 1;
  return judged;
};

/** GAP-429-BODY: the fields of a 429 body, and whether it is part 7.1's simple error body. */
const shapeOf429 = (response: ServiceResponse): string => {
  const body = response.json as Record<string, unknown>;
  const simple = simpleErrorBodySchema.safeParse(body);
  const keys = Object.keys(body).sort();
  if (simple.success && simple.data.status === 429) {
    const extra = keys.filter((key) => !['status', 'errorCode', 'title'].includes(key));
    return `simple error body (status, errorCode, title)${extra.length ? ` plus ${extra.join(', ')}` : ''}`;
  }
  return `JSON object with ${keys.join(', ') || 'no fields'}`;
};

test.describe('rate limit', { tag: ['@ratelimit'] }, () => {
  // One budget, spent on purpose: the checks run one after another, never beside each other.
  test.describe.configure({ mode: 'serial' });

  test.beforeEach(async ({ target }) => {
    test.setTimeout(rateLimitTestTimeoutMs(target.limits.RATE_LIMIT));
  });

  test(
    ...ruleCheck(
      'RATE-LIMIT-429',
      'inside a fresh window the limit is served; past it a 429 with a structured JSON body',
    ),
    async ({ rateLimitTenant, target, runId, observe }) => {
      const limit = target.limits.RATE_LIMIT.requestsPerWindow;
      const burst = await exhaustFromFreshWindow(rateLimitTenant, target.limits.RATE_LIMIT, validPost(runId));
      // The limit served, every one served created, then a 429 in time: the first 429 is the evidence.
      const judged = judgeValidPostBurst(burst, windowOf(target.limits.RATE_LIMIT));
      check.verdict(judged, judged.evidence);
      const throttled = judged.evidence as ServiceResponse;
      // A non-2xx answer: a JSON object (its fields are not shown, GAP-429-BODY).
      check.gapAnswer(throttled);
      await observe('GAP-429-BODY', shapeOf429(throttled), throttled.json);
      const first429 = burst.first429 as SentRequest;
      const figures = {
        limit,
        windowMs: windowMsOf(target.limits.RATE_LIMIT),
        admitted: burst.admitted,
        msToFirst429: first429.answeredAt - burst.startedAt,
        concurrency: burstLanes(target.limits.RATE_LIMIT),
      };
      // From a fresh window as the counter's axes need one: they may start in it.
      const second = await readingOfSecond(burst, target.limits.RATE_LIMIT, () =>
        exhaustFromFreshWindow(rateLimitTenant, target.limits.RATE_LIMIT, validPost(runId)),
      );
      const reading = second?.reading ?? readingOfBurst(figures);
      if (reading)
        await observe(
          'GAP-RATE-LIMIT-WINDOW',
          reading,
          second ? { ...figures, secondBurstServed: second.served, secondBurstMost: second.most } : figures,
        );
    },
  );

  test(
    ...ruleCheck(
      'RATE-LIMIT-NO-HEADERS',
      'neither a throttled nor a served response carries rate-limit headers',
    ),
    async ({ rateLimitTenant, target, runId }) => {
      // The answers of the burst that spent the budget from a fresh window, served ones and 429s: the
      // previous check's, or a burst of this check's own when it runs alone.
      const burst = await recentOrOwnExhaustion(rateLimitTenant, target.limits.RATE_LIMIT, validPost(runId));
      const headers = judgeNoRateLimitHeaders(burst.answers);
      check.verdict(headers, headers.evidence);
    },
  );

  test(
    ...ruleCheck(
      'RATE-LIMIT-ALL-REQUESTS',
      'one count for every request: each method, answer and body alone is throttled with the valid POSTs that spent the limit',
    ),
    async ({ rateLimitTenant, target, runId }, testInfo) => {
      const { response, event } = await tenantEventCreated(
        rateLimitTenant,
        validPayin(runId, 'rate-limit-counter'),
      );
      const stored = { uuid: check.created(response), event };
      const axes = kindAxes(runId, stored);
      // Each axis may need a fresh window of its own, at each attempt, when the others took the room of one.
      test.setTimeout(rateLimitTestTimeoutMs(target.limits.RATE_LIMIT, axes.length * COUNTER_ATTEMPTS));
      const judged = [];
      const tally = startAxisTally();
      try {
        for (const axis of axes)
          judged.push(await judgedAxis(rateLimitTenant, target.limits.RATE_LIMIT, runId, axis, tally));
      } finally {
        testInfo.annotations.push(counterTallyAnnotation(talliedAxes(tally)));
      }
      check.verdict(combined(...judged));
    },
  );

  test(
    ...ruleCheck(
      'RATE-LIMIT-PER-TENANT',
      "one count per tenant: its id in each spelling the deployment takes as the tenant shares the tenant's limit",
    ),
    async ({ rateLimitTenant, tenantA, target, runId }, testInfo) => {
      const clientId = rateLimitTenant.tenant?.clientId ?? '';
      // Which spellings the deployment takes as the tenant, asked by tenant A, which is not throttled.
      const asked = [];
      for (const { spelling, question } of spellingQuestions(clientId, tenantA.tenant?.clientId ?? ''))
        asked.push({ spelling, answer: await tenantA.send(question) });
      const accepted = check.verdict(judgeSpellingsAccepted(asked));
      test.setTimeout(rateLimitTestTimeoutMs(target.limits.RATE_LIMIT, accepted.length * COUNTER_ATTEMPTS));
      const judged = [];
      const tally = startAxisTally();
      try {
        for (const spelling of accepted)
          judged.push(
            await judgedAxis(
              rateLimitTenant,
              target.limits.RATE_LIMIT,
              runId,
              spellingAxis(runId, spelling, clientId),
              tally,
            ),
          );
      } finally {
        testInfo.annotations.push(counterTallyAnnotation(talliedAxes(tally)));
      }
      check.verdict(combined(...judged));
    },
  );

  test(
    ...ruleCheck('RATE-LIMIT-PER-TENANT', 'while the rate-limit tenant is throttled, tenant A is served'),
    async ({ rateLimitTenant, tenantA, target, runId }) => {
      // Twice, the tenant throttled again in between: a window's edge may fall between the stream's
      // refusals and tenant A's request once, which then proves nothing of a budget shared with A;
      // not twice, since the stream spends a new window at once.
      for (let ask = 0; ask < 2; ask += 1) {
        // POSTs, which count however the target counts: the tenant is throttled for them at least.
        await throttleNow(rateLimitTenant, target.limits.RATE_LIMIT, validPost(runId));
        // Tenant A's one request goes out inside a stream of the throttled tenant's requests.
        const asked = await askDuringStream(rateLimitTenant, target.limits.RATE_LIMIT, validPost(runId), () =>
          tenantA.retrieve(crypto.randomUUID(), { retryOn429: false }),
        );
        const other = asked.answer;
        const stream = { late: asked.late, counts: asked.streamed.counts };
        check.verdict(judgeOtherTenantServed(other, asked.inFlight, stream), other);
        check.error(other, judgeUnknownEventRefused);
      }
    },
  );

  test(
    ...ruleCheck(
      'RATE-LIMIT-ALL-REQUESTS',
      'GETs, PUTs and failed validations count: they alone exhaust the budget',
    ),
    async ({ rateLimitTenant, target, runId }) => {
      // Half the limit at once, the rest half a window later: the recovery check then tells a fixed
      // window from a sliding one. Three requests in five are POSTs, none of them valid.
      const burst = await exhaustFromFreshWindow(
        rateLimitTenant,
        target.limits.RATE_LIMIT,
        failingRequest(runId),
        {
          pauseAtHalf: true,
          expectedOf: (index) => expectedWhenServed(failingKindOf(index)),
        },
      );
      const judged = judgeOtherRequestsBurst(burst, windowOf(target.limits.RATE_LIMIT));
      check.verdict(judged, judged.evidence);
    },
  );

  test(
    ...ruleCheck(
      'RATE-LIMIT-WINDOW-RESET',
      'after the window a throttled tenant is served again; the refused POST is then created',
      // Its PUT answered 429 while throttled must not have been applied.
      reachesRules(['RATE-LIMIT-429']),
    ),
    async ({ rateLimitTenant, target, runId, observe }) => {
      const limit = target.limits.RATE_LIMIT.requestsPerWindow;
      const windowMs = windowMsOf(target.limits.RATE_LIMIT);
      // From the previous check's burst when it is recent, or from a burst of this check's own.
      const exhaustion = await recentOrOwnExhaustion(
        rateLimitTenant,
        target.limits.RATE_LIMIT,
        validPost(runId),
        {
          withinMs: 0.9 * windowMs,
          pauseAtHalf: true,
        },
      );
      const sent = await throttleNow(rateLimitTenant, target.limits.RATE_LIMIT, validPost(runId));
      // Every request of the throttling is a valid POST: its first 429 is the refused POST.
      const refusal = judgeRefusedPost(sent.answers);
      check.verdict(refusal);
      // While throttled, a PUT of an event the tenant created: refused, it must change nothing.
      const throttledPut = await putWhileThrottled(rateLimitTenant, sent.lastAnsweredAt);
      const { lastThrottledAt } = throttledPut;
      // Part 8: a client retries a 429 after a delay; the refused POST must be served within a window.
      const refused = refusal.evidence as SentRequest;
      const { answer, retries, servedAt, timed } = await retryUntilServed(
        rateLimitTenant,
        target.limits.RATE_LIMIT,
        refused.request,
        lastThrottledAt,
      );
      check.verdict(judgeServedAgain(answer, retries, servedAt - lastThrottledAt), answer);
      // Failing requests at once right after: how the capacity came back (GAP-RATE-LIMIT-WINDOW), all
      // at once or bit by bit, and, for the next check, whether they use it up as any request does.
      const after = await burstAfterComingBack(
        rateLimitTenant,
        target.limits.RATE_LIMIT,
        throttledPut.withReadFirst(failingRequest(runId)),
        throttledPut.onAnswer,
      );
      noteCameBack([counterRequestOf(false, refused), ...timed, ...after]);
      const servedOnFirstRetry = retries === 1;
      const servedAfter = servedOnFirstRetry ? undefined : servedIn(after);
      const figures = {
        limit,
        windowMs,
        burstStartedAt: exhaustion.startedAt,
        burstPausedAtHalf: exhaustion.pausedAtHalf,
        lastThrottledAt,
        servedAt,
        servedOnFirstRetry,
        servedRightAfter: servedAfter,
      };
      const reading = readingOfRecovery(figures);
      if (reading) await observe('GAP-RATE-LIMIT-WINDOW', reading, { ...figures, retries });
      await throttledPut.readUntilServed(rateLimitTenant, target.limits.RATE_LIMIT);
      check.verdict(throttledPut.judged());
    },
  );

  test(
    ...ruleCheck(
      'RATE-LIMIT-ALL-REQUESTS',
      'when the window comes back, failing requests use it up as any request: no more than the limit is served after a refusal',
    ),
    async ({ rateLimitTenant, target, runId }) => {
      // The window RATE-LIMIT-WINDOW-RESET saw come back, or one of this check's own.
      const requests = await recentOrOwnComingBack(
        rateLimitTenant,
        target.limits.RATE_LIMIT,
        validPost(runId),
        failingRequest(runId),
      );
      check.verdict(
        judgeWindowComesBack(FAILING_AXIS, requests, {
          limit: target.limits.RATE_LIMIT.requestsPerWindow,
          windowMs: windowMsOf(target.limits.RATE_LIMIT),
        }),
      );
    },
  );

  test(
    ...ruleCheck(
      'RATE-LIMIT-ALL-REQUESTS',
      'a listing the deployment adds counts too: listings alone exhaust the budget',
    ),
    async ({ rateLimitTenant, tenantA, target }) => {
      // Last: its burst, when the deployment offers a listing, waits for a fresh window of its own, and
      // would leave RATE-LIMIT-WINDOW-RESET too late to start from the burst of the check before it.
      // The spec shows no listing (GAP-OTHER-OPERATIONS): asked of tenant A, so as not to spend the
      // rate-limit tenant's budget on the question.
      check.verdict(judgeListingOffered(await tenantA.send(listingRequest()), 'requests'));
      const burst = await exhaustFromFreshWindow(rateLimitTenant, target.limits.RATE_LIMIT, listingRequest, {
        pauseAtHalf: true,
      });
      const judged = judgeOtherRequestsBurst(burst, windowOf(target.limits.RATE_LIMIT));
      check.verdict(judged, judged.evidence);
    },
  );
});
