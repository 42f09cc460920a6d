import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { latencyPlan, latencyThresholds } from './lib/latency-plan.ts';
import { rateLimitPlan, rateLimitThresholds } from './lib/rate-limit-plan.ts';
import { evaluateThresholds, reachText, runVerdict } from './lib/reach.ts';
import { summaryOutputs } from './lib/summary-outputs.ts';
import type { ThresholdResult } from './lib/threshold-results.ts';
import {
  env,
  latencySummary,
  machineReadableRateLimitSummary,
  sharedDelay,
  summaryContext,
} from './test-support/k6-summaries.ts';
import { asUnjudged, notEstablishedLines } from './verdict-exit.ts';

/** At 1000 per 60 s the plan sends 2500 a window; 2498 count as the planned rate (two at the edges). */
const plan = rateLimitPlan(env);
const specs = rateLimitThresholds(plan);

const judged = (summary: Parameters<typeof machineReadableRateLimitSummary>[0]) => {
  const results = evaluateThresholds(machineReadableRateLimitSummary(summary), specs);
  const byKey = new Map(results.map((r) => [`${r.spec.metric} ${r.spec.expression}`, r]));
  const of = (key: string): ThresholdResult => {
    const result = byKey.get(key);
    if (!result) throw new Error(`no threshold ${key}`);
    return result;
  };
  return { results, of, verdict: runVerdict(results) };
};

/** A conforming server's windows: each later one serves exactly the limit. */
const CONFORMING = [1998, 1000, 1000];

