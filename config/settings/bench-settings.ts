/** The bench's settings (`fei-kit bench`, `fei-kit bench reference`): what it measures and how long. */

import { describeWholeNumber, parseWholeNumber } from '../../contract/whole-number.ts';
import { ConfigError } from '../config-error.ts';
import { decimal, define, textOr, trimmed, wholeNumber } from './setting.ts';

export const BENCH_PART_NAMES = [
  'embedded',
  'quick',
  'npm-test',
  'remote',
  'verdict',
  'self-check',
  'reference',
  'proxy',
  'capacity',
  'race',
  'rate-limit-memory',
  'impact',
  'far',
] as const;
export type BenchPart = (typeof BENCH_PART_NAMES)[number];

const partsOf = (raw: string | undefined, name: string): ReadonlySet<BenchPart> => {
  if (!raw?.trim()) return new Set(BENCH_PART_NAMES);
  const parts = raw.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(BENCH_PART_NAMES as readonly string[]).includes(p));
  if (unknown.length) {
    throw new ConfigError(
      `${name}: unknown part ${unknown.join(', ')}; the parts are ${BENCH_PART_NAMES.join(', ')}`,
    );
  }
  // The kit's own tests are stated as a ratio to the embedded run: it is measured in the same run.
  const chosen = new Set(parts as BenchPart[]);
  if (chosen.has('quick') || chosen.has('npm-test')) chosen.add('embedded');
  return chosen;
};

/** The reference bench's whole numbers: a bad one stops it as the kit's failure, as it always has. */
const atLeast =
  (fallback: number, min: number) =>
  (raw: string | undefined, name: string): number => {
    const text = raw?.trim();
    if (!text) return fallback;
    const value = parseWholeNumber(text, { min });
    if (value === undefined) throw new Error(`${name} must be ${describeWholeNumber({ min })}`);
    return value;
  };

export const BENCH_PARTS = define({
  name: 'BENCH_PARTS',
  doc: `the parts of the bench that run, comma-separated, of ${BENCH_PART_NAMES.join(', ')}; quick and npm-test bring embedded with them (or --parts)`,
  defaultText: 'all',
  audience: 'public',
  parse: partsOf,
});

export const BENCH_REMOTE_SCALE = define({
  name: 'BENCH_REMOTE_SCALE',
  doc: "the rehearsal's windows are this many times shorter than a minute",
  defaultText: '10',
  audience: 'public',
  parse: wholeNumber(10, 1, 60),
});

export const BENCH_REMOTE_LATENCY_MS = define({
  name: 'BENCH_REMOTE_LATENCY_MS',
  doc: "the rehearsal's simulated round trip, in milliseconds",
  defaultText: '120',
  audience: 'public',
  parse: wholeNumber(120, 0, 2000),
});

export const BENCH_FAR_LATENCY_MS = define({
  name: 'BENCH_FAR_LATENCY_MS',
  doc: "the far part's delay of every answer, in milliseconds (the reference behind a proxy that late)",
  defaultText: '4000',
  audience: 'public',
  parse: wholeNumber(4000, 0, 60_000),
});

export const BENCH_FAR_WINDOW_SECONDS = define({
  name: 'BENCH_FAR_WINDOW_SECONDS',
  doc: "the far part's rate-limit window, in seconds, every tenant at 50 requests a window",
  defaultText: '60',
  audience: 'public',
  parse: wholeNumber(60, 5, 3600),
});

export const BENCH_VERDICT_ROUNDS = define({
  name: 'BENCH_VERDICT_ROUNDS',
  doc: 'rounds of the verdict part',
  defaultText: '2',
  audience: 'public',
  parse: wholeNumber(2, 1, 9),
});

export const BENCH_EMBEDDED_BEFORE_SECONDS = define({
  name: 'BENCH_EMBEDDED_BEFORE_SECONDS',
  doc: "the wall time of `fei-kit conformance` against the reference server before a change, in seconds, measured on the same machine (the embedded part's figure of a bench of the commit before): the embedded part then gives the run's growth as a ratio to it (goal ≤ 1.15)",
  defaultText: 'none: the growth row gives the ratio to the 15 s goal',
  audience: 'public',
  parse: (raw, name) => {
    const seconds = decimal(0, 0, 3600)(raw, name);
    return seconds > 0 ? seconds : undefined;
  },
});

