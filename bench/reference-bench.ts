/**
 * `fei-kit bench reference`: loopback throughput and latency of the reference server's POST and GET, measured
 * with autocannon, against a bare node:http JSON endpoint measured in the same run, printed as a
 * ratio:
 *
 *   reference POST: N req/s, p99 X ms; bare node:http POST: M req/s, p99 Y ms; ratio 0.xx
 *
 * The servers run in a child process (bench/serve.ts), autocannon here. Every POST carries a new
 * externalId; the GET reads one existing event. The reference server's tenant limit is far above
 * what the bench sends, so nothing is throttled; a measurement with any error, timeout or non-2xx
 * answer is invalid and the bench ends with 7 (it could not measure).
 *
 * Each round measures the two servers back to back (alternating which goes first), so that a noisy
 * moment of a shared machine falls on both: the ratio is the median of the rounds' ratios, each
 * throughput its median round. The servers' own CPU time per request, asked over IPC around each
 * measurement, is printed too: it is far less sensitive to other work on the machine.
 *
 * Settings: BENCH_SECONDS (per measurement, default 3), BENCH_ROUNDS (rounds, default 5),
 * BENCH_WARMUP_SECONDS (default 1, 0 for none), BENCH_CONNECTIONS (default 10). The figures also go
 * to <output>/bench/reference-bench.json.
 * A benchmark, not a test: its figures depend on the machine.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import {
  BENCH_CONNECTIONS,
  BENCH_ROUNDS,
  BENCH_SECONDS,
  BENCH_WARMUP_SECONDS,
} from '../config/settings/index.ts';
import { EVENTS_PATH, eventPath, HEADERS, JSON_CONTENT_TYPE } from '../spec/http-interface.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { TSX_LOADER } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import type { BenchTargets } from './targets.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

/** A valid event of the spec (part 2); `externalId` is set per request. */
const EVENT_TEMPLATE = Object.freeze({
  type: 'INTERNAL_PAYIN',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 125.5,
  status: 'PENDING',
  originalStatus: 'RECEIVED',
  payload: {
    channel: 'ONLINE',
    payerName: 'Erika Mustermann',
    payerPersonalIdType: 'PASSPORT',
    payerPersonalId: 'C01X00T47',
  },
  multiCurrencyAmounts: [{ currencyCode: 'USD', amount: 136.2 }],
});

