/** The settings of every command and of a conformance run: where outputs go, where the contract is read from, time-outs, properties. */
import { CONTRACT_VARIABLES } from '../../contract/variables.ts';
import {
  amount,
  define,
  integer,
  isTrue,
  matching,
  onOff,
  secondsUpTo,
  trimmed,
  wholeNumber,
} from './setting.ts';

/** The longest wait a user may set, in seconds: an hour. */
export const MAX_TIMEOUT_SECONDS = 3600;

/** How much a latency percentile may grow before the release gate calls it drift: 25 % and at least 5 ms. */
export const DEFAULT_LATENCY_TOLERANCE = Object.freeze({ percent: 25, ms: 5 });

export const KIT_OUTPUT_DIR = define({
  name: 'KIT_OUTPUT_DIR',
  doc: 'the output folder of every command (or --output)',
  defaultText: '`fei-kit-output` in the working folder',
  audience: 'public',
  parse: trimmed,
});

export const KIT_ENV_FILE = define({
  name: 'KIT_ENV_FILE',
  doc: 'the file the target contract is read from',
  defaultText: '`.env` in the working folder',
  audience: 'public',
  parse: trimmed,
});

export const KIT_IGNORE_DOTENV = define({
  name: 'KIT_IGNORE_DOTENV',
  doc: '`true`: read no .env file',
  defaultText: 'the .env file is read',
  audience: 'public',
  parse: isTrue,
});

export const REQUEST_TIMEOUT_SECONDS = define({
  name: 'REQUEST_TIMEOUT_SECONDS',
  doc: 'how long a request may go unanswered before it counts as *no answer* (its check is then *not run*)',
  defaultText: '30 round trips of the preflight, at least 5 s (15 s against the reference server)',
  audience: 'public',
  parse: secondsUpTo(MAX_TIMEOUT_SECONDS),
});

export const KIT_TEST_TIMEOUT_SECONDS = define({
  name: 'KIT_TEST_TIMEOUT_SECONDS',
  doc: 'how long one check may take (a property stops its runs in time within it)',
  defaultText:
    "120 s, or 60 s + 80 round trips when more; a property's check against a deployment, what its runs need at the slower of the round trip and its worker's part of the budget",
  audience: 'public',
  parse: secondsUpTo(MAX_TIMEOUT_SECONDS),
});

export const KIT_RECOVERY_WAIT_SECONDS = define({
  name: 'KIT_RECOVERY_WAIT_SECONDS',
  doc: 'how long a deployment that answers 502, 503 or 504 or refuses connections (to a probe too) may take to come back before the run calls it lost: a rolling restart takes seconds, a cold start may take minutes',
  defaultText: '30 s, or 10 round trips of the preflight when more',
  audience: 'public',
  parse: secondsUpTo(MAX_TIMEOUT_SECONDS),
});

export const FC_RUNS = define({
  name: 'FC_RUNS',
  doc: "the properties' runs",
  see: 'properties.md',
  defaultText: "sized to the target's budget",
  audience: 'public',
  parse: wholeNumber(undefined, 1),
});

export const FC_SEED = define({
  name: 'FC_SEED',
  doc: "the properties' seed",
  see: 'properties.md',
  defaultText: 'a new one each run',
  audience: 'public',
  parse: integer,
});

export const FC_PATH = define({
  name: 'FC_PATH',
  doc: "the properties' replay path",
  see: 'properties.md',
  audience: 'public',
  parse: matching(/^\d+(:\d+)*$/, '12:0:3 (as a failing property prints it)'),
});

export const FC_REPLAY_PATH = define({
  name: 'FC_REPLAY_PATH',
  doc: "the commands' replay path of a model-based property, with FC_PATH (fast-check's name)",
  audience: 'public',
  parse: trimmed,
});

export const KIT_MODEL_STEPS = define({
  name: 'KIT_MODEL_STEPS',
  doc: "the most steps one sequence of the tenants' model-based property takes",
  see: 'properties.md',
  defaultText: '8',
  audience: 'public',
  parse: wholeNumber(8, 1, 50),
});

export const KIT_MODEL_REQUESTS = define({
  name: 'KIT_MODEL_REQUESTS',
  doc: "the requests the tenants' model-based property may send: its sequences are this over what one costs (FC_RUNS overrides)",
  see: 'properties.md',
  defaultText: "1200 against the reference server; against a deployment, its share of the run's budget",
  audience: 'public',
  parse: wholeNumber(1200, 50, 1_000_000),
});

/** The fresh windows the counter's axes may wait for when unset: each of its axes at each attempt. */
export const DEFAULT_COUNTER_WINDOWS = 30;

