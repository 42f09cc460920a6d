/**
 * `fei-kit bench`: the kit's speed in one run, against the goals it is held to, as a table printed and
 * written to fei-kit-output/bench/bench.{md,json}:
 *
 * - the conformance run against the reference server (`fei-kit conformance`, wall time);
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
 *   (bench/verdict-figures.ts);
 * - the self-check (`fei-kit self-check`, wall time, and the median time of one server);
 * - the reference server against a bare node:http endpoint (bench/reference-bench.ts: throughput and
 *   CPU per request, medians of interleaved rounds);
 * - certify-client's recording proxy against a direct call (bench/proxy-bench.ts: the latency it adds
 *   per request, p50 and p99, and as a ratio);
 * - the capacity run (bench/capacity-bench.ts): 50 tenants for 60 s in two local k6 segments, the
 *   request rate achieved against the planned one, and the merge step's time;
 * - races under load (bench/race-bench.ts): whole conformance runs against a deployment whose duplicate
 *   check and insert are 1 ms apart, busy processes beside each: how many caught it, and the spreads;
 * - the rate-limit checks' peak memory at 100,000 per 60 s against 1000 per 60 s
 *   (bench/rate-limit-memory.ts).
 *
 * Settings: BENCH_PARTS (comma-separated, of embedded, quick, npm-test, remote, verdict, self-check,
 * reference, proxy, capacity, race, rate-limit-memory; default all; quick and npm-test bring embedded with them),
 * BENCH_REMOTE_SCALE (default 10), BENCH_REMOTE_LATENCY_MS (default 120),
 * BENCH_VERDICT_ROUNDS (default 2), BENCH_SELF_CHECK_ONLY (the self-check's --only),
 * BENCH_PROXY_REQUESTS, BENCH_CAPACITY_TENANTS, BENCH_CAPACITY_SECONDS, BENCH_CAPACITY_SHARE,
 * BENCH_CAPACITY_SEGMENTS, BENCH_RACE_RUNS (default 20), BENCH_RACE_BUSY (default 4), and
 * bench/reference-bench.ts's own. Each run the bench starts gets a clean
 * environment (no user target) and output folder; their logs go beside the table.
 *
 * A benchmark, not a test: it ends with 7 (the kit failed) only when a part could not be measured (a
 * run that did not pass, a server that did not start), never for a goal not met.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError, EXIT } from '../config/index.ts';
import { defaultWorkers } from '../config/run-workers.ts';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import { runPlan } from '../conformance-run/run-plan.ts';
import { describeWholeNumber, parseWholeNumber } from '../contract/index.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { capacityRows, measureCapacity } from './capacity-bench.ts';
import {
  type EmbeddedFigure,
  type KitFigures,
  markdownOf,
  median,
  type RemoteFigure,
  rowsOf,
  type SelfCheckFigure,
} from './kit-figures.ts';
import { measureTestCommand, type TestCommandFigure, testCommandRows } from './npm-test-bench.ts';
import { measureProxy } from './proxy-bench.ts';
import { measureRace } from './race-bench.ts';
import { raceRows } from './race-figures.ts';
import { measureRateLimitMemory, rateLimitMemoryRow } from './rate-limit-memory.ts';
import { runBench } from './reference-bench.ts';
import { startRemoteRehearsal } from './remote-rehearsal.ts';
import { timedRun } from './timed-run.ts';
import {
  BROKEN_SERVER_MUTANTS,
  type TimedVerdict,
  type VerdictFigure,
  verdictProblem,
} from './verdict-figures.ts';

const PARTS = [
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
] as const;
type Part = (typeof PARTS)[number];

/** A bench setting that is wrong: the configuration's error (exit 2). */
const BenchSettingError = ConfigError;

const partsOf = (value: string | undefined): Set<Part> => {
  if (!value?.trim()) return new Set(PARTS);
  const parts = value.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) {
    throw new BenchSettingError(
      `BENCH_PARTS: unknown part ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`,
    );
  }
  // The kit's own tests are stated as a ratio to the embedded run: it is measured in the same run.
  const chosen = new Set(parts as Part[]);
  if (chosen.has('quick') || chosen.has('npm-test')) chosen.add('embedded');
  return chosen;
};

