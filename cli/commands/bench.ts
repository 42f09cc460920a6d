/** `fei-kit bench [reference]`: the kit's speed against its goals (a benchmark, never a test). */
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';

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
      env: 'BENCH_PARTS',
    },
    OUTPUT_OPTION,
  ],
  settings: [
    {
      name: 'BENCH_REMOTE_SCALE',
      text: "the rehearsal's windows are this many times shorter than a minute (default 10)",
    },
    { name: 'BENCH_REMOTE_LATENCY_MS', text: "the rehearsal's simulated round trip (default 120)" },
    { name: 'BENCH_VERDICT_ROUNDS', text: 'rounds of the verdict part (default 2)' },
    { name: 'BENCH_SELF_CHECK_ONLY', text: "the self-check part's --only" },
    { name: 'BENCH_RACE_RUNS', text: 'whole conformance runs of the race part (default 20)' },
    { name: 'BENCH_RACE_BUSY', text: 'busy processes beside each run of the race part (default 4)' },
  ],
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable', 'interrupted', 'terminated'],
  examples: ['fei-kit bench --parts remote,verdict'],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ say }) => (await import('../../bench/cli.ts')).runBenchCommand(say),
};

export const referenceCommand: KitCommand = {
  name: 'bench reference',
  summary: "the reference server's throughput and CPU per request against a bare node:http server",
  usage: '[options]',
  options: [OUTPUT_OPTION],
  settings: [
    { name: 'BENCH_SECONDS', text: 'per measurement (default 3)' },
    { name: 'BENCH_ROUNDS', text: 'rounds (default 5)' },
    { name: 'BENCH_CONNECTIONS', text: 'connections (default 10)' },
  ],
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable', 'interrupted', 'terminated'],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ say }) => (await import('../../bench/reference-bench.ts')).runReferenceBench(say),
};