export const KIT_COUNTER_WINDOWS = define({
  name: 'KIT_COUNTER_WINDOWS',
  doc: "the most fresh windows the rate-limit counter's axes may wait for, in all (each a whole window of the rate-limit tenant's silence, a minute at the spec's limit); an axis left without one is not sent and reads not established. 0: only the windows the other rate-limit checks' bursts began",
  see: 'what-the-suites-check.md',
  defaultText: `${DEFAULT_COUNTER_WINDOWS}: every axis (8 kinds, 2 spellings) at each of its 3 attempts`,
  audience: 'public',
  parse: wholeNumber(DEFAULT_COUNTER_WINDOWS, 0, 1000, 'windows'),
});

export const KIT_BASELINE = define({
  name: 'KIT_BASELINE',
  doc: "the release gate's baseline run (a folder or profile.json)",
  see: 'release-gate.md',
  defaultText: 'no comparison',
  audience: 'public',
  parse: trimmed,
});

export const KIT_FAIL_ON_DRIFT = define({
  name: 'KIT_FAIL_ON_DRIFT',
  doc: '`true`: a changed gap reading or a latency regression exits 5',
  defaultText: 'drift reported, not failed',
  audience: 'public',
  parse: onOff,
});

export const KIT_LATENCY_TOLERANCE_PERCENT = define({
  name: 'KIT_LATENCY_TOLERANCE_PERCENT',
  doc: 'how much a latency percentile may grow, in percent',
  defaultText: String(DEFAULT_LATENCY_TOLERANCE.percent),
  audience: 'public',
  parse: amount(DEFAULT_LATENCY_TOLERANCE.percent),
});

export const KIT_LATENCY_TOLERANCE_MS = define({
  name: 'KIT_LATENCY_TOLERANCE_MS',
  doc: '…and by at least this many milliseconds',
  defaultText: String(DEFAULT_LATENCY_TOLERANCE.ms),
  audience: 'public',
  parse: amount(DEFAULT_LATENCY_TOLERANCE.ms),
});

export const ALLURE_HISTORY_PATH = define({
  name: 'ALLURE_HISTORY_PATH',
  doc: 'the Allure history file',
  see: 'reports.md',
  defaultText: '`<output>/history/history.jsonl`',
  audience: 'public',
  parse: trimmed,
});

export const KIT_TYPESCRIPT = define({
  name: 'KIT_TYPESCRIPT',
  doc: '`tsx`: the kit is compiled with tsx even where Node could strip its types itself, a clone or installed',
  see: 'tooling.md',
  defaultText:
    "Node strips them: in a clone on 22.18 and later, installed through the kit's hooks where Node has `module.stripTypeScriptTypes`; tsx otherwise",
  audience: 'public',
  parse: (raw) => raw === 'tsx',
});

export const KIT_EMBEDDED_ANSWERS_FILE = define({
  name: 'KIT_EMBEDDED_ANSWERS_FILE',
  doc: `a file the embedded reference server appends every answer to, one JSON line each (method, path, status, content type, body); the self-check sets it to validate every answer against the OpenAPI document. Ignored with \`${CONTRACT_VARIABLES.baseUrl}\``,
  see: 'openapi.md',
  defaultText: 'none: nothing recorded',
  audience: 'public',
  parse: trimmed,
});

export const KIT_TESTS_QUICK = define({
  name: 'KIT_TESTS_QUICK',
  doc: '`true`: the kit tests leave out those that run a job whole (npm run test:quick)',
  defaultText: 'every kit test runs',
  audience: 'public',
  parse: isTrue,
});

export const RUN_SETTINGS = [
  KIT_OUTPUT_DIR,
  KIT_ENV_FILE,
  KIT_IGNORE_DOTENV,
  REQUEST_TIMEOUT_SECONDS,
  KIT_TEST_TIMEOUT_SECONDS,
  KIT_RECOVERY_WAIT_SECONDS,
  FC_RUNS,
  FC_SEED,
  FC_PATH,
  FC_REPLAY_PATH,
  KIT_MODEL_STEPS,
  KIT_MODEL_REQUESTS,
  KIT_COUNTER_WINDOWS,
  KIT_BASELINE,
  KIT_FAIL_ON_DRIFT,
  KIT_LATENCY_TOLERANCE_PERCENT,
  KIT_LATENCY_TOLERANCE_MS,
  ALLURE_HISTORY_PATH,
  KIT_TYPESCRIPT,
  KIT_EMBEDDED_ANSWERS_FILE,
  KIT_TESTS_QUICK,
] as const;
