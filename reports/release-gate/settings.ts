/**
 * The comparison's settings, from the environment: KIT_BASELINE (a previous run's output folder or its
 * profile file), KIT_FAIL_ON_DRIFT, and the latency tolerance. A malformed value is a ConfigError
 * naming the variable (exit 2).
 */
import { z } from 'zod';
import { ConfigError } from '../../config/index.ts';
import type { LatencyTolerance } from './comparison.ts';
import { DEFAULT_TOLERANCE } from './diff.ts';

export interface CompareSettings {
  readonly baseline: string | undefined;
  readonly failOnDrift: boolean;
  readonly tolerance: LatencyTolerance;
}

const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const amount = (fallback: number) =>
  text.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of zero or more')
      .transform(Number)
      .optional()
      .transform((value) => value ?? fallback),
  );

const settingsSchema = z.object({
  KIT_BASELINE: text,
  KIT_FAIL_ON_DRIFT: text.pipe(
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
  ),
  KIT_LATENCY_TOLERANCE_PERCENT: amount(DEFAULT_TOLERANCE.percent),
  KIT_LATENCY_TOLERANCE_MS: amount(DEFAULT_TOLERANCE.ms),
});

export const readCompareSettings = (env: NodeJS.ProcessEnv = process.env): CompareSettings => {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `${issue?.path.join('.') ?? 'a comparison setting'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  const { data } = parsed;
  return {
    baseline: data.KIT_BASELINE,
    failOnDrift: data.KIT_FAIL_ON_DRIFT,
    tolerance: { percent: data.KIT_LATENCY_TOLERANCE_PERCENT, ms: data.KIT_LATENCY_TOLERANCE_MS },
  };
};
