/**
 * How many VUs an open-model (arrival-rate) scenario allocates: enough for `perSecond` iterations
 * lasting about `iterationSeconds`, twice over, and room to grow fivefold before k6 drops
 * iterations (which the scripts' `dropped_iterations` threshold then reports). LOAD_MAX_VUS caps it.
 * Pure: no k6 import, no Node API.
 */
import { type Env, positiveInteger } from './env.ts';

export const vusFor = (
  env: Env,
  perSecond: number,
  iterationSeconds: number,
): { pre: number; max: number } => {
  const pre = Math.min(200, Math.max(2, Math.ceil(perSecond * iterationSeconds * 2)));
  const max = positiveInteger(env, 'LOAD_MAX_VUS', Math.max(20, pre * 5));
  return { pre: Math.min(pre, max), max };
};
