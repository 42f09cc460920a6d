/**
 * The figures `fei-kit bench` gathers, the goals they are held to, and the table it writes. Pure: the
 * measuring is bench/bench.ts's. A part that was not measured (BENCH_PARTS) or did not finish well shows
 * as such, never as a goal met.
 */
import type { Row, Verdict } from './figure-row.ts';
import type { ProxyFigure } from './proxy-bench.ts';
import type { Comparison } from './reference-bench.ts';
import { VERDICT_GOAL, type VerdictFigure, verdictRow } from './verdict-figures.ts';

export interface EmbeddedFigure {
  /** Wall time of `fei-kit conformance` against the reference server. */
  readonly seconds: number;
  readonly code: number;
  /** The same run's time before a change, on the same machine (BENCH_EMBEDDED_BEFORE_SECONDS), when given. */
  readonly beforeSeconds?: number;
}

export interface RemoteFigure {
  /** Wall time of the conformance run against the rehearsal, at its shortened window. */
  readonly seconds: number;
  readonly code: number;
  readonly windowSeconds: number;
  readonly requestsPerWindow: number;
  readonly latencyMs: number;
  /** 429s met outside the rate-limit checks (the run's own budget broken), every tenant. */
  readonly throttledOutside: number | undefined;
  /** The run plan's estimate at the rehearsal's window and at the real one (60 s). */
  readonly planSeconds: number;
  readonly planRealSeconds: number;
}

export interface SelfCheckFigure {
  readonly seconds: number;
  readonly code: number;
  readonly servers: number;
  /** Median seconds of one run, by kind of server (undefined: none of that kind ran). */
  readonly medianSeconds: {
    readonly conforming: number | undefined;
    readonly mutant: number | undefined;
  };
  readonly summary: string;
}

export interface KitFigures {
  readonly reference?: readonly Comparison[];
  readonly embedded?: EmbeddedFigure;
  readonly remote?: RemoteFigure;
  readonly selfCheck?: SelfCheckFigure;
  /** Time to verdict, conforming against broken: against the reference server, and the rehearsal. */
  readonly verdicts?: readonly VerdictFigure[];
  readonly proxy?: ProxyFigure;
}

export const GOALS = Object.freeze({
  embeddedSeconds: 15,
  /** How much a change may grow the conforming run's time: its ratio to the time before. */
  embeddedGrowth: 1.15,
  remoteSeconds: 180,
  selfCheckSeconds: 300,
  postRatio: 0.8,
  /** What certify-client's recording proxy may add to a request's p99 on loopback. */
  proxyAddedP99Ms: 5,
});

/**
 * The rehearsal's wall time projected to the real one-minute window: the part of the run its budget
 * sets grows as the run plan says (its estimate at 60 s less its estimate at the rehearsal's window);
 * starting, listing and reporting do not.
 */
export const projectedRemoteSeconds = (remote: RemoteFigure): number =>
  remote.seconds + Math.max(0, remote.planRealSeconds - remote.planSeconds);

export const median = (values: readonly number[]): number | undefined => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const s = (seconds: number): string => `${seconds.toFixed(1)} s`;
const atMost = (value: number, goal: number): Verdict => (value <= goal ? 'met' : 'NOT MET');
const notMeasured = (measure: string, goal: string): Row => ({
  measure,
  figure: 'not measured',
  goal,
  verdict: goal ? 'not measured' : '',
});
const failedRun = (code: number): string => ` (exit ${code}: the run did not pass, so no goal is met)`;

const embeddedRows = ({ embedded }: KitFigures): Row[] => {
  const goal = `≤ ${GOALS.embeddedSeconds} s`;
  if (!embedded) return [notMeasured('conformance run, reference server (wall)', goal)];
  return [
    {
      measure: 'conformance run, reference server (wall)',
      figure: `${s(embedded.seconds)}${embedded.code === 0 ? '' : failedRun(embedded.code)}`,
      goal,
      verdict: embedded.code === 0 ? atMost(embedded.seconds, GOALS.embeddedSeconds) : 'NOT MET',
    },
  ];
};

/**
 * The conforming run's time as a ratio: to the time before a change, measured on the same machine, when
 * given (a ratio of two figures of one machine is what compares); otherwise to its goal.
 */
const growthRows = ({ embedded }: KitFigures): Row[] => {
  const goal = `≤ ${GOALS.embeddedGrowth} × before (BENCH_EMBEDDED_BEFORE_SECONDS)`;
  const measure = 'conformance run, reference server: growth';
  if (embedded?.code !== 0) return [notMeasured(measure, goal)];
  const before = embedded.beforeSeconds;
  if (before === undefined)
    return [
      {
        measure,
        figure: `× ${(embedded.seconds / GOALS.embeddedSeconds).toFixed(2)} of the ${GOALS.embeddedSeconds} s goal (no time before given)`,
        goal,
        verdict: 'not measured',
      },
    ];
  const ratio = embedded.seconds / before;
  return [
    {
      measure,
      figure: `× ${ratio.toFixed(2)}: ${s(embedded.seconds)} against ${s(before)} before`,
      goal,
      verdict: atMost(ratio, GOALS.embeddedGrowth),
    },
  ];
};

