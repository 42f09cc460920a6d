/**
 * How many VUs an open-model (arrival-rate) scenario allocates before it starts: enough for
 * `perSecond` iterations lasting about `iterationSeconds`, twice over, and never fewer than half a
 * second's arrivals (and five); then room to grow fivefold before k6 drops iterations (which the
 * scripts' `dropped_iterations` threshold reports). LOAD_MAX_VUS caps it.
 *
 * Why half a second: k6 starts a VU it lacks while the test runs (each one evaluates the whole bundle)
 * and drops the iterations that come due meanwhile, so a run that begins with just enough VUs loses
 * some to the first half-second stall of a busy machine, and fails on its generator, not its target.
 * Why not more: every VU is a JavaScript runtime k6 builds first; with a second and a half's worth,
 * the self-check's three k6 runs at once slowed each other down more than the spare VUs saved.
 * Pure: no k6 import, no Node API.
 */
import { LOAD_MAX_VUS } from '../../config/settings/load-settings.ts';
import type { Env } from './env.ts';

/** The longest stall of the load generator's machine that the pre-allocated VUs ride out. */
const STALL_SECONDS = 0.5;

export const vusFor = (
  env: Env,
  perSecond: number,
  iterationSeconds: number,
): { pre: number; max: number } => {
  const pre = Math.min(
    200,
    Math.max(5, Math.ceil(perSecond * Math.max(2 * iterationSeconds, STALL_SECONDS))),
  );
  const max = LOAD_MAX_VUS.read(env) ?? Math.max(20, pre * 5);
  return { pre: Math.min(pre, max), max };
};
