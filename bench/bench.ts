/**
 * `fei-kit bench`: the kit's speed in one run, against the goals it is held to, as a table printed and
 * written to fei-kit-output/bench/bench.{md,json}:
 *
 * - the conformance run against the reference server (`fei-kit conformance`, wall time;
 *   bench/conformance-bench.ts, as the rehearsal below);
 * - the kit's own tests: the quick command and `npm test`, each step's wall and CPU time, in minutes
 *   and as a ratio to the embedded run above (bench/npm-test-bench.ts; a clone of the kit only);
 * - the conformance run against a deployment rehearsed on this machine (bench/remote-rehearsal.ts:
 *   HTTPS, a simulated round trip, the spec's 1000 requests per tenant in a window BENCH_REMOTE_SCALE
 *   times shorter than a minute), and its projection to the real one-minute window through the run
 *   plan; the 429s it met outside the rate-limit checks;
 * - time to verdict: the conformance run against a conforming server and against a badly broken one
 *   (the reference with several mutants at once), on the reference server and on the rehearsal (its
 *   paced tenants: without the rate-limit checks), back to back (BENCH_VERDICT_ROUNDS rounds,
 *   alternating which goes first), and their ratio
 *   (bench/verdict-bench.ts, judged by bench/verdict-figures.ts);
 * - the self-check (`fei-kit self-check`, wall time, and the median time of one server;
 *   bench/self-check-bench.ts);
 * - the reference server against a bare node:http endpoint (bench/reference-bench.ts: throughput and
 *   CPU per request, medians of interleaved rounds);
 * - certify-client's recording proxy against a direct call (bench/proxy-bench.ts: the latency it adds
 *   per request, p50 and p99, and as a ratio);
 * - the capacity run (bench/capacity-bench.ts): 50 tenants for 60 s in two local k6 segments, the
 *   request rate achieved against the planned one, and the merge step's time;
 * - races under load (bench/race-bench.ts): whole conformance runs against a deployment whose duplicate
 *   check and insert are 1 ms apart, busy processes beside each: how many caught it, and the spreads;
 * - the rate-limit checks' peak memory at 100,000 per 60 s against 1000 per 60 s
 *   (bench/rate-limit-memory.ts);
 * - the tenant-impact gate: 50 tenants of 200 recorded exchanges replayed over two sandbox tenants,
 *   each within its share (bench/impact-bench.ts);
 * - a deployment seconds away (bench/far-bench.ts): the whole conformance run against the reference
 *   behind a proxy that answers 4 s late, its exit code, wall time and the duration its plan stated.
 *
 * Settings: BENCH_PARTS and the other BENCH_* of config/settings/bench-settings.ts (their defaults and
 * ranges are there; `fei-kit bench --help` lists them). The parts' measuring is in the files named
 * above; this file chooses the parts, runs them one after another and writes the table. Each run the
 * bench starts gets a clean environment (no user target) and output folder (bench/bench-runs.ts);
 * their logs go beside the table.
 *
 * A benchmark, not a test: it ends with 7 (the kit failed) only when a part could not be measured (a
 * run that did not pass, a server that did not start), never for a goal not met.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import {
  BENCH_CAPACITY_SECONDS,
  BENCH_CAPACITY_SEGMENTS,
  BENCH_CAPACITY_SHARE,
  BENCH_CAPACITY_TENANTS,
  BENCH_EMBEDDED_BEFORE_SECONDS,
  BENCH_FAR_LATENCY_MS,
  BENCH_FAR_WINDOW_SECONDS,
  BENCH_PARTS,
  BENCH_PROXY_REQUESTS,
  BENCH_RACE_BUSY,
  BENCH_RACE_RUNS,
  BENCH_REMOTE_LATENCY_MS,
  BENCH_REMOTE_SCALE,
  BENCH_SELF_CHECK_ONLY,
  BENCH_VERDICT_ROUNDS,
  type BenchPart,
} from '../config/settings/index.ts';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { envFor, folderOf } from './bench-runs.ts';
import { capacityRows, measureCapacity } from './capacity-bench.ts';
import { measureEmbedded, measureRemote } from './conformance-bench.ts';
import { farRow, measureFar } from './far-bench.ts';
import { impactRow, measureImpact } from './impact-bench.ts';
import { type KitFigures, markdownOf, rowsOf } from './kit-figures.ts';
import { measureTestCommand, type TestCommandFigure, testCommandRows } from './npm-test-bench.ts';
import { measureProxy } from './proxy-bench.ts';
import { measureRace } from './race-bench.ts';
import { raceRows } from './race-figures.ts';
import { measureRateLimitMemory, rateLimitMemoryRow } from './rate-limit-memory.ts';
import { runBench } from './reference-bench.ts';
import { measureSelfCheck } from './self-check-bench.ts';
import { measureVerdicts } from './verdict-bench.ts';
import { type VerdictFigure, verdictProblem } from './verdict-figures.ts';

type Attempt = <T>(part: BenchPart, label: string, measure: () => Promise<T>) => Promise<T | undefined>;
type MeasuredFigures = { -readonly [K in keyof KitFigures]: KitFigures[K] };

/** What the parts of one bench share: the parts chosen, the runs' folder, the rehearsal's settings. */
interface Bench {
  readonly parts: ReturnType<typeof BENCH_PARTS.read>;
  readonly runs: string;
  readonly scale: number;
  readonly latencyMs: number;
  readonly verdictRounds: number;
  readonly say: SayLine;
  /** Why a part could not be measured, one line each. */
  readonly problems: string[];
  /** Measures a part when BENCH_PARTS names it; a part that throws or whose run failed is a problem. */
  readonly attempt: Attempt;
}