const remoteRows = ({ remote }: KitFigures): Row[] => {
  const goal = `≤ ${GOALS.remoteSeconds} s, 0 × 429 outside @ratelimit`;
  if (!remote) return [notMeasured('conformance run, rehearsed deployment projected to 60 s windows', goal)];
  const projected = projectedRemoteSeconds(remote);
  const clean = remote.code === 0 && remote.throttledOutside === 0;
  return [
    {
      measure: `conformance run, rehearsed deployment (HTTPS, ${remote.latencyMs} ms round trip, ${remote.requestsPerWindow} per ${remote.windowSeconds} s per tenant; wall)`,
      figure: `${s(remote.seconds)}, ${remote.throttledOutside ?? '?'} × 429 outside @ratelimit (plan: ${s(remote.planSeconds)})${remote.code === 0 ? '' : failedRun(remote.code)}`,
      goal: '',
      verdict: '',
    },
    {
      measure: `the same projected to ${remote.requestsPerWindow} per 60 s (plus the plan's ${s(remote.planRealSeconds - remote.planSeconds)} more of waiting for budget)`,
      figure: s(projected),
      goal,
      verdict: clean ? atMost(projected, GOALS.remoteSeconds) : 'NOT MET',
    },
  ];
};

const verdictRows = ({ verdicts }: KitFigures): Row[] =>
  verdicts?.length
    ? verdicts.map(verdictRow)
    : [notMeasured('time to verdict: conforming vs broken server', VERDICT_GOAL)];

const selfCheckRows = ({ selfCheck }: KitFigures): Row[] => {
  const goal = `≤ ${GOALS.selfCheckSeconds} s`;
  if (!selfCheck) return [notMeasured('self-check (wall)', goal)];
  const { conforming, mutant } = selfCheck.medianSeconds;
  return [
    {
      measure: `self-check, ${selfCheck.servers} servers (wall)`,
      figure: `${s(selfCheck.seconds)}: ${selfCheck.summary}${selfCheck.code === 0 ? '' : failedRun(selfCheck.code)}`,
      goal,
      verdict: selfCheck.code === 0 ? atMost(selfCheck.seconds, GOALS.selfCheckSeconds) : 'NOT MET',
    },
    {
      measure: 'self-check, median time of one server',
      figure: `reference and variants ${conforming === undefined ? '–' : s(conforming)} (a Playwright run each); mutants ${mutant === undefined ? '–' : s(mutant)} (the time of their checks: most share one Playwright run)`,
      goal: '',
      verdict: '',
    },
  ];
};

const referenceRows = ({ reference }: KitFigures): Row[] => {
  const ratioGoal = `≥ ${GOALS.postRatio}`;
  if (!reference) return [notMeasured('reference POST throughput / bare node:http', ratioGoal)];
  return reference.flatMap((comparison) => {
    const goal = comparison.operation === 'POST' ? ratioGoal : '';
    return [
      {
        measure: `reference ${comparison.operation} throughput / bare node:http (median of rounds)`,
        figure: `${comparison.ratio.toFixed(2)} (reference ${Math.round(comparison.reference.requestsPerSecond)}, bare ${Math.round(comparison.bare.requestsPerSecond)} req/s)`,
        goal,
        verdict: goal ? (comparison.ratio >= GOALS.postRatio ? 'met' : 'NOT MET') : '',
      },
      {
        measure: `server CPU per ${comparison.operation}, bare / reference`,
        figure: `${comparison.cpuRatio.toFixed(2)} (bare ${comparison.bare.cpuMicrosPerRequest.toFixed(0)}, reference ${comparison.reference.cpuMicrosPerRequest.toFixed(0)} µs)`,
        goal: '',
        verdict: '',
      },
    ];
  });
};

const proxyRows = ({ proxy }: KitFigures): Row[] => {
  const goal = `≤ ${GOALS.proxyAddedP99Ms} ms added at p99`;
  if (!proxy) return [notMeasured("certify-client's recording proxy / a direct call", goal)];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const added = (at: 'p50Ms' | 'p99Ms') =>
    `${at.slice(0, 3)} ${ms(proxy.proxied[at])} vs ${ms(proxy.direct[at])} (+${ms(proxy.proxied[at] - proxy.direct[at])}, ×${(proxy.proxied[at] / proxy.direct[at]).toFixed(2)})`;
  return [
    {
      measure: `certify-client's recording proxy / a direct call, one GET at a time on loopback (${proxy.requests} each)`,
      figure: `${added('p50Ms')}; ${added('p99Ms')}`,
      goal,
      verdict: atMost(proxy.proxied.p99Ms - proxy.direct.p99Ms, GOALS.proxyAddedP99Ms),
    },
  ];
};

/** The bench's table: one or more rows for each figure, in a fixed order, "not measured" where absent. */
export const rowsOf = (figures: KitFigures): Row[] => [
  ...embeddedRows(figures),
  ...growthRows(figures),
  ...remoteRows(figures),
  ...verdictRows(figures),
  ...selfCheckRows(figures),
  ...referenceRows(figures),
  ...proxyRows(figures),
];

export const markdownOf = (rows: readonly Row[], context: string): string =>
  [
    '# fei-kit bench',
    '',
    context,
    '',
    '| measure | figure | goal | verdict |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.measure} | ${r.figure} | ${r.goal} | ${r.verdict} |`),
    '',
  ].join('\n');
