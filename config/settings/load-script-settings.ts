/**
 * The load scripts' own knobs: the rate-limit script's windows, overload and tolerances, and the
 * latency thresholds the latency and capacity scripts judge. Like load-settings.ts, bundled into the
 * k6 scripts: it imports nothing but setting.ts.
 */
import { decimal, define, oneOf, wholeNumber } from './setting.ts';

const see = 'load-tests.md';

export const RATE_LIMIT_WINDOWS = define({
  name: 'RATE_LIMIT_WINDOWS',
  doc: 'how many windows of the limit the rate-limit run lasts, at least 2',
  see,
  defaultText: '3',
  audience: 'public',
  parse: wholeNumber(3, 2),
});

export const RATE_LIMIT_OVERLOAD = define({
  name: 'RATE_LIMIT_OVERLOAD',
  doc: "the rate-limit run's arrival rate as a multiple of the limit, 1.2 to 10",
  see,
  defaultText: '2.5',
  audience: 'public',
  parse: decimal(2.5, 1.2, 10),
});

export const RATE_LIMIT_CONTROL_TENANT = define({
  name: 'RATE_LIMIT_CONTROL_TENANT',
  doc: "the rate-limit run's control tenant, A or B",
  see,
  defaultText: 'A',
  audience: 'public',
  parse: oneOf(['A', 'B'] as const, 'A'),
});

export const RATE_LIMIT_CONTROL_SHARE = define({
  name: 'RATE_LIMIT_CONTROL_SHARE',
  doc: "the control tenant's rate as a share of its limit, 0.01 to 0.9",
  see,
  defaultText: '0.5',
  audience: 'public',
  parse: decimal(0.5, 0.01, 0.9),
});

export const RATE_LIMIT_LOW_TOLERANCE = define({
  name: 'RATE_LIMIT_LOW_TOLERANCE',
  doc: 'how far below the limit a later window of the rate-limit run may accept, a share of it up to 0.9',
  see,
  defaultText: '0.1',
  audience: 'public',
  parse: decimal(0.1, 0, 0.9),
});

/** The latency thresholds unless set, in milliseconds. */
export const DEFAULT_LATENCY_MS = Object.freeze({ p95: 500, p99: 1000 });

export const LATENCY_P95_MS = define({
  name: 'LATENCY_P95_MS',
  doc: "every endpoint's 95th percentile limit, in milliseconds",
  see,
  defaultText: String(DEFAULT_LATENCY_MS.p95),
  audience: 'public',
  parse: wholeNumber(DEFAULT_LATENCY_MS.p95, 1),
});

export const LATENCY_P99_MS = define({
  name: 'LATENCY_P99_MS',
  doc: "every endpoint's 99th percentile limit, in milliseconds",
  see,
  defaultText: String(DEFAULT_LATENCY_MS.p99),
  audience: 'public',
  parse: wholeNumber(DEFAULT_LATENCY_MS.p99, 1),
});

const endpointLimit = (endpoint: string, percentile: 'P95' | 'P99') =>
  define({
    name: `LATENCY_${endpoint.toUpperCase()}_${percentile}_MS`,
    doc: `the ${endpoint} endpoint's ${percentile === 'P95' ? '95th' : '99th'} percentile limit, in milliseconds`,
    see,
    defaultText: `LATENCY_${percentile}_MS`,
    audience: 'public',
    parse: wholeNumber(undefined, 1),
  });

/** Each endpoint's own latency limits, which override the shared ones. */
export const LATENCY_ENDPOINT_SETTINGS = Object.freeze({
  create: Object.freeze({ p95: endpointLimit('create', 'P95'), p99: endpointLimit('create', 'P99') }),
  retrieve: Object.freeze({ p95: endpointLimit('retrieve', 'P95'), p99: endpointLimit('retrieve', 'P99') }),
  update: Object.freeze({ p95: endpointLimit('update', 'P95'), p99: endpointLimit('update', 'P99') }),
});

export const LATENCY_MIN_CHECK_RATE = define({
  name: 'LATENCY_MIN_CHECK_RATE',
  doc: 'the share of status checks that must pass in a latency run, 0.5 to 1 (0.999 tolerates one in a thousand)',
  see,
  defaultText: '1',
  audience: 'public',
  parse: decimal(1, 0.5, 1),
});

export const LOAD_SCRIPT_SETTINGS = [
  RATE_LIMIT_WINDOWS,
  RATE_LIMIT_OVERLOAD,
  RATE_LIMIT_CONTROL_TENANT,
  RATE_LIMIT_CONTROL_SHARE,
  RATE_LIMIT_LOW_TOLERANCE,
  LATENCY_P95_MS,
  LATENCY_P99_MS,
  ...Object.values(LATENCY_ENDPOINT_SETTINGS).flatMap(({ p95, p99 }) => [p95, p99]),
  LATENCY_MIN_CHECK_RATE,
] as const;