/** The problem of a measured part: a run it started exited other than 0. */
export const figureProblem = (part: BenchPart, figure: unknown, runs: string): string | undefined => {
  const code = (figure as { code?: number }).code;
  return code !== undefined && code !== 0
    ? `${part}: the run exited ${code} (its log is under ${runs})`
    : undefined;
};

const attemptOf =
  (parts: Bench['parts'], runs: string, say: SayLine, problems: string[]): Attempt =>
  async (part, label, measure) => {
    if (!parts.has(part)) return undefined;
    say(`${label} …`);
    try {
      const figure = await measure();
      const problem = figureProblem(part, figure, runs);
      if (problem !== undefined) problems.push(problem);
      return figure;
    } catch (error) {
      problems.push(`${part}: ${(error as Error).message.split('\n')[0]}`);
      return undefined;
    }
  };

/** The conformance run against the reference server and against the rehearsal, and the kit's own test commands. */
const measureConformance = async ({ attempt, runs, scale, latencyMs }: Bench, figures: MeasuredFigures) => {
  figures.embedded = await attempt('embedded', 'the conformance run against the reference server', () =>
    measureEmbedded(runs, BENCH_EMBEDDED_BEFORE_SECONDS.read()),
  );
  const quick = await attempt('quick', 'the quick command, npm run test:quick', () =>
    measureTestCommand('npm run test:quick', folderOf(runs, 'test-quick'), kitEnvironment()),
  );
  const npmTest = await attempt('npm-test', 'npm test, step by step', () =>
    measureTestCommand('npm test', folderOf(runs, 'npm-test'), kitEnvironment()),
  );
  figures.remote = await attempt(
    'remote',
    `the conformance run against a rehearsed deployment (HTTPS, ${latencyMs} ms, windows ${scale} times shorter than a minute)`,
    () => measureRemote(runs, scale, latencyMs),
  );
  const far = await attempt('far', 'the whole conformance run against the reference seconds away', () =>
    measureFar(runs, {
      latencyMs: BENCH_FAR_LATENCY_MS.read(),
      windowSeconds: BENCH_FAR_WINDOW_SECONDS.read(),
    }),
  );
  return { quick, npmTest, far };
};

/** Time to verdict on the reference server and on the rehearsal; a figure out of its bounds is a problem. */
const measureTimeToVerdict = async (bench: Bench, figures: MeasuredFigures): Promise<void> => {
  const { attempt, runs, verdictRounds, scale, latencyMs, say } = bench;
  const verdicts: VerdictFigure[] = [];
  for (const target of ['embedded', 'rehearsal'] as const) {
    const figure = await attempt(
      'verdict',
      `time to verdict against the ${target === 'embedded' ? 'reference server' : 'rehearsed deployment'}, conforming and broken`,
      () => measureVerdicts(runs, target, verdictRounds, scale, latencyMs, say),
    );
    if (!figure) continue;
    verdicts.push(figure);
    const problem = verdictProblem(figure);
    if (problem) bench.problems.push(`verdict (${target}): ${problem} (the logs are under ${runs})`);
  }
  if (verdicts.length) figures.verdicts = verdicts;
};

/** The self-check, the reference server against bare node:http, and the recording proxy against a direct call. */
const measureServers = async ({ attempt, runs }: Bench, figures: MeasuredFigures): Promise<void> => {
  figures.selfCheck = await attempt('self-check', 'the self-check', () =>
    measureSelfCheck(runs, BENCH_SELF_CHECK_ONLY.read()),
  );
  figures.reference = await attempt('reference', 'the reference server against bare node:http', () =>
    runBench(),
  );
  figures.proxy = await attempt('proxy', "certify-client's recording proxy against a direct call", () =>
    measureProxy(BENCH_PROXY_REQUESTS.read()),
  );
};