const wholeNumber = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = parseWholeNumber(raw, { min, max });
  if (value === undefined) {
    throw new BenchSettingError(`${name} must be ${describeWholeNumber({ min, max })}; got "${raw}"`);
  }
  return value;
};

/** A clean output folder of its own for each run the bench starts. */
const folderOf = (root: string, name: string): string => {
  const folder = join(root, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
};

const envFor = (outputDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...kitEnvironment(),
  KIT_OUTPUT_DIR: outputDir,
  FORCE_COLOR: '0',
  ...extra,
});

const measureEmbedded = async (root: string): Promise<EmbeddedFigure> => {
  const folder = folderOf(root, 'embedded');
  const run = await timedRun(['conformance'], envFor(folder), join(folder, 'conformance.log'));
  return { seconds: run.seconds, code: run.code };
};

const budgetSchema = z.object({
  tenants: z.record(z.string(), z.object({ outsideRateLimitChecks: z.object({ throttled: z.number() }) })),
});

const throttledOutside = (outputDir: string): number | undefined => {
  try {
    const budget = budgetSchema.parse(
      JSON.parse(readFileSync(join(outputDir, 'conformance', 'request-stats.json'), 'utf8')),
    );
    return Object.values(budget.tenants).reduce((sum, t) => sum + t.outsideRateLimitChecks.throttled, 0);
  } catch {
    return undefined;
  }
};

const measureRemote = async (root: string, scale: number, latencyMs: number): Promise<RemoteFigure> => {
  const folder = folderOf(root, 'remote');
  const server = await startRemoteRehearsal({ scale, latencyMs, env: kitEnvironment() });
  try {
    const outputDir = join(folder, 'output');
    const run = await timedRun(
      ['conformance'],
      // The rehearsal's contract file, read as a user's .env is.
      { ...envFor(outputDir), KIT_IGNORE_DOTENV: 'false', KIT_ENV_FILE: server.envFile },
      join(folder, 'conformance.log'),
    );
    const planAt = (windowSeconds: number) =>
      runPlan({
        limits: {
          A: { ...server.limit, windowSeconds },
          B: { ...server.limit, windowSeconds },
          RATE_LIMIT: { ...server.limit, windowSeconds },
        },
        embedded: false,
        workers: defaultWorkers(false),
        roundTripMs: latencyMs,
        tenantB: true,
        rateLimitTenant: true,
        readOnly: false,
      }).seconds;
    return {
      seconds: run.seconds,
      code: run.code,
      windowSeconds: server.limit.windowSeconds,
      requestsPerWindow: server.limit.requestsPerWindow,
      latencyMs,
      throttledOutside: throttledOutside(outputDir),
      planSeconds: planAt(server.limit.windowSeconds),
      planRealSeconds: planAt(60),
    };
  } finally {
    await server.close();
  }
};

const certificateSchema = z.object({
  totals: z.object({ verdicts: z.object({ failed: z.number() }) }),
});

const failedRules = (outputDir: string): number | undefined => {
  try {
    return certificateSchema.parse(
      JSON.parse(readFileSync(join(outputDir, 'certificate', 'certificate.json'), 'utf8')),
    ).totals.verdicts.failed;
  } catch {
    return undefined;
  }
};

/** One conformance run to its verdict, against the reference server or a fresh rehearsal, conforming or broken. */
const timeToVerdict = async (
  folder: string,
  target: VerdictFigure['target'],
  mutants: readonly string[],
  scale: number,
  latencyMs: number,
): Promise<TimedVerdict> => {
  const outputDir = join(folder, 'output');
  const log = join(folder, 'conformance.log');
  // At the rehearsal the rate-limit tenant's windows set the run's length, the same whatever else the
  // server breaks: without them the pair measures what a broken deployment changes, tenants A and B.
  const args = target === 'rehearsal' ? ['--grep-invert', '@ratelimit'] : [];
  if (target === 'embedded') {
    const extra = mutants.length ? { REFERENCE_MUTANT: mutants.join(',') } : {};
    const run = await timedRun(['conformance', ...args], envFor(outputDir, extra), log);
    return { seconds: run.seconds, code: run.code, failedRules: failedRules(outputDir) };
  }
  const server = await startRemoteRehearsal({ scale, latencyMs, env: kitEnvironment(), mutants });
  try {
    const env = { ...envFor(outputDir), KIT_IGNORE_DOTENV: 'false', KIT_ENV_FILE: server.envFile };
    const run = await timedRun(['conformance', ...args], env, log);
    return { seconds: run.seconds, code: run.code, failedRules: failedRules(outputDir) };
  } finally {
    await server.close();
  }
};

