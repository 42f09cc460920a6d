/**
 * LOAD-OPEN-MODEL, the load run's check of itself: k6 sent the traffic it planned. An arrival-rate
 * scenario drops an iteration that comes due while no VU is free, which a busy load generator does
 * now and then even with VUs to spare; LOAD_DROPPED_TOLERANCE (a share of the planned iterations, 0
 * to 0.1, default 0) lets a few go. It measures the generator, not the service: a premise
 * (lib/reach.ts), crossed it reads not established with the rate reached and the rate needed.
 * Pure: no k6 import, no Node API.
 */
import { LOAD_DROPPED_TOLERANCE } from '../../config/settings/load-settings.ts';
import type { Env } from './env.ts';
import type { ThresholdSpec } from './thresholds.ts';

export const OPEN_MODEL_PREMISE = 'open-model';

/** How many of `plannedIterations` k6 may drop. */
export const droppedAllowed = (env: Env, plannedIterations: number): number =>
  Math.floor(plannedIterations * LOAD_DROPPED_TOLERANCE.read(env));

export interface OpenModelPlan {
  readonly planned: number;
  readonly allowed: number;
  readonly seconds: number;
  readonly what: 'request' | 'iteration';
  /** The one scenario whose dropped iterations count, when the others' reach is judged otherwise. */
  readonly scenario?: { readonly name: string; readonly whose: string };
}

/** The threshold of a plan of POST+GET+PUT iterations (latency, capacity). */
export const iterationsOpenModel = (plan: {
  readonly plannedIterations: number;
  readonly droppedAllowed: number;
  readonly durationSeconds: number;
}): ThresholdSpec =>
  openModelThreshold({
    planned: plan.plannedIterations,
    allowed: plan.droppedAllowed,
    seconds: plan.durationSeconds,
    what: 'iteration',
  });

const ofWhom = (scenario: OpenModelPlan['scenario']): string =>
  scenario === undefined ? '' : ` of ${scenario.whose}`;

export const openModelThreshold = ({
  planned,
  allowed,
  seconds,
  what,
  scenario,
}: OpenModelPlan): ThresholdSpec => ({
  metric: scenario === undefined ? 'dropped_iterations' : `dropped_iterations{scenario:${scenario.name}}`,
  expression: allowed === 0 ? 'count==0' : `count<=${allowed}`,
  ruleId: 'LOAD-OPEN-MODEL',
  title:
    allowed === 0
      ? `the load generator sent every planned ${what}${ofWhom(scenario)} (no dropped iterations)`
      : `the load generator sent every planned ${what}${ofWhom(scenario)} but at most ${allowed} (LOAD_DROPPED_TOLERANCE)`,
  premise: {
    key: OPEN_MODEL_PREMISE,
    what: `${what}s${ofWhom(scenario)}`,
    planned,
    seconds,
    needed: planned - allowed,
    counts: 'dropped',
  },
});