test.describe("the load generator's reach", () => {
  test('the plan needs the planned rate in every window, two requests at the edges aside', () => {
    expect(plan.overLimitPerWindow).toBe(2500);
    expect(plan.neededPerWindow).toBe(2498);
    const premises = specs.filter((s) => s.premise !== undefined);
    expect(premises.map((s) => `${s.metric} ${s.expression}`)).toEqual([
      'dropped_iterations{scenario:control} count<=2',
      'ratelimit_sent{window:0} count>=2498',
      'ratelimit_sent{window:1} count>=2498',
      'ratelimit_sent{window:2} count>=2498',
      'ratelimit_late_served{window:0} count<=625',
      'ratelimit_late_served{window:1} count<=625',
      'ratelimit_late_served{window:2} count<=625',
      'ratelimit_late_refused{window:0} count<=625',
      'ratelimit_late_refused{window:1} count<=625',
      'ratelimit_late_refused{window:2} count<=625',
      'ratelimit_delay{window:0} p(90)<=15000',
      'ratelimit_delay{window:1} p(90)<=15000',
      'ratelimit_delay{window:2} p(90)<=15000',
    ]);
    expect(judged({ accepted: CONFORMING }).verdict).toBe('passed');
  });

  test('answers whose delays spread widen a window’s bounds by what can fall past a limiter’s edge: the window before’s its floor, its own its ceiling; what that explains is not established, beyond it the service’s', () => {
    // A generator that stalled and caught up: answers 2 ms to 3 s after their planned instants, none
    // sent sooner than 2 ms after. At 2500 planned a window of 60 s, the least bound is p(99)'s: 63
    // requests planned in its 1.5 s, and the 25 later than it, 88 in all.
    const stalled = { min: 2, med: 10, avg: 30, 'p(90)': 40, 'p(95)': 300, 'p(99)': 1500, max: 3000 };
    const afterStall = { delays: [stalled, sharedDelay(20), sharedDelay(20)], sentSoonest: 2 };
    const explained = judged({ accepted: [1998, 880, 1000], ...afterStall });
    expect(explained.of('ratelimit_accepted{window:1} count>=900')).toMatchObject({
      verdict: 'not-established',
      reason:
        "the rate-limit tenant's requests of window 0 were answered up to 3000 ms after their planned instants, none sent sooner than 2 ms after: arriving late, up to 88 of them can fall past a limiter's window edge, which explains it",
    });
    expect(explained.verdict).toBe('not-established');
    expect(judged({ accepted: [1998, 811, 1000], ...afterStall }).verdict).toBe('failed');
    // Window 1's answers, one shared delay 18 ms after the soonest sending, widen its ceiling by one.
    expect(judged({ accepted: [1998, 1022, 1000], ...afterStall }).verdict).toBe('failed');
    // A stall in window 1 widens its ceiling and window 2's floor, no bound of window 1's floor.
    const stallIn1 = { delays: [sharedDelay(20), stalled, sharedDelay(20)], sentSoonest: 2 };
    const over = (accepted: number[]) =>
      judged({ accepted, ...stallIn1 }).of('ratelimit_accepted{window:1} count<=1020').verdict;
    expect(over([1998, 1100, 1000])).toBe('not-established');
    expect(over([1998, 1110, 1000])).toBe('failed');
    expect(judged({ accepted: [1998, 1000, 820], ...stallIn1 }).verdict).toBe('not-established');
    expect(judged({ accepted: [1998, 880, 1000], ...stallIn1 }).verdict).toBe('failed');
    // Measured from the soonest sending, not from the soonest answer: a request answered late may
    // have reached the limiter early. Sent at once, answered 20 ms after: ⌈2500 × 20 / 60000⌉ = 1.
    expect(judged({ accepted: [1998, 899, 1000], sentSoonest: 0 }).verdict).toBe('not-established');
    // Nine in ten answered later than a quarter window: the windows' bounds are not judged.
    const slow = judged({
      accepted: [1998, 700, 1000],
      delays: [sharedDelay(16000), sharedDelay(20), sharedDelay(20)],
    });
    expect(slow.of('ratelimit_delay{window:0} p(90)<=15000')).toMatchObject({
      verdict: 'not-established',
      reason:
        'requests of the rate-limit tenant sent in window 0: nine in ten answered within 16000 ms of their planned instant; the plan allows 15000 ms',
    });
    expect(slow.of('ratelimit_accepted{window:1} count>=900').verdict).toBe('not-established');
  });

  test('a ceiling is widened by the window before’s requests refused after it ended: overtaken by this window’s first ones, each left one its place', () => {
    // Window 0's last 32 requests reached a limiter after window 1's first ones, found its budget
    // spent and were refused: window 1 was served 32 more than the limit, a conforming limiter.
    const overtaken = judged({ accepted: [1967, 1032, 1000], lateRefused: [32, 0, 0] });
    expect(overtaken.of('ratelimit_accepted{window:1} count<=1020')).toMatchObject({
      verdict: 'not-established',
      reason:
        "32 requests of the rate-limit tenant sent in window 0 and refused with 429 after it ended: in flight across a window's edge, they explain it",
    });
    expect(
      judged({ accepted: [1967, 1053, 1000], lateRefused: [32, 0, 0] }).of(
        'ratelimit_accepted{window:1} count<=1020',
      ).verdict,
    ).toBe('failed');
  });

  test('requests in flight across a window’s edge widen its bounds by what they can move, met or not: what they explain is not established, what they cannot is the service’s', () => {
    // A slow round trip or a starved generator: 60 requests of window 1 served after it ended (each
    // may have taken window 2's budget) and 40 of window 2 refused after it ended (each may have met
    // window 3's 429): window 2's floor is widened by 100.
    const explained = judged({
      accepted: [1998, 1000, 820],
      lateServed: [0, 60, 0],
      lateRefused: [0, 0, 40],
    });
    const floor = explained.of('ratelimit_accepted{window:2} count>=900');
    expect(floor.verdict).toBe('not-established');
    expect(floor.reason).toBe(
      "60 requests of the rate-limit tenant sent in window 1 and served after it ended, 40 requests of the rate-limit tenant sent in window 2 and refused with 429 after it ended: in flight across a window's edge, they explain it",
    );
    expect(floor.reason).not.toMatch(/reach:/);
    expect(explained.verdict).toBe('not-established');
    const beyond = judged({ accepted: [1998, 1000, 790], lateServed: [0, 60, 0], lateRefused: [0, 0, 40] });
    expect(beyond.of('ratelimit_accepted{window:2} count>=900').verdict).toBe('failed');
    // Those that cannot move window 2's count widen nothing there: window 1's refused, window 2's served.
    const unmoved = judged({ accepted: [1998, 1000, 820], lateServed: [0, 0, 60], lateRefused: [0, 40, 0] });
    expect(unmoved.of('ratelimit_accepted{window:2} count>=900').verdict).toBe('failed');
    // A ceiling: window 1's own requests served by window 2's budget are counted in window 1.
    const ceiling = judged({ accepted: [1998, 1040, 1000], lateServed: [0, 30, 0] });
    expect(ceiling.of('ratelimit_accepted{window:1} count<=1020')).toMatchObject({
      verdict: 'not-established',
      reason:
        "30 requests of the rate-limit tenant sent in window 1 and served after it ended: in flight across a window's edge, they explain it",
    });
    // One request alone is said as one.
    expect(
      judged({ accepted: [1998, 1021, 1000], lateServed: [0, 1, 0] }).of(
        'ratelimit_accepted{window:1} count<=1020',
      ).reason,
    ).toBe(
      "1 request of the rate-limit tenant sent in window 1 and served after it ended: in flight across a window's edge, it explains it",
    );
    expect(
      judged({ accepted: [1998, 1040, 1000], lateRefused: [0, 30, 0] }).of(
        'ratelimit_accepted{window:1} count<=1020',
      ).verdict,
    ).toBe('failed');
    expect(
      judged({ accepted: [1998, 1060, 1000], lateServed: [0, 30, 0] }).of(
        'ratelimit_accepted{window:1} count<=1020',
      ).verdict,
    ).toBe('failed');
    // None in flight: the bound is decided as it always was.
    expect(
      judged({ accepted: [1998, 1000, 820] }).of('ratelimit_accepted{window:2} count>=900').verdict,
    ).toBe('failed');
  });

  test('requests in flight are said in words in the console line, the text summary, the JSON summary and the JUnit file, never by their premise key', () => {
    const summary = machineReadableRateLimitSummary({
      accepted: [1998, 1000, 820],
      lateServed: [0, 60, 0],
      lateRefused: [0, 0, 40],
    });
    const served = '60 requests of the rate-limit tenant sent in window 1 and served after it ended';
    const refused =
      '40 requests of the rate-limit tenant sent in window 2 and refused with 429 after it ended';
    const said = {
      ...summaryOutputs(summary, specs, summaryContext('rate-limit')),
      console: notEstablishedLines(evaluateThresholds(summary, specs).map(asUnjudged)).join('\n'),
    };
    const unsaid = Object.entries(said).filter(
      ([, text]) => !text.includes(served) || !text.includes(refused) || /reach:/.test(text),
    );
    expect(unsaid.map(([output]) => output)).toEqual([]);
  });

  test('more than a quarter of a window in flight at its end: its bounds are not judged, the premise says why', () => {
    const { of, verdict } = judged({ accepted: [1998, 1000, 300], lateRefused: [0, 0, 700] });
    expect(of('ratelimit_late_refused{window:2} count<=625')).toMatchObject({
      verdict: 'not-established',
      reason:
        '700 requests of the rate-limit tenant sent in window 2 and refused with 429 after it ended (in flight across its edge: which window the server counted each in is not known); the plan allows at most 625',
    });
    expect(of('ratelimit_accepted{window:2} count>=900').verdict).toBe('not-established');
    expect(verdict).toBe('not-established');
  });

  test('a window sent too few requests: its floor is not established, with the rate reached and needed', () => {
    const { of, verdict } = judged({ accepted: [1998, 1000, 700], sent: [2500, 2500, 1700] });
    const floor = of('ratelimit_accepted{window:2} count>=900');
    expect(floor.verdict).toBe('not-established');
    expect(floor.reason).toBe(
      'the load generator sent 1700 requests of the rate-limit tenant in window 2 in 60 s (28.33/s); the plan needs 2498 (41.63/s) of 2500 planned',
    );
    expect(of('ratelimit_sent{window:2} count>=2498')).toMatchObject({
      verdict: 'not-established',
      reason: floor.reason,
    });
    expect(verdict).toBe('not-established');
  });

  test('a floor crossed in a window sent in full is the service’s: failed, whatever another window missed', () => {
    // rate-limit-ten-times-too-low: 100 served a window.
    const { of, verdict } = judged({ accepted: [200, 100, 100], sent: [2500, 2500, 1200] });
    expect(of('ratelimit_accepted{window:1} count>=900').verdict).toBe('failed');
    expect(of('ratelimit_accepted{window:2} count>=900').verdict).toBe('not-established');
    expect(verdict).toBe('failed');
  });

  test('a window after one sent short: its floor is lowered by the backlog, and crossed beyond it, decided', () => {
    // Seen on a busy machine: window 1 sent short, its backlog in window 2 took the fixed window's budget.
    const backlog = judged({ accepted: [1075, 900, 800], sent: [1100, 1425, 2525] });
    expect(backlog.of('ratelimit_accepted{window:2} count>=900').verdict).toBe('not-established');
    expect(backlog.verdict).toBe('not-established');
    // rate-limit-ten-times-too-low: 250 missed cannot explain 100 served where 900 are due.
    const tooLow = judged({ accepted: [100, 100, 100], sent: [1100, 2250, 2525] });
    expect(tooLow.of('ratelimit_accepted{window:2} count>=900').verdict).toBe('failed');
    expect(tooLow.verdict).toBe('failed');
  });

  test("a window's ceiling needs the window before it sent in full (a token bucket serves what a stall saved)", () => {
    const afterStall = judged({ accepted: [1998, 1000, 1250], sent: [2500, 1800, 2500] });
    expect(afterStall.of('ratelimit_accepted{window:2} count<=1020').verdict).toBe('not-established');
    expect(afterStall.verdict).toBe('not-established');
    // rate-limit-removed: every request served while window 0 was sent in full.
    const removed = judged({ accepted: [2500, 2500, 2500], sent: [2500, 2500, 1000] });
    expect(removed.of('ratelimit_accepted{window:1} count<=1020').verdict).toBe('failed');
    expect(removed.verdict).toBe('failed');
  });

  test('a ceiling crossed beyond what the shortfall could have saved is decided: the service served too many', () => {
    // Window 0 missed 1100 of its 2500: a token bucket saved at most 1100 × 1000/2500 = 440 tokens.
    const removed = judged({ accepted: [1400, 2000, 2500], sent: [1400, 2500, 2500] });
    expect(removed.of('ratelimit_accepted{window:1} count<=1020').verdict).toBe('failed');
    expect(removed.verdict).toBe('failed');
    const bucket = judged({ accepted: [1400, 1460, 1000], sent: [1400, 2500, 2500] });
    expect(bucket.of('ratelimit_accepted{window:1} count<=1020')).toMatchObject({
      verdict: 'not-established',
      reason:
        'the load generator sent 1400 requests of the rate-limit tenant in window 0 in 60 s (23.33/s); the plan needs 2498 (41.63/s) of 2500 planned',
    });
  });

  test('no 429 at all is judged when some later window and the one before it were sent in full', () => {
    const results = evaluateThresholds(
      { metrics: { 'ratelimit_sent{window:1}': { type: 'counter', values: { count: 2500 } } } },
      specs,
    );
    const throttled = results.find((r) => r.spec.metric === 'ratelimit_throttled');
    // Window 1 alone in full, window 0 and 2 short: no steady pair, so nothing to judge.
    expect(throttled?.verdict).toBe('not-established');
    const steady = evaluateThresholds(
      {
        metrics: {
          'ratelimit_sent{window:1}': { type: 'counter', values: { count: 2500 } },
          'ratelimit_sent{window:2}': { type: 'counter', values: { count: 2500 } },
        },
      },
      specs,
    );
    expect(steady.find((r) => r.spec.metric === 'ratelimit_throttled')?.verdict).toBe('failed');
  });

  test('what the sent requests decide keeps its verdict: an excess of accepted requests, headers, bodies', () => {
    const results = evaluateThresholds(
      {
        metrics: {
          'ratelimit_sent{window:0}': { type: 'counter', values: { count: 100 } },
          ratelimit_headers_sent: { type: 'counter', values: { count: 4 } },
          'ratelimit_accepted{window:0}': { type: 'counter', values: { count: 2100 } },
        },
      },
      specs,
    );
    const verdictOf = (metric: string) => results.find((r) => r.spec.metric === metric)?.verdict;
    expect(verdictOf('ratelimit_headers_sent')).toBe('failed');
    expect(verdictOf('ratelimit_accepted{window:0}')).toBe('failed');
    expect(runVerdict(results)).toBe('failed');
  });

  test('dropped iterations are the generator’s: LOAD-OPEN-MODEL is not established, never failed', () => {
    const { of, verdict } = judged({ accepted: CONFORMING, dropped: 51 });
    // The control tenant's 500 a window of 60 s, over the warm-up's second and three windows.
    expect(of('dropped_iterations{scenario:control} count<=2')).toMatchObject({
      verdict: 'not-established',
      reason:
        'the load generator sent 1458 requests of the control tenant in 181 s (8.06/s); the plan needs 1507 (8.33/s) of 1509 planned',
    });
    expect(verdict).toBe('not-established');
  });

  test("the over-limit tenant's drops count only as its windows' requests sent: in the warm-up or after the last window, none", () => {
    const { of, verdict } = judged({ accepted: CONFORMING, dropped: 40, controlDropped: 0 });
    expect(of('dropped_iterations{scenario:control} count<=2').verdict).toBe('passed');
    expect(verdict).toBe('passed');
    // The control's cold start may cost it a couple (CONTROL_DROPS_ALLOWED), no more.
    expect(judged({ accepted: CONFORMING, dropped: 2 }).verdict).toBe('passed');
    expect(judged({ accepted: CONFORMING, dropped: 3 }).verdict).toBe('not-established');
    // In a window, they are its requests not sent: its bounds are not established.
    expect(
      judged({ accepted: CONFORMING, sent: [2500, 2460, 2500], dropped: 40, controlDropped: 0 }).verdict,
    ).toBe('not-established');
  });

  test('latency: dropped iterations alone are not established; a p99 or a 429 of the requests sent fails', () => {
    const latency = latencyThresholds(latencyPlan(env));
    const slow = latencySummary(1312.25);
    const crossed = evaluateThresholds(slow, latency);
    expect(runVerdict(crossed)).toBe('failed');
    const starved = latencySummary(95) as { metrics: Record<string, unknown> };
    starved.metrics.dropped_iterations = { type: 'counter', values: { count: 40 } };
    expect(runVerdict(evaluateThresholds(starved, latency))).toBe('not-established');
    // Fewer requests sent never make a 429 below the limit: the sent requests decide it.
    const throttled = { ...starved.metrics, latency_throttled: { type: 'counter', values: { count: 3 } } };
    const results = evaluateThresholds({ ...starved, metrics: throttled }, latency);
    expect(results.find((r) => r.spec.metric === 'latency_throttled')?.verdict).toBe('failed');
    starved.metrics['http_req_duration{endpoint:update}'] =
      slow.metrics['http_req_duration{endpoint:update}'];
    expect(runVerdict(evaluateThresholds(starved, latency))).toBe('failed');
  });

  test('a premise with no value in the summary says so', () => {
    const premise = specs.find((s) => s.premise?.counts === 'sent')?.premise;
    if (!premise) throw new Error('no premise');
    expect(reachText(premise, undefined)).toBe(
      "the load generator's requests of the rate-limit tenant in window 0 are not in the k6 summary; the plan needs 2498 (41.63/s) of 2500 planned",
    );
  });
});
