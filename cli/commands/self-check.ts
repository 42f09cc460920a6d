/** `fei-kit self-check`: does the suite catch what it should, and only that? */

import {
  SELF_CHECK_CONCURRENCY,
  SELF_CHECK_LOAD_CONCURRENCY,
  SELF_CHECK_MUTANT_FC_RUNS,
} from '../../config/settings/index.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';

export const command: KitCommand = {
  name: 'self-check',
  summary:
    'scores the suite against the reference server, its variants (must pass) and mutants (must be caught)',
  usage: '[options]',
  description: [
    'Runs the conformance suite, as a user runs it, against the reference server, every variant (another',
    'consistent reading of what the spec leaves open) and every mutant (one stated rule broken), the k6',
    'scripts against theirs, and the client certification against its example clients; writes the',
    'matrix to <output>/self-check/matrix.{md,json}. Ends with 1 when a row is not as it must be.',
  ],
  options: [
    {
      name: 'only',
      type: 'string',
      value: '<ids>',
      text: "a subset: ids or names, * patterns, comma-separated (e.g. 'mutant-rate-*,reference')",
    },
    {
      name: 'concurrency',
      type: 'string',
      value: '<n>',
      text: 'runs at a time (default: CPUs + 1)',
      env: SELF_CHECK_CONCURRENCY.name,
    },
    { name: 'full', type: 'boolean', text: 'every server gets every check at the embedded settings (slow)' },
    {
      name: 'mutant-fc-runs',
      type: 'string',
      value: '<n>',
      text: "fast-check runs per property for mutants (default: each property's own)",
      env: SELF_CHECK_MUTANT_FC_RUNS.name,
    },
    {
      name: 'timeout',
      type: 'string',
      value: '<duration>',
      text: 'per run: 900s, 15m or plain seconds (default 15m)',
    },
    { name: 'no-load', type: 'boolean', text: 'leave out the k6 rows' },
    {
      name: 'load-concurrency',
      type: 'string',
      value: '<n>',
      text: 'k6 runs at a time (default: CPUs + 1)',
      env: SELF_CHECK_LOAD_CONCURRENCY.name,
    },
    {
      name: 'no-batch',
      type: 'boolean',
      text: 'every variant and mutant in a Playwright invocation of its own',
    },
    { name: 'no-clients', type: 'boolean', text: 'leave out the client certification rows' },
    {
      name: 'no-faults',
      type: 'boolean',
      text: 'leave out the fault rows (the reference behind a slow, restarting, expiring or refusing proxy)',
    },
    OUTPUT_OPTION,
  ],
  exitCodes: [
    'ok',
    'deviation',
    'badConfiguration',
    'kitFailure',
    'outputUnwritable',
    'interrupted',
    'terminated',
  ],
  examples: ["fei-kit self-check --only 'reference,variant-*'"],
  arguments: 'options',
  writesOutputs: true,
  // It stops its own children's process groups on Ctrl-C or SIGTERM, then ends with 130 or 143.
  handlesSignals: true,
  run: async ({ values, say }) => (await import('../../self-check/cli.ts')).runSelfCheck(values, say),
};