/** The rounds' median time; a round that did not reach the verdict of the first is never hidden behind it. */
const medianVerdict = (runs: readonly TimedVerdict[]): TimedVerdict => {
  const [first] = runs;
  if (!first) throw new Error('no run to take the median of');
  const odd = runs.find((r) => r.code !== first.code || r.failedRules !== first.failedRules);
  return { ...(odd ?? first), seconds: median(runs.map((r) => r.seconds)) ?? first.seconds };
};

/**
 * The conforming server and the broken one back to back, `rounds` times, alternating which goes
 * first so that a busy moment of the machine falls on both.
 */
const measureVerdicts = async (
  root: string,
  target: VerdictFigure['target'],
  rounds: number,
  scale: number,
  latencyMs: number,
  say: SayLine,
): Promise<VerdictFigure> => {
  const conforming: TimedVerdict[] = [];
  const broken: TimedVerdict[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['conforming', 'broken'] as const) : (['broken', 'conforming'] as const);
    for (const kind of order) {
      const folder = folderOf(root, `verdict-${target}-${kind}-${round + 1}`);
      const mutants = kind === 'broken' ? BROKEN_SERVER_MUTANTS : [];
      const timed = await timeToVerdict(folder, target, mutants, scale, latencyMs);
      say(
        `  ${target}, ${kind} server, round ${round + 1}: ${timed.seconds.toFixed(1)} s, exit ${timed.code}`,
      );
      (kind === 'broken' ? broken : conforming).push(timed);
    }
  }
  return {
    target,
    mutants: BROKEN_SERVER_MUTANTS,
    conforming: medianVerdict(conforming),
    broken: medianVerdict(broken),
    rounds,
  };
};

const matrixSchema = z.object({
  wallSeconds: z.number(),
  reference: z.object({ seconds: z.number() }).optional(),
  variants: z.array(z.object({ seconds: z.number() })),
  mutants: z.array(z.object({ seconds: z.number() })),
  totals: z.object({
    mutants: z.object({
      total: z.number(),
      caught: z.number(),
      weaklyCaught: z.number(),
      survived: z.number(),
    }),
    variants: z.object({ total: z.number(), passed: z.number() }),
    reference: z.string(),
  }),
});

const measureSelfCheck = async (root: string, only: string | undefined): Promise<SelfCheckFigure> => {
  const folder = folderOf(root, 'self-check');
  const run = await timedRun(
    ['self-check', ...(only ? ['--only', only] : [])],
    envFor(folder),
    join(folder, 'self-check.log'),
  );
  let matrix: z.infer<typeof matrixSchema>;
  try {
    matrix = matrixSchema.parse(JSON.parse(readFileSync(join(folder, 'self-check', 'matrix.json'), 'utf8')));
  } catch {
    throw new Error(
      `the self-check wrote no readable matrix (exit ${run.code}); see ${join(folder, 'self-check.log')}`,
    );
  }
  const conforming = [...(matrix.reference ? [matrix.reference] : []), ...matrix.variants];
  const { mutants, variants, reference } = matrix.totals;
  return {
    seconds: run.seconds,
    code: run.code,
    servers: conforming.length + matrix.mutants.length,
    medianSeconds: {
      conforming: median(conforming.map((r) => r.seconds)),
      mutant: median(matrix.mutants.map((m) => m.seconds)),
    },
    summary: `reference ${reference}, ${variants.passed}/${variants.total} variants passed, ${mutants.caught + mutants.weaklyCaught}/${mutants.total} mutants caught`,
  };
};

