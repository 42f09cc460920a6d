/**
 * The registry of the kit's own settings: every environment variable beside the target contract
 * (variables.ts) that the kit reads, with what it sets. Docs name only these, the contract's and
 * k6's own (a kit test holds them to it); a new setting is added here first. No Node built-in: k6
 * loads contract/.
 */
export const KIT_VARIABLES: Readonly<Record<string, string>> = Object.freeze({
  KIT_TESTS_QUICK: '`true`: the kit tests leave out those that run a job whole (npm run test:quick)',
  KIT_OUTPUT_DIR: 'the output folder of every command (or --output)',
  KIT_ENV_FILE: 'the file the target contract is read from (default .env)',
  KIT_IGNORE_DOTENV: '`true`: read no .env file',
  KIT_BASELINE: 'the run the release gate compares with',
  KIT_FAIL_ON_DRIFT: '`true`: a changed gap reading or latency fails the comparison (5)',
  KIT_LATENCY_TOLERANCE_PERCENT: "the release gate's latency tolerance, in percent",
  KIT_LATENCY_TOLERANCE_MS: "the release gate's latency tolerance, in milliseconds",
  KIT_TEST_TIMEOUT_SECONDS: 'how long one check may take',
  KIT_TYPESCRIPT:
    '`tsx`: the kit is compiled with tsx even where Node could strip its types, a clone or installed (docs/tooling.md)',
  KIT_REFERENCE_VARIANT: 'the old name of REFERENCE_VARIANT for the embedded target, read until 1.0',
  KIT_REFERENCE_MUTANT: 'the old name of REFERENCE_MUTANT for the embedded target, read until 1.0',
  KIT_REFERENCE_DEPLOYMENT: 'the old name of REFERENCE_DEPLOYMENT for the embedded target, read until 1.0',
  KIT_EMBEDDED_ANSWERS_FILE:
    'the embedded target appends every answer (method, path, status, content type, body) to this JSON-lines file',
  REQUEST_TIMEOUT_SECONDS: 'how long a request may go unanswered before it counts as no answer',
  FC_RUNS: "the properties' runs",
  FC_SEED: "the properties' seed",
  FC_PATH: "the properties' replay path",
  FC_REPLAY_PATH: "the properties' replay path (fast-check's name)",
  ALLURE_HISTORY_PATH: 'the Allure history file',
  ALLOW_PRODUCTION_LOAD: '`true` lets a load run go against production',
  K6_BIN: 'the k6 binary (else k6 on PATH)',
  LOAD_DURATION: 'how long a load run lasts (45s, 2m or plain seconds)',
  LOAD_SHARE: "the share of tenant A's limit the latency run uses",
  LOAD_REPORT_DIR: "the k6 reports' folder",
  LOAD_DIST_DIR: 'where `fei-kit load bundle` writes the bundles',
  LOAD_DROPPED_TOLERANCE: 'the share of iterations k6 may drop',
  RATE_LIMIT_TOLERANCE: 'how far past the limit a window of the rate-limit run may accept requests',
  LOAD_MAX_VUS: 'the most virtual users a load run may start',
  LOAD_SEED: "the load scripts' generator seed",
  CAPACITY_TENANTS_FILE: 'the tenants of a capacity run',
  CAPACITY_TENANT_COUNT: 'how many made-up tenants a capacity run against the reference server has',
  CAPACITY_SHARE: 'the share of each limit a capacity run uses',
  CAPACITY_SEGMENTS: 'k6 instances of a capacity run (or --segments)',
  CAPACITY_SEGMENT_NAME: "a segment's name in a capacity run",
  CAPACITY_MAX_ERROR_RATE: "a capacity run's tolerated error rate",
  REFERENCE_PORT: "the reference server's port (or --port)",
  REFERENCE_ENVIRONMENT: "the reference server's environment",
  REFERENCE_CREDENTIALS_FILE: 'where the reference server writes its credentials',
  REFERENCE_VARIANT: 'the reference server (fei-kit reference, or the embedded target) runs this variant',
  REFERENCE_MUTANT: 'the reference server (fei-kit reference, or the embedded target) runs these mutants',
  REFERENCE_DEPLOYMENT:
    'the reference server (fei-kit reference, or the embedded target) runs this deployment',
  REFERENCE_HTTPS: '`true`: the reference server serves HTTPS',
  REFERENCE_LATENCY_MS: "the reference server's added latency",
  REFERENCE_TENANTS_FILE: 'the tenants the reference server serves',
  SELF_CHECK_CONCURRENCY: "the self-check's runs at a time",
  SELF_CHECK_LOAD_CONCURRENCY: "the self-check's k6 runs at a time",
  SELF_CHECK_MUTANT_FC_RUNS: 'fast-check runs per property for mutants',
  BENCH_PARTS: 'the parts of the bench that run',
  BENCH_ROUNDS: "the bench's rounds",
  BENCH_SECONDS: "the bench's seconds per measurement",
  BENCH_CONNECTIONS: "the reference bench's connections",
  BENCH_REMOTE_LATENCY_MS: "the bench's simulated remote latency",
  BENCH_REMOTE_SCALE: "the bench's remote scale",
  BENCH_SELF_CHECK_ONLY: "the bench's self-check subset",
  BENCH_VERDICT_ROUNDS: "the bench's verdict rounds",
  BENCH_RACE_RUNS: "the bench's whole runs against a 1 ms check-then-insert window",
  BENCH_RACE_BUSY: 'the busy processes beside each of those runs',
});

/** k6's own settings, which the docs may name beside the kit's (k6 reads them, not the kit). */
export const K6_OWN_VARIABLES: readonly string[] = Object.freeze([
  'K6_NO_USAGE_REPORT',
  'K6_OUT',
  'K6_WEB_DASHBOARD',
  'K6_WEB_DASHBOARD_EXPORT',
  'K6_WEB_DASHBOARD_PERIOD',
  'K6_WEB_DASHBOARD_PORT',
]);
