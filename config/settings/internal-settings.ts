/**
 * Variables the kit sets for the processes it starts (never a user), and other tools' variables the kit
 * reads (Node's, Playwright's, CI's). Named here so that they too are read in one place.
 */
import { define, exact, isTrue, trimmed, wholeNumber } from './setting.ts';

/** The round trips a run accepts, in milliseconds: an hour is no deployment's, so a larger value is the kit's own mistake. */
const ROUND_TRIP_MAX_MS = 3_600_000;

export const KIT_CONSOLE_REPORTER = define({
  name: 'KIT_CONSOLE_REPORTER',
  doc: "`user`: the user's reporters took the console, the run leaves out the kit's `list`",
  audience: 'internal',
  parse: (raw) => raw === 'user',
});

export const KIT_ROUND_TRIP_MS = define({
  name: 'KIT_ROUND_TRIP_MS',
  doc: "the preflight's round trip in milliseconds, which the run's time-outs are sized from",
  audience: 'internal',
  parse: wholeNumber(undefined, 1, ROUND_TRIP_MAX_MS, 'milliseconds'),
});

export const KIT_PACING_URL = define({
  name: 'KIT_PACING_URL',
  doc: "the address of the run's pacing broker, which the workers share a tenant's budget through",
  audience: 'internal',
  parse: exact,
});

export const KIT_KEEP_WORKER_ON_FAILURE = define({
  name: 'KIT_KEEP_WORKER_ON_FAILURE',
  doc: '`true`: a failed check keeps its worker (the kit keeps it when the run allows)',
  audience: 'internal',
  parse: isTrue,
});

export const KIT_PROVOKE_INTERNAL_ERROR = define({
  name: 'KIT_PROVOKE_INTERNAL_ERROR',
  doc: "a command's name: that command fails as the kit's own error (the kit tests of exit 7)",
  audience: 'internal',
  parse: exact,
});

export const KIT_TESTS_OUTPUT_DIR = define({
  name: 'KIT_TESTS_OUTPUT_DIR',
  doc: "the kit tests' output folder (npm test gives each step its own)",
  defaultText: '`fei-kit-output/kit-tests`',
  audience: 'internal',
  parse: (raw) => raw ?? 'fei-kit-output/kit-tests',
});

export const SELF_CHECK_BATCH_FILE = define({
  name: 'SELF_CHECK_BATCH_FILE',
  doc: "the self-check's batch file (its servers' projects), for the batch's runner and workers",
  audience: 'internal',
  parse: trimmed,
});

export const CI = define({
  name: 'CI',
  doc: "set by CI services: a run there refuses Playwright's test.only",
  audience: 'outside',
  parse: (raw) => !!raw,
});

export const TEST_PARALLEL_INDEX = define({
  name: 'TEST_PARALLEL_INDEX',
  doc: "Playwright's: the worker's index, recorded with its requests",
  audience: 'outside',
  parse: exact,
});

export const NODE_COMPILE_CACHE = define({
  name: 'NODE_COMPILE_CACHE',
  doc: "Node's compile cache folder, handed to every process the kit starts",
  audience: 'outside',
  parse: exact,
});

export const INTERNAL_SETTINGS = [
  KIT_CONSOLE_REPORTER,
  KIT_ROUND_TRIP_MS,
  KIT_PACING_URL,
  KIT_KEEP_WORKER_ON_FAILURE,
  KIT_PROVOKE_INTERNAL_ERROR,
  KIT_TESTS_OUTPUT_DIR,
  SELF_CHECK_BATCH_FILE,
  CI,
  TEST_PARALLEL_INDEX,
  NODE_COMPILE_CACHE,
] as const;