export interface Measurement {
  readonly label: string;
  /** For a median: every round's requests per second, in the order they ran. */
  readonly rounds?: readonly number[];
  readonly requestsPerSecond: number;
  /** CPU time of the server process (user + system) per request answered, in microseconds. */
  readonly cpuMicrosPerRequest: number;
  readonly latencyAverageMs: number;
  readonly latencyP99Ms: number;
  readonly total: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

const measurementOf = (label: string, result: AutocannonResult, cpuMicros: number): Measurement => ({
  label,
  requestsPerSecond: result.requests.average,
  cpuMicrosPerRequest: result.requests.total > 0 ? cpuMicros / result.requests.total : 0,
  latencyAverageMs: result.latency.average,
  latencyP99Ms: result.latency.p99,
  total: result.requests.total,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
});

const medianValue = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** The round with the median throughput, carrying every round's throughput, and the median CPU per request. */
export const medianOf = (rounds: readonly Measurement[]): Measurement => {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no measurement');
  return {
    ...median,
    cpuMicrosPerRequest: medianValue(rounds.map((r) => r.cpuMicrosPerRequest)),
    rounds: rounds.map((r) => r.requestsPerSecond),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    timeouts: rounds.reduce((n, r) => n + r.timeouts, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    total: rounds.reduce((n, r) => n + r.total, 0),
  };
};

const round = (value: number, digits = 0): string => value.toFixed(digits);

/** One operation of both servers over every round. */
export interface Comparison {
  readonly operation: string;
  /** The median rounds. */
  readonly reference: Measurement;
  readonly bare: Measurement;
  /** Reference / bare throughput of each round, the two measured back to back. */
  readonly roundRatios: readonly number[];
  /** The median of roundRatios. */
  readonly ratio: number;
  /** Bare / reference CPU per request, of the median CPU figures: above 1 when the reference does less. */
  readonly cpuRatio: number;
}

export const compare = (
  operation: string,
  reference: readonly Measurement[],
  bare: readonly Measurement[],
): Comparison => {
  const roundRatios = reference.map(
    (r, i) => r.requestsPerSecond / (bare[i]?.requestsPerSecond ?? Number.NaN),
  );
  const referenceMedian = medianOf(reference);
  const bareMedian = medianOf(bare);
  return {
    operation,
    reference: referenceMedian,
    bare: bareMedian,
    roundRatios,
    ratio: medianValue(roundRatios),
    cpuRatio: bareMedian.cpuMicrosPerRequest / referenceMedian.cpuMicrosPerRequest,
  };
};

export const ratioLine = ({ operation, reference, bare, ratio }: Comparison): string =>
  `reference ${operation}: ${round(reference.requestsPerSecond)} req/s, p99 ${round(reference.latencyP99Ms, 1)} ms; ` +
  `bare node:http ${operation}: ${round(bare.requestsPerSecond)} req/s, p99 ${round(bare.latencyP99Ms, 1)} ms; ` +
  `ratio ${round(ratio, 2)}`;

export const cpuLine = ({ operation, reference, bare, cpuRatio }: Comparison): string =>
  `server CPU per ${operation}: reference ${round(reference.cpuMicrosPerRequest)} µs, bare node:http ${round(bare.cpuMicrosPerRequest)} µs; ` +
  `ratio ${round(cpuRatio, 2)}`;

const startServers = (): Promise<{ child: ChildProcess; targets: BenchTargets }> =>
  new Promise((resolvePromise, reject) => {
    const child = fork(join(HERE, 'serve.ts'), [], {
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the bench servers did not start within 30 s'));
    }, 30_000);
    child.once('message', (message: { type?: string; targets?: BenchTargets }) => {
      clearTimeout(timer);
      if (message.type === 'ready' && message.targets) resolvePromise({ child, targets: message.targets });
      else reject(new Error('the bench servers sent an unexpected message'));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench servers exited with ${code}`));
    });
  });

const stopServers = (child: ChildProcess): Promise<void> =>
  new Promise((resolvePromise) => {
    if (child.exitCode !== null) {
      resolvePromise();
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.disconnect();
  });

interface Run {
  readonly url: string;
  readonly requests: AutocannonRequest[];
}

const fire = (run: Run, seconds: number, connections: number): Promise<AutocannonResult> =>
  autocannon({ url: run.url, connections, duration: seconds, timeout: 10, requests: run.requests });

/** The servers' process CPU time (user + system, microseconds), asked over IPC. */
const serverCpuMicros = (child: ChildProcess): Promise<number> =>
  new Promise((resolvePromise, reject) => {
    const onMessage = (message: { type?: string; usage?: NodeJS.CpuUsage }) => {
      if (message.type !== 'cpu' || !message.usage) return;
      child.off('message', onMessage);
      resolvePromise(message.usage.user + message.usage.system);
    };
    child.on('message', onMessage);
    if (!child.send({ type: 'cpu' })) reject(new Error('the bench servers stopped answering'));
  });

/** One measurement: autocannon's figures, and the servers' CPU time spent meanwhile. */
const measure = async (
  child: ChildProcess,
  label: string,
  run: Run,
  seconds: number,
  connections: number,
): Promise<Measurement> => {
  const before = await serverCpuMicros(child);
  const result = await fire(run, seconds, connections);
  return measurementOf(label, result, (await serverCpuMicros(child)) - before);
};

type Operation = [string, { reference: Run; bare: Run }];
type Targets = Awaited<ReturnType<typeof startServers>>['targets'];
type Rounds = Map<string, { reference: Measurement[]; bare: Measurement[] }>;

/** The POST and the GET each server is measured on: the tenant's headers, a fresh externalId each time. */
const operationsOf = async (targets: Targets, runId: string): Promise<Operation[]> => {
  let sequence = 0;
  const headers = {
    [HEADERS.clientId]: targets.reference.clientId,
    [HEADERS.accessToken]: targets.reference.accessToken,
    [HEADERS.contentType]: JSON_CONTENT_TYPE,
  };
  const post = (baseUrl: string): Run => ({
    url: baseUrl,
    requests: [
      {
        method: 'POST',
        path: EVENTS_PATH,
        headers,
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            body: JSON.stringify({ externalId: `${runId}-${sequence}`, ...EVENT_TEMPLATE }),
          };
        },
      },
    ],
  });
  const created = async (baseUrl: string): Promise<string> => {
    sequence += 1;
    const response = await fetch(`${baseUrl}${EVENTS_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ externalId: `${runId}-${sequence}`, ...EVENT_TEMPLATE }),
    });
    const body = (await response.json()) as { uuid?: string };
    if (response.status !== 201 || typeof body.uuid !== 'string') {
      throw new Error(`creating the event to GET answered ${response.status}`);
    }
    return body.uuid;
  };
  const get = async (baseUrl: string): Promise<Run> => ({
    url: baseUrl,
    requests: [{ method: 'GET', path: eventPath(await created(baseUrl)), headers }],
  });
  return [
    ['POST', { bare: post(targets.bare.baseUrl), reference: post(targets.reference.baseUrl) }],
    ['GET', { bare: await get(targets.bare.baseUrl), reference: await get(targets.reference.baseUrl) }],
  ];
};

/** Each operation's rounds, the two servers taking turns at going first. */
const measureRounds = async (
  child: Parameters<typeof measure>[0],
  operations: readonly Operation[],
  settings: { readonly seconds: number; readonly connections: number; readonly rounds: number },
): Promise<Rounds> => {
  const measured: Rounds = new Map(operations.map(([operation]) => [operation, { reference: [], bare: [] }]));
  for (let pass = 0; pass < settings.rounds; pass += 1) {
    for (const [operation, runs] of operations) {
      const rounds = measured.get(operation);
      if (!rounds) continue;
      // Which server goes first alternates, so that neither always meets the other's leftovers.
      const order = pass % 2 === 0 ? (['bare', 'reference'] as const) : (['reference', 'bare'] as const);
      for (const server of order) {
        const label = `${server === 'bare' ? 'bare node:http' : 'reference'} ${operation}`;
        rounds[server].push(
          await measure(child, label, runs[server], settings.seconds, settings.connections),
        );
      }
    }
  }
  return measured;
};

export const runBench = async (): Promise<Comparison[]> => {
  const seconds = BENCH_SECONDS.read();
  const warmup = BENCH_WARMUP_SECONDS.read();
  const connections = BENCH_CONNECTIONS.read();
  const runId = `bench-${Date.now().toString(36)}`;
  const { child, targets } = await startServers();
  try {
    const operations = await operationsOf(targets, runId);
    if (warmup > 0) {
      for (const [, runs] of operations) {
        await fire(runs.bare, warmup, connections);
        await fire(runs.reference, warmup, connections);
      }
    }
    const measured = await measureRounds(child, operations, {
      seconds,
      connections,
      rounds: BENCH_ROUNDS.read(),
    });
    return operations.map(([operation]) => {
      const rounds = measured.get(operation) ?? { reference: [], bare: [] };
      return compare(operation, rounds.reference, rounds.bare);
    });
  } finally {
    await stopServers(child);
  }
};

/** Measures and prints the comparison; returns 0, or 7 when a measurement is not valid. */
export const runReferenceBench = async (say: SayLine): Promise<number> => {
  const OUTPUT = join(outputPaths().bench, 'reference-bench.json');
  const seconds = BENCH_SECONDS.read();
  const connections = BENCH_CONNECTIONS.read();
  const rounds = BENCH_ROUNDS.read();
  process.stdout.write(
    `bench: loopback, ${connections} connections, ${seconds} s per measurement, ${rounds} round${rounds === 1 ? '' : 's'} of both servers back to back, Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  const comparisons = await runBench();
  for (const comparison of comparisons) say(ratioLine(comparison));
  for (const comparison of comparisons) say(cpuLine(comparison));
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(
    OUTPUT,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, seconds, connections, rounds, comparisons }, null, 2)}\n`,
  );
  const invalid = comparisons
    .flatMap((c) => [c.reference, c.bare])
    .filter((m) => m.errors > 0 || m.timeouts > 0 || m.non2xx > 0);
  for (const m of invalid) {
    say(
      `${m.label} is not valid: ${m.errors} errors, ${m.timeouts} timeouts, ${m.non2xx} non-2xx answers of ${m.total}`,
    );
  }
  return invalid.length === 0 ? 0 : 7;
};