export const BENCH_SELF_CHECK_ONLY = define({
  name: 'BENCH_SELF_CHECK_ONLY',
  doc: "the self-check part's --only",
  defaultText: 'the whole self-check',
  audience: 'public',
  parse: trimmed,
});

export const BENCH_PROXY_REQUESTS = define({
  name: 'BENCH_PROXY_REQUESTS',
  doc: 'requests per path of the proxy part',
  defaultText: '2000',
  audience: 'public',
  parse: wholeNumber(2000, 100, 100_000),
});

export const BENCH_CAPACITY_TENANTS = define({
  name: 'BENCH_CAPACITY_TENANTS',
  doc: 'made-up tenants of the capacity part',
  defaultText: '50',
  audience: 'public',
  parse: wholeNumber(50, 1, 1000),
});

export const BENCH_CAPACITY_SECONDS = define({
  name: 'BENCH_CAPACITY_SECONDS',
  doc: 'how long the capacity part runs, in seconds',
  defaultText: '60',
  audience: 'public',
  parse: wholeNumber(60, 5, 3600),
});

export const BENCH_CAPACITY_SHARE = define({
  name: 'BENCH_CAPACITY_SHARE',
  doc: 'the share of each limit the capacity part uses',
  defaultText: '0.8',
  audience: 'public',
  parse: textOr('0.8'),
});

export const BENCH_CAPACITY_SEGMENTS = define({
  name: 'BENCH_CAPACITY_SEGMENTS',
  doc: 'local k6 instances of the capacity part',
  defaultText: '2',
  audience: 'public',
  parse: wholeNumber(2, 1, 16),
});

export const BENCH_RACE_RUNS = define({
  name: 'BENCH_RACE_RUNS',
  doc: 'whole conformance runs of the race part, against a 1 ms check-then-insert window',
  defaultText: '20',
  audience: 'public',
  parse: wholeNumber(20, 1, 200),
});

export const BENCH_RACE_BUSY = define({
  name: 'BENCH_RACE_BUSY',
  doc: 'busy processes beside each run of the race part',
  defaultText: '4',
  audience: 'public',
  parse: wholeNumber(4, 0, 64),
});

export const BENCH_SECONDS = define({
  name: 'BENCH_SECONDS',
  doc: "the reference bench's seconds per measurement",
  defaultText: '3',
  audience: 'public',
  parse: atLeast(3, 1),
});

export const BENCH_WARMUP_SECONDS = define({
  name: 'BENCH_WARMUP_SECONDS',
  doc: "the reference bench's warm-up before each measurement, in seconds (0: none)",
  defaultText: '1',
  audience: 'public',
  parse: atLeast(1, 0),
});

export const BENCH_ROUNDS = define({
  name: 'BENCH_ROUNDS',
  doc: "the reference bench's rounds",
  defaultText: '5',
  audience: 'public',
  parse: atLeast(5, 1),
});

export const BENCH_CONNECTIONS = define({
  name: 'BENCH_CONNECTIONS',
  doc: "the reference bench's connections",
  defaultText: '10',
  audience: 'public',
  parse: atLeast(10, 1),
});

/** What `fei-kit bench` reads besides its parts (`--parts`): each part's own settings. */
export const BENCH_RUN_SETTINGS = [
  BENCH_EMBEDDED_BEFORE_SECONDS,
  BENCH_REMOTE_SCALE,
  BENCH_REMOTE_LATENCY_MS,
  BENCH_VERDICT_ROUNDS,
  BENCH_SELF_CHECK_ONLY,
  BENCH_PROXY_REQUESTS,
  BENCH_CAPACITY_TENANTS,
  BENCH_CAPACITY_SECONDS,
  BENCH_CAPACITY_SHARE,
  BENCH_CAPACITY_SEGMENTS,
  BENCH_RACE_RUNS,
  BENCH_RACE_BUSY,
  BENCH_FAR_LATENCY_MS,
  BENCH_FAR_WINDOW_SECONDS,
] as const;

/** What `fei-kit bench reference` reads. */
export const BENCH_REFERENCE_SETTINGS = [
  BENCH_SECONDS,
  BENCH_WARMUP_SECONDS,
  BENCH_ROUNDS,
  BENCH_CONNECTIONS,
] as const;

export const BENCH_SETTINGS = [BENCH_PARTS, ...BENCH_RUN_SETTINGS, ...BENCH_REFERENCE_SETTINGS] as const;
