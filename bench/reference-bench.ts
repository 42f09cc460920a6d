/**
 * `npm run bench`: loopback throughput and latency of the reference server's POST and GET, measured
 * with autocannon, against a bare node:http JSON endpoint measured in the same run, printed as a
 * ratio:
 *
 *   reference POST: N req/s, p99 X ms; bare node:http POST: M req/s, p99 Y ms; ratio 0.xx
 *
 * The servers run in a child process (bench/serve.ts), autocannon here. Every POST carries a new
 * externalId; the GET reads one existing event. The reference server's tenant limit is far above
 * what the bench sends, so nothing is throttled; a measurement with any error, timeout or non-2xx
 * answer is invalid and the bench exits 1.
 *
 * Settings: BENCH_SECONDS (per measurement, default 5), BENCH_ROUNDS (interleaved rounds, default 3;
 * each figure is the median round), BENCH_WARMUP_SECONDS (default 1, 0 for none), BENCH_CONNECTIONS
 * (default 10). The figures also go to reports/output/bench/reference-bench.json.
 * A benchmark, not a test: its figures depend on the machine.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { EVENTS_PATH, eventPath, HEADERS, JSON_CONTENT_TYPE } from '../spec/http-interface.ts';
import type { BenchTargets } from './targets.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(HERE, '..');
const OUTPUT = join(REPO_ROOT, 'reports', 'output', 'bench', 'reference-bench.json');

const wholeNumber = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new Error(`${name} must be a whole number of at least ${min}`);
  }
  return Number(raw);
};

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
  readonly latencyAverageMs: number;
  readonly latencyP99Ms: number;
  readonly total: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

const measurementOf = (label: string, result: AutocannonResult): Measurement => ({
  label,
  requestsPerSecond: result.requests.average,
  latencyAverageMs: result.latency.average,
  latencyP99Ms: result.latency.p99,
  total: result.requests.total,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
});

/** The round with the median throughput, carrying every round's throughput. */
export const medianOf = (rounds: readonly Measurement[]): Measurement => {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no measurement');
  return {
    ...median,
    rounds: rounds.map((r) => r.requestsPerSecond),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    timeouts: rounds.reduce((n, r) => n + r.timeouts, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    total: rounds.reduce((n, r) => n + r.total, 0),
  };
};

const round = (value: number, digits = 0): string => value.toFixed(digits);

export const ratioLine = (operation: string, reference: Measurement, bare: Measurement): string =>
  `reference ${operation}: ${round(reference.requestsPerSecond)} req/s, p99 ${round(reference.latencyP99Ms, 1)} ms; ` +
  `bare node:http ${operation}: ${round(bare.requestsPerSecond)} req/s, p99 ${round(bare.latencyP99Ms, 1)} ms; ` +
  `ratio ${round(reference.requestsPerSecond / bare.requestsPerSecond, 2)}`;

const startServers = (): Promise<{ child: ChildProcess; targets: BenchTargets }> =>
  new Promise((resolvePromise, reject) => {
    const child = fork(join(HERE, 'serve.ts'), [], {
      execArgv: ['--import', 'tsx'],
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

export const runBench = async (): Promise<Measurement[]> => {
  const seconds = wholeNumber('BENCH_SECONDS', 5, 1);
  const warmup = wholeNumber('BENCH_WARMUP_SECONDS', 1, 0);
  const connections = wholeNumber('BENCH_CONNECTIONS', 10, 1);
  const roundCount = wholeNumber('BENCH_ROUNDS', 3, 1);
  const runId = `bench-${Date.now().toString(36)}`;
  let sequence = 0;

  const { child, targets } = await startServers();
  try {
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

    const runs: Array<[string, Run]> = [
      ['bare node:http POST', post(targets.bare.baseUrl)],
      ['reference POST', post(targets.reference.baseUrl)],
      ['bare node:http GET', await get(targets.bare.baseUrl)],
      ['reference GET', await get(targets.reference.baseUrl)],
    ];
    if (warmup > 0) for (const [, run] of runs) await fire(run, warmup, connections);
    // Rounds interleave the servers (bare, reference, bare, reference…), so that a noisy moment of
    // the machine falls on both; each server's figure is its median round.
    const rounds = new Map<string, Measurement[]>(runs.map(([label]) => [label, []]));
    for (let pass = 0; pass < roundCount; pass += 1) {
      for (const [label, run] of runs)
        rounds.get(label)?.push(measurementOf(label, await fire(run, seconds, connections)));
    }
    return runs.map(([label]) => medianOf(rounds.get(label) ?? []));
  } finally {
    await stopServers(child);
  }
};

const main = async (): Promise<number> => {
  const seconds = wholeNumber('BENCH_SECONDS', 5, 1);
  const connections = wholeNumber('BENCH_CONNECTIONS', 10, 1);
  const rounds = wholeNumber('BENCH_ROUNDS', 3, 1);
  process.stdout.write(
    `bench: loopback, ${connections} connections, ${seconds} s per measurement, median of ${rounds} interleaved round${rounds === 1 ? '' : 's'}, Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  const measurements = await runBench();
  const byLabel = new Map(measurements.map((m) => [m.label, m]));
  const pick = (label: string): Measurement => {
    const m = byLabel.get(label);
    if (!m) throw new Error(`no measurement ${label}`);
    return m;
  };
  process.stdout.write(`${ratioLine('POST', pick('reference POST'), pick('bare node:http POST'))}\n`);
  process.stdout.write(`${ratioLine('GET', pick('reference GET'), pick('bare node:http GET'))}\n`);
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(
    OUTPUT,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, seconds, connections, rounds, measurements }, null, 2)}\n`,
  );
  const invalid = measurements.filter((m) => m.errors > 0 || m.timeouts > 0 || m.non2xx > 0);
  for (const m of invalid) {
    process.stderr.write(
      `bench: ${m.label} is not valid: ${m.errors} errors, ${m.timeouts} timeouts, ${m.non2xx} non-2xx answers of ${m.total}\n`,
    );
  }
  return invalid.length === 0 ? 0 : 1;
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`bench: ${(error as Error).message.split('\n')[0]}\n`);
      process.exit(1);
    },
  );
}
