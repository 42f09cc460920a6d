/** `fei-kit bench [reference]`: the kit's speed against its goals (a benchmark, never a test). */

import {
  BENCH_CAPACITY_SECONDS,
  BENCH_CAPACITY_SEGMENTS,
  BENCH_CAPACITY_SHARE,
  BENCH_CAPACITY_TENANTS,
  BENCH_CONNECTIONS,
  BENCH_PARTS,
  BENCH_PROXY_REQUESTS,
  BENCH_RACE_BUSY,
  BENCH_RACE_RUNS,
  BENCH_REMOTE_LATENCY_MS,
  BENCH_REMOTE_SCALE,
  BENCH_ROUNDS,
  BENCH_SECONDS,
  BENCH_SELF_CHECK_ONLY,
  BENCH_VERDICT_ROUNDS,
  BENCH_WARMUP_SECONDS,
} from '../../config/settings/index.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';
import { kitSettings } from '../kit-settings.ts';

export const command: KitCommand = {
  name: 'bench',
  summary: "measures the kit's speed against its goals and writes the table to <output>/bench/",
  usage: '[options]',
  description: [
    'Parts: embedded (the conformance run against the reference server), quick and npm-test (the',
    "kit's own tests step by step, also as a ratio to the embedded run; in a clone of the kit), remote",
    "(against a rehearsed remote deployment at the spec's limit), verdict (a broken server judged as fast as a good one),",
    "self-check, reference (the reference server against bare node:http), proxy (the recording proxy's",
    'cost), capacity (50 tenants in two k6 segments), race (whole runs against a 1 ms check-then-insert',
    'window with busy processes beside them: the rate caught), rate-limit-memory (the peak memory of',
    'the rate-limit checks at 100,000 per 60 s against 1000). Ends with 7 only when a part could not be',
    'measured.',
  ],
  options: [
    {
      name: 'parts',
      type: 'string',
      value: '<parts>',
      text: 'comma-separated parts (default: all)',
      env: BENCH_PARTS.name,
    },
    OUTPUT_OPTION,
  ],
  settings: kitSettings(
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
  ),
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable', 'interrupted', 'terminated'],
  examples: ['fei-kit bench --parts remote,verdict'],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ say }) => (await import('../../bench/bench.ts')).runBenchCommand(say),
};

export const referenceCommand: KitCommand = {
  name: 'bench reference',
  summary: "the reference server's throughput and CPU per request against a bare node:http server",
  usage: '[options]',
  options: [OUTPUT_OPTION],
  settings: kitSettings(BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS),
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable', 'interrupted', 'terminated'],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ say }) => (await import('../../bench/reference-bench.ts')).runReferenceBench(say),
};
