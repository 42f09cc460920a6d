/**
 * The comparison's settings, from the environment: KIT_BASELINE (a previous run's output folder or its
 * profile file), KIT_FAIL_ON_DRIFT, and the latency tolerance, each read by its registry definition
 * (config/settings/). A malformed value is a ConfigError naming the variable (exit 2).
 */
import {
  type Environment,
  KIT_BASELINE,
  KIT_FAIL_ON_DRIFT,
  KIT_LATENCY_TOLERANCE_MS,
  KIT_LATENCY_TOLERANCE_PERCENT,
} from '../../config/settings/index.ts';
import type { LatencyTolerance } from './comparison.ts';

export interface CompareSettings {
  readonly baseline: string | undefined;
  readonly failOnDrift: boolean;
  readonly tolerance: LatencyTolerance;
}

export const readCompareSettings = (env?: Environment): CompareSettings => ({
  baseline: KIT_BASELINE.read(env),
  failOnDrift: KIT_FAIL_ON_DRIFT.read(env),
  tolerance: { percent: KIT_LATENCY_TOLERANCE_PERCENT.read(env), ms: KIT_LATENCY_TOLERANCE_MS.read(env) },
});