/** Measures the parts BENCH_PARTS names; returns 0, or 7 when a part could not be measured. */
export const runBenchCommand = async (say: SayLine): Promise<number> => {
  const parts = partsOf(process.env.BENCH_PARTS);
  const scale = wholeNumber('BENCH_REMOTE_SCALE', 10, 1, 60);
  const latencyMs = wholeNumber('BENCH_REMOTE_LATENCY_MS', 120, 0, 2000);
  const verdictRounds = wholeNumber('BENCH_VERDICT_ROUNDS', 2, 1, 9);
  const root = outputPaths().bench;
  const runs = join(root, 'runs');
  mkdirSync(runs, { recursive: true });
  const context = `Measured ${new Date().toISOString()} on ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, one part after another in one run.`;
  say(context);
  const figures: { -readonly [K in keyof KitFigures]: KitFigures[K] } = {};
  const problems: string[] = [];
  const attempt = async <T>(part: Part, label: string, measure: () => Promise<T>): Promise<T | undefined> => {
    if (!parts.has(part)) return undefined;
    say(`${label} …`);
    try {
      const figure = await measure();
      const code = (figure as { code?: number }).code;
      if (code !== undefined && code !== 0)
        problems.push(`${part}: the run exited ${code} (its log is under ${runs})`);
      return figure;
    } catch (error) {
      problems.push(`${part}: ${(error as Error).message.split('\n')[0]}`);
      return undefined;
    }
  };
  figures.embedded = await attempt('embedded', 'the conformance run against the reference server', () =>
    measureEmbedded(runs),
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
    if (problem) problems.push(`verdict (${target}): ${problem} (the logs are under ${runs})`);
  }
  if (verdicts.length) figures.verdicts = verdicts;
  figures.selfCheck = await attempt('self-check', 'the self-check', () =>
    measureSelfCheck(runs, process.env.BENCH_SELF_CHECK_ONLY?.trim() || undefined),
  );
  figures.reference = await attempt('reference', 'the reference server against bare node:http', () =>
    runBench(),
  );
  figures.proxy = await attempt('proxy', "certify-client's recording proxy against a direct call", () =>
    measureProxy(wholeNumber('BENCH_PROXY_REQUESTS', 2000, 100, 100_000)),
  );
  const capacity = await attempt('capacity', 'the capacity run and its merge', () =>
    measureCapacity(
      folderOf(runs, 'capacity'),
      {
        tenants: wholeNumber('BENCH_CAPACITY_TENANTS', 50, 1, 1000),
        seconds: wholeNumber('BENCH_CAPACITY_SECONDS', 60, 5, 3600),
        share: process.env.BENCH_CAPACITY_SHARE?.trim() || '0.8',
        segments: wholeNumber('BENCH_CAPACITY_SEGMENTS', 2, 1, 16),
      },
      kitEnvironment(),
    ),
  );
  const race = await attempt(
    'race',
    'DEDUP-CONCURRENT against a 1 ms check-then-insert window, under load',
    () =>
      measureRace(folderOf(runs, 'race'), {
        runs: wholeNumber('BENCH_RACE_RUNS', 20, 1, 200),
        busy: wholeNumber('BENCH_RACE_BUSY', 4, 0, 64),
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
  const testCommands = (command: TestCommandFigure['command'], figure: TestCommandFigure | undefined) =>
    parts.has(command === 'npm test' ? 'npm-test' : 'quick')
      ? testCommandRows(command, figure, figures.embedded)
      : [];
  const rows = [
    ...rowsOf(figures),
    ...testCommands('npm run test:quick', quick),
    ...testCommands('npm test', npmTest),
    ...capacityRows(capacity),
    ...raceRows(race),
    ...(parts.has('rate-limit-memory') ? [rateLimitMemoryRow(rateLimitMemory)] : []),
  ];
  for (const row of rows)
    say(`${row.measure}: ${row.figure}${row.goal ? ` (goal ${row.goal}: ${row.verdict})` : ''}`);
  for (const problem of problems) say(`COULD NOT MEASURE ${problem}`);
  writeFileSync(join(root, 'bench.md'), markdownOf(rows, context));
  writeFileSync(
    join(root, 'bench.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), context, figures: { ...figures, capacity, quick, npmTest, race }, rows, problems }, null, 2)}\n`,
  );
  say(`table written to ${join(root, 'bench.{md,json}')}`);
  return problems.length === 0 ? EXIT.ok : EXIT.kitFailure;
};
