/**
 * The self-check's settings, read once from its options and their environment variables: how many
 * runs and k6 runs go at a time, the property runs against mutants, the time-out per run and the
 * subset asked for. A malformed value is a ConfigError (exit 2) before anything starts.
 */
import { availableParallelism } from 'node:os';
import { ConfigError, durationOptionSeconds } from '../config/index.ts';
import {
  SELF_CHECK_CONCURRENCY,
  SELF_CHECK_LOAD_CONCURRENCY,
  SELF_CHECK_MUTANT_FC_RUNS,
} from '../config/settings/index.ts';
import { describeWholeNumber, parseWholeNumber } from '../contract/index.ts';

export interface SelfCheckOptions {
  readonly only?: string;
  readonly concurrency?: string;
  readonly full?: boolean;
  readonly 'mutant-fc-runs'?: string;
  readonly timeout?: string;
  readonly 'no-load'?: boolean;
  readonly 'load-concurrency'?: string;
  readonly 'no-batch'?: boolean;
  readonly 'no-clients'?: boolean;
  readonly 'no-faults'?: boolean;
}

export interface SelfCheckSettings {
  /** Suite runs at a time; the rate-limit checks' workers in the batch too. */
  readonly concurrency: number;
  readonly loadConcurrency: number;
  readonly mutantPropertyRuns: number | undefined;
  readonly timeoutSeconds: number;
  /** The `--only` patterns, or undefined for every row. */
  readonly only: readonly string[] | undefined;
}

/**
 * Five k6 runs at a time keep 2 cores about 1.3 busy: the 15 rows take three rounds instead of five.
 * A load generator that falls short anyway reads not established, never failed.
 */
export const DEFAULT_LOAD_CONCURRENCY = 5;
export const DEFAULT_TIMEOUT_SECONDS = 900;

const positive = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = parseWholeNumber(text, { min: 1 });
  if (value === undefined)
    throw new ConfigError(`${name} must be ${describeWholeNumber({ min: 1 })}; got "${text}"`);
  return value;
};

/** The settings of one self-check: an option wins over its environment variable, else the default. */
export const readSelfCheckSettings = (values: SelfCheckOptions): SelfCheckSettings => ({
  loadConcurrency:
    positive('--load-concurrency', values['load-concurrency'] ?? SELF_CHECK_LOAD_CONCURRENCY.read()) ??
    DEFAULT_LOAD_CONCURRENCY,
  concurrency:
    positive('--concurrency', values.concurrency ?? SELF_CHECK_CONCURRENCY.read()) ??
    availableParallelism() + 1,
  mutantPropertyRuns: positive(
    '--mutant-fc-runs',
    values['mutant-fc-runs'] ?? SELF_CHECK_MUTANT_FC_RUNS.read(),
  ),
  timeoutSeconds: durationOptionSeconds('--timeout', values.timeout) ?? DEFAULT_TIMEOUT_SECONDS,
  only: values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean),
});
