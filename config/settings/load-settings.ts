/**
 * The load runs' settings. The k6 scripts read them from k6's own `__ENV` through these definitions:
 * this file and the parse functions it uses are bundled into the scripts, so it imports nothing but
 * setting.ts (no Node built-in, no package).
 */
import { decimal, define, durationSeconds, trimmed, wholeNumber } from './setting.ts';

/** The longest load run, in seconds: an hour. */
export const MAX_LOAD_DURATION_SECONDS = 3600;

/** The most k6 instances a capacity run is split into. */
export const MAX_CAPACITY_SEGMENTS = 16;

/** The load scripts' generator seed unless LOAD_SEED says. */
export const DEFAULT_LOAD_SEED = 20_240_601;

/** The share of a tenant's limit a latency or capacity run uses unless told. */
const DEFAULT_SHARE = 0.8;

export const K6_BIN = define({
  name: 'K6_BIN',
  doc: 'the k6 binary; without k6 a load run says so and exits 4',
  defaultText: 'k6 on `PATH`',
  audience: 'public',
  parse: trimmed,
});

export const LOAD_DURATION = define({
  name: 'LOAD_DURATION',
  doc: 'how long a load run lasts (45s, 2m or plain seconds)',
  see: 'load-tests.md',
  defaultText: "each script's own",
  audience: 'public',
  parse: durationSeconds(MAX_LOAD_DURATION_SECONDS),
});

export const ALLOW_PRODUCTION_LOAD = define({
  name: 'ALLOW_PRODUCTION_LOAD',
  doc: '`true` lets a load run go against production',
  defaultText: 'no load against production',
  audience: 'public',
  parse: (raw) => trimmed(raw) === 'true',
});

export const LOAD_REPORT_DIR = define({
  name: 'LOAD_REPORT_DIR',
  doc: "the k6 reports' folder",
  defaultText: '`<output>/load`',
  audience: 'public',
  parse: trimmed,
});

export const LOAD_DIST_DIR = define({
  name: 'LOAD_DIST_DIR',
  doc: 'where `fei-kit load bundle` writes the bundles',
  defaultText: '`<output>/k6-bundles`',
  audience: 'public',
  parse: trimmed,
});

export const LOAD_SHARE = define({
  name: 'LOAD_SHARE',
  doc: "the share of tenant A's limit the latency run uses",
  defaultText: String(DEFAULT_SHARE),
  audience: 'public',
  parse: decimal(DEFAULT_SHARE, 0.01, 1),
});

export const LOAD_DROPPED_TOLERANCE = define({
  name: 'LOAD_DROPPED_TOLERANCE',
  doc: 'the share of iterations k6 may drop',
  defaultText: '0',
  audience: 'public',
  parse: decimal(0, 0, 0.1),
});

export const RATE_LIMIT_TOLERANCE = define({
  name: 'RATE_LIMIT_TOLERANCE',
  doc: 'how far past the limit a window of the rate-limit run may accept requests',
  defaultText: '0.02',
  audience: 'public',
  parse: decimal(0.02, 0, 0.5),
});

export const LOAD_MAX_VUS = define({
  name: 'LOAD_MAX_VUS',
  doc: 'the most virtual users a load run may start',
  defaultText: 'five times the preallocated, at least 20',
  audience: 'public',
  parse: wholeNumber(undefined, 1),
});

export const LOAD_SEED = define({
  name: 'LOAD_SEED',
  doc: "the load scripts' generator seed",
  defaultText: String(DEFAULT_LOAD_SEED),
  audience: 'public',
  parse: wholeNumber(DEFAULT_LOAD_SEED, 1),
});

export const CAPACITY_TENANTS_FILE = define({
  name: 'CAPACITY_TENANTS_FILE',
  doc: 'the tenants of a capacity run (fei-kit load tenants writes one)',
  defaultText: 'made-up tenants on the reference server',
  audience: 'public',
  parse: trimmed,
});

export const CAPACITY_TENANT_COUNT = define({
  name: 'CAPACITY_TENANT_COUNT',
  doc: 'how many made-up tenants a capacity run against the reference server has',
  defaultText: '5',
  audience: 'public',
  parse: wholeNumber(5, 1),
});

export const CAPACITY_SHARE = define({
  name: 'CAPACITY_SHARE',
  doc: 'the share of each limit a capacity run uses',
  defaultText: String(DEFAULT_SHARE),
  audience: 'public',
  parse: decimal(DEFAULT_SHARE, 0.01, 1),
});

export const CAPACITY_SEGMENTS = define({
  name: 'CAPACITY_SEGMENTS',
  doc: 'k6 instances of a capacity run, 1 to 16 (or --segments)',
  defaultText: '1',
  audience: 'public',
  parse: wholeNumber(1, 1, MAX_CAPACITY_SEGMENTS),
});

export const CAPACITY_SEGMENT_NAME = define({
  name: 'CAPACITY_SEGMENT_NAME',
  doc: "a segment's name in a capacity run",
  defaultText: 'the whole run',
  audience: 'public',
  parse: trimmed,
});

export const CAPACITY_MAX_ERROR_RATE = define({
  name: 'CAPACITY_MAX_ERROR_RATE',
  doc: "a capacity run's tolerated error rate",
  defaultText: '0',
  audience: 'public',
  parse: decimal(0, 0, 0.5),
});

export const LOAD_SETTINGS = [
  K6_BIN,
  LOAD_DURATION,
  ALLOW_PRODUCTION_LOAD,
  LOAD_REPORT_DIR,
  LOAD_DIST_DIR,
  LOAD_SHARE,
  LOAD_DROPPED_TOLERANCE,
  RATE_LIMIT_TOLERANCE,
  LOAD_MAX_VUS,
  LOAD_SEED,
  CAPACITY_TENANTS_FILE,
  CAPACITY_TENANT_COUNT,
  CAPACITY_SHARE,
  CAPACITY_SEGMENTS,
  CAPACITY_SEGMENT_NAME,
  CAPACITY_MAX_ERROR_RATE,
] as const;
