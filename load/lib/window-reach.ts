/**
 * The rate-limit script's reach per window: how many requests of the over-limit tenant the load
 * generator sent in each window of the client's clock. A window's lower bounds (served again, close to
 * the whole limit) hold for every implementation of the limit only when the planned rate was sent in
 * it (and, for the floor, in the window before it, whose backlog k6 sends late and which can take the
 * window's budget), and a window's ceiling only when the window before it was sent its rate too (a
 * generator that stalls at a window's end leaves a token bucket the tokens it saved, which it rightly
 * serves in the next). These premises (lib/reach.ts) say so instead of blaming the service, within
 * what the shortfall can explain (`widenedBy`). Pure: no k6 import, no
 * Node API.
 */
import type { ThresholdSpec } from './thresholds.ts';

/**
 * Requests a window may miss and still count as sent at the planned rate: an iteration due just
 * before a window's edge that starts just after it is counted in the next window.
 */
export const REACH_SLACK = 2;

export const windowPremiseKey = (window: number): string => `reach:window:${window}`;

/**
 * Requests of the rate-limit tenant sent in a window and answered after it ended: in flight across its
 * edge, the server may have counted each in the next window, while the client counts it in the one it
 * was sent in (a round trip long against the window, a starved generator that sends late, a server
 * slow to answer). Only two kinds move a count between windows: one *served* late may have taken the
 * next window's budget (one fewer served there, one more here), and one *refused* late may have met the
 * next window's 429 where this window would have served it (one fewer served here). So a window's
 * floor is widened by the window before's served late and its own refused late, its ceiling by its own
 * served late and the window before's refused late (each reached the limiter after this window's first
 * requests, found the budget they had taken and left them its place), always (lib/reach.ts). More than a quarter of a window's planned requests of either
 * kind leave its bounds unjudged: the client's windows then say too little of the server's.
 */
export type LateOutcome = 'served' | 'refused';

export const lateKey = (window: number, outcome: LateOutcome): string => `reach:late-${outcome}:${window}`;

/** The requests of a window, of each kind, that may be in flight at its end before its bounds go unjudged. */
export const lateAllowed = (plannedPerWindow: number): number =>
  Math.max(REACH_SLACK, Math.floor(plannedPerWindow / 4));

/** The in-flight premise of one window and kind: `ratelimit_late_served{window:i}` `count<=allowed`. */
export const latePremise = (
  plan: WindowReachPlan & { readonly lateMetric: Readonly<Record<LateOutcome, string>> },
  window: number,
  outcome: LateOutcome,
): ThresholdSpec => {
  const allowed = lateAllowed(plan.plannedPerWindow);
  const what = `requests of the rate-limit tenant sent in window ${window} and ${outcome === 'served' ? 'served' : 'refused with 429'} after it ended`;
  return {
    metric: `${plan.lateMetric[outcome]}{window:${window}}`,
    expression: `count<=${allowed}`,
    ruleId: 'LOAD-OPEN-MODEL',
    title: `at most ${allowed} ${what} (the client's window says which window the server counted them in)`,
    premise: {
      key: lateKey(window, outcome),
      what,
      planned: plan.plannedPerWindow,
      seconds: plan.windowSeconds,
      needed: allowed,
      counts: 'late',
    },
  };
};

export const delayKey = (window: number): string => `reach:delay:${window}`;

/**
 * The most milliseconds, from a request's planned instant to its answer, that nine in ten requests of
 * a window may take for its bounds to be judged: a quarter of the window. Beyond it the client's
 * windows say too little of the server's, as with requests in flight (above); within it, the spread of
 * the delays widens the bounds by what it can move (lib/delay-spread.ts).
 */
export const delayAllowedMs = (windowSeconds: number): number => Math.floor((windowSeconds * 1000) / 4);

/** The spread premise of one window: `ratelimit_delay{window:i}` `p(90)<=a quarter window in ms`. */
export const delayPremise = (
  plan: WindowReachPlan & { readonly delayMetric: string },
  window: number,
): ThresholdSpec => {
  const allowed = delayAllowedMs(plan.windowSeconds);
  return {
    metric: `${plan.delayMetric}{window:${window}}`,
    expression: `p(90)<=${allowed}`,
    ruleId: 'LOAD-OPEN-MODEL',
    title: `nine in ten requests of the rate-limit tenant sent in window ${window} answered within ${allowed} ms of their planned instant (a quarter of the window)`,
    premise: {
      key: delayKey(window),
      what: `requests of the rate-limit tenant sent in window ${window}`,
      planned: plan.plannedPerWindow,
      seconds: plan.windowSeconds,
      needed: allowed,
      counts: 'delay',
    },
  };
};

export interface WindowReachPlan {
  readonly metric: string;
  readonly windowSeconds: number;
  readonly plannedPerWindow: number;
  readonly neededPerWindow: number;
}

/** The premise threshold of one window: `ratelimit_sent{window:i}` `count>=needed`. */
export const reachPremise = (plan: WindowReachPlan, window: number): ThresholdSpec => ({
  metric: `${plan.metric}{window:${window}}`,
  expression: `count>=${plan.neededPerWindow}`,
  ruleId: 'LOAD-OPEN-MODEL',
  title: `the load generator sent the rate-limit tenant at least ${plan.neededPerWindow} of its ${plan.plannedPerWindow} requests in window ${window} (the planned rate)`,
  premise: {
    key: windowPremiseKey(window),
    what: `requests of the rate-limit tenant in window ${window}`,
    planned: plan.plannedPerWindow,
    seconds: plan.windowSeconds,
    needed: plan.neededPerWindow,
    counts: 'sent',
  },
});

/** The needs of a threshold judged over windows 1 and later: one later window sent in full, after a full one. */
export const someSteadyWindow = (windows: number): string[][] =>
  Array.from({ length: windows - 1 }, (_, i) => [windowPremiseKey(i), windowPremiseKey(i + 1)]);