/** The capacity run, the races under load, the rate-limit checks' memory and the tenant-impact gate. */
const measureLoad = async ({ attempt, runs, scale, say }: Bench) => {
  const capacity = await attempt('capacity', 'the capacity run and its merge', () =>
    measureCapacity(
      folderOf(runs, 'capacity'),
      {
        tenants: BENCH_CAPACITY_TENANTS.read(),
        seconds: BENCH_CAPACITY_SECONDS.read(),
        share: BENCH_CAPACITY_SHARE.read(),
        segments: BENCH_CAPACITY_SEGMENTS.read(),
      },
      kitEnvironment(),
    ),
  );
  const race = await attempt(
    'race',
    'DEDUP-CONCURRENT against a 1 ms check-then-insert window, under load',
    () =>
      measureRace(folderOf(runs, 'race'), {
        runs: BENCH_RACE_RUNS.read(),
        busy: BENCH_RACE_BUSY.read(),
        env: envFor(runs),
        onRun: (run, index) =>
          say(
            `  run ${index + 1}: DEDUP-CONCURRENT ${run.verdict ?? 'not in the certificate'}, release spreads ${run.bursts.map((b) => `${b.releaseSpreadMs.toFixed(3)} ms`).join(', ') || 'none recorded'} (${run.seconds.toFixed(1)} s)`,
          ),
      }),
  );
  const rateLimitMemory = await attempt(
    'rate-limit-memory',
    "the rate-limit checks' peak memory at 100,000 and at 1000 per 60 s",
    () => measureRateLimitMemory((name) => folderOf(runs, name), envFor),
  );
  const impact = await attempt('impact', 'fei-kit impact: 50 tenants of 200 exchanges replayed', () =>
    measureImpact(folderOf(runs, 'impact'), { tenants: 50, exchanges: 200, scale }),
  );
  return { capacity, race, rateLimitMemory, impact };
};

/** The table's rows: the figures' own, then a row of each part chosen that has one. */
const tableRows = (
  parts: Bench['parts'],
  figures: MeasuredFigures,
  commands: Awaited<ReturnType<typeof measureConformance>>,
  load: Awaited<ReturnType<typeof measureLoad>>,
) => {
  const testCommands = (command: TestCommandFigure['command'], figure: TestCommandFigure | undefined) =>
    parts.has(command === 'npm test' ? 'npm-test' : 'quick')
      ? testCommandRows(command, figure, figures.embedded)
      : [];
  return [
    ...rowsOf(figures),
    ...testCommands('npm run test:quick', commands.quick),
    ...testCommands('npm test', commands.npmTest),
    ...capacityRows(load.capacity),
    ...raceRows(load.race),
    ...(parts.has('rate-limit-memory') ? [rateLimitMemoryRow(load.rateLimitMemory)] : []),
    ...(parts.has('impact') ? [impactRow(load.impact)] : []),
    ...(parts.has('far') ? [farRow(commands.far)] : []),
  ];
};

/** Measures the parts BENCH_PARTS names; returns 0, or 7 when a part could not be measured. */
export const runBenchCommand = async (say: SayLine): Promise<number> => {
  const parts = BENCH_PARTS.read();
  const scale = BENCH_REMOTE_SCALE.read();
  const latencyMs = BENCH_REMOTE_LATENCY_MS.read();
  const verdictRounds = BENCH_VERDICT_ROUNDS.read();
  const root = outputPaths().bench;
  const runs = join(root, 'runs');
  mkdirSync(runs, { recursive: true });
  const context = `Measured ${new Date().toISOString()} on ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, one part after another in one run.`;
  say(context);
  const figures: MeasuredFigures = {};
  const problems: string[] = [];
  const attempt = attemptOf(parts, runs, say, problems);
  const bench: Bench = { parts, runs, scale, latencyMs, verdictRounds, say, problems, attempt };
  const commands = await measureConformance(bench, figures);
  await measureTimeToVerdict(bench, figures);
  await measureServers(bench, figures);
  const load = await measureLoad(bench);
  const rows = tableRows(parts, figures, commands, load);
  for (const row of rows)
    say(`${row.measure}: ${row.figure}${row.goal ? ` (goal ${row.goal}: ${row.verdict})` : ''}`);
  for (const problem of problems) say(`COULD NOT MEASURE ${problem}`);
  writeFileSync(join(root, 'bench.md'), markdownOf(rows, context));
  const { capacity, race, impact } = load;
  const { quick, npmTest, far } = commands;
  writeFileSync(
    join(root, 'bench.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), context, figures: { ...figures, capacity, quick, npmTest, race, impact, far }, rows, problems }, null, 2)}\n`,
  );
  say(`table written to ${join(root, 'bench.{md,json}')}`);
  return problems.length === 0 ? EXIT.ok : EXIT.kitFailure;
};
