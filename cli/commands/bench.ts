/** `fei-kit bench [reference]`: the kit's speed against its goals (a benchmark, never a test). */

import { BENCH_PARTS, BENCH_REFERENCE_SETTINGS, BENCH_RUN_SETTINGS } from '../../config/settings/index.ts';
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
  settings: kitSettings(...BENCH_RUN_SETTINGS),
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
  settings: kitSettings(...BENCH_REFERENCE_SETTINGS),
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable', 'interrupted', 'terminated'],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ say }) => (await import('../../bench/reference-bench.ts')).runReferenceBench(say),
};
