/**
 * The self-check's settings, read once from its options and their environment variables: how many
 * runs and k6 runs go at a time, the property runs against mutants, the time-out per run and the
 * subset asked for. A malformed value is a ConfigError (exit 2) before anything starts.
 */
import { availableParallelism } from 'node:os';
import { durationOptionSeconds } from '../config/index.ts';
import {
  SELF_CHECK_CONCURRENCY,
  SELF_CHECK_LOAD_CONCURRENCY,
  SELF_CHECK_MUTANT_FC_RUNS,
  type Setting,
} from '../config/settings/index.ts';

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
 * k6 runs at a time: one more than the machine's cores. Each run's start (its script compiled, its
 * virtual users made) takes a core for a moment; more runs than cores starting together left the
 * first window of each short of its planned rate. On two cores, five at a time left four of the six
 * conforming rows not established and three mutants weakly caught; three at a time, every conforming
 * row decided but the starved generator's (meant to fall short) and one weak catch, for 6 s more in
 * all (the rows take about a minute). A generator that falls short anyway reads not established,
 * never failed.
 */
export const defaultLoadConcurrency = (): number => availableParallelism() + 1;
export const DEFAULT_TIMEOUT_SECONDS = 900;

/** An option wins over its variable; either is parsed by the variable's one definition in the registry. */
const optionOrSetting = (
  setting: Setting<number | undefined>,
  option: string,
  value: string | undefined,
): number | undefined =>
  value === undefined ? setting.read() : setting.parse(value, `${option} (${setting.name})`);

/** The settings of one self-check: an option wins over its environment variable, else the default. */
export const readSelfCheckSettings = (values: SelfCheckOptions): SelfCheckSettings => ({
  loadConcurrency:
    optionOrSetting(SELF_CHECK_LOAD_CONCURRENCY, '--load-concurrency', values['load-concurrency']) ??
    defaultLoadConcurrency(),
  concurrency:
    optionOrSetting(SELF_CHECK_CONCURRENCY, '--concurrency', values.concurrency) ??
    availableParallelism() + 1,
  mutantPropertyRuns: optionOrSetting(
    SELF_CHECK_MUTANT_FC_RUNS,
    '--mutant-fc-runs',
    values['mutant-fc-runs'],
  ),
  timeoutSeconds: durationOptionSeconds('--timeout', values.timeout) ?? DEFAULT_TIMEOUT_SECONDS,
  only: values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean),
});
