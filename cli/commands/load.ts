/** `fei-kit load <rate-limit|latency|capacity|merge|tenants|k6-operator|bundle>`: the k6 side of the kit. */
import { join, resolve } from 'node:path';
import { EXIT } from '../../config/exit-codes.ts';
import { unknownK6Option } from '../../config/k6-run-options.ts';
import {
  ALLOW_PRODUCTION_LOAD,
  CAPACITY_SEGMENTS,
  CAPACITY_SHARE,
  CAPACITY_TENANTS_FILE,
  K6_BIN,
  KIT_OUTPUT_DIR,
  LOAD_DIST_DIR,
  LOAD_DURATION,
  LOAD_REPORT_DIR,
} from '../../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../../contract/index.ts';
import type { SayLine } from '../../utilities/console-line.ts';
import { ensureWritable } from '../../utilities/output-folder.ts';
import { outputPaths, outputRoot } from '../../utilities/output-paths.ts';
import { type KitCommand, OUTPUT_OPTION, type SettingSpec } from '../command.ts';
import { CONTRACT_SETTINGS } from '../contract-settings.ts';
import { kitSettings } from '../kit-settings.ts';

const K6_SETTINGS: readonly SettingSpec[] = [
  ...kitSettings(K6_BIN, LOAD_DURATION, ALLOW_PRODUCTION_LOAD, LOAD_REPORT_DIR),
  ...CONTRACT_SETTINGS,
];

const K6_EXIT_CODES = [
  'ok',
  'deviation',
  'badConfiguration',
  'k6Missing',
  'kitFailure',
  'outputUnwritable',
  'interrupted',
  'terminated',
] as const;

const scriptCommand = (script: 'rate-limit' | 'latency', summary: string): KitCommand => ({
  name: `load ${script}`,
  summary,
  usage: '[options] [<k6 run options>]',
  description: [
    `Bundles the k6 script, starts the reference server when no ${CONTRACT_VARIABLES.baseUrl} is set, and runs`,
    '`k6 run` with any further options; the summary, JUnit file and web dashboard go to <output>/load.',
    'A crossed threshold exits 1.',
  ],
  options: [OUTPUT_OPTION],
  settings: K6_SETTINGS,
  exitCodes: K6_EXIT_CODES,
  arguments: 'own',
  writesOutputs: false,
  handlesSignals: true,
  run: async ({ argv, say, fail }) => {
    const rest = useOutputOf(argv);
    if (refusedForK6(`load ${script}`, rest, ['--output'], fail)) return EXIT.badConfiguration;
    return (await import('../../load/run-k6.ts')).runLoad(script, rest, say, fail);
  },
});

/** `--output <folder>` among arguments that are otherwise k6's. */
const takeOutput = (argv: readonly string[]): { output: string | undefined; rest: string[] } => {
  const rest: string[] = [];
  let output: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--output' && argv[i + 1] !== undefined) {
      output = argv[i + 1];
      i += 1;
    } else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
    else rest.push(arg);
  }
  return { output, rest };
};

/** Refuses, in one line on stderr, an option neither the kit nor `k6 run` takes, before k6 starts. */
const refusedForK6 = (
  name: string,
  args: readonly string[],
  kitOptions: readonly string[],
  fail: SayLine,
): boolean => {
  const why = unknownK6Option(args, kitOptions);
  if (why) fail(`${why}; see fei-kit ${name} --help`);
  return why !== undefined;
};

/** Takes --output out of the arguments, makes it the output folder and checks it can be written. */
const useOutputOf = (argv: readonly string[]): string[] => {
  const { output, rest } = takeOutput(argv);
  if (output !== undefined) KIT_OUTPUT_DIR.write(resolve(output));
  ensureWritable(outputRoot(), output !== undefined ? '--output' : undefined);
  return rest;
};

export const loadCommands: readonly KitCommand[] = [
  scriptCommand('rate-limit', 'checks the 1000 requests per minute limit under k6 (part 8)'),
  scriptCommand('latency', 'measures latency per endpoint under load, against thresholds'),
  {
    name: 'load capacity',
    summary: 'runs every tenant of a tenants file at a share of its own limit at once, judged as one',
    usage: '[--segments <n>] [options] [<k6 run options>]',
    description: [
      'Each tenant of CAPACITY_TENANTS_FILE (none: made-up tenants on the reference server) at',
      'CAPACITY_SHARE of its limit; --segments N splits the run into N local k6 instances whose samples',
      'are merged and judged as one whole. The merged verdict goes to <output>/load.',
    ],
    options: [
      {
        name: 'segments',
        type: 'string',
        value: '<n>',
        text: 'k6 instances, 1 to 16 (default 1)',
        env: CAPACITY_SEGMENTS.name,
      },
      OUTPUT_OPTION,
    ],
    settings: [...kitSettings(CAPACITY_TENANTS_FILE, CAPACITY_SHARE), ...K6_SETTINGS],
    exitCodes: K6_EXIT_CODES,
    arguments: 'own',
    writesOutputs: false,
    handlesSignals: true,
    run: async ({ argv, say, fail }) => {
      const rest = useOutputOf(argv);
      if (refusedForK6('load capacity', rest, ['--output', '--segments'], fail)) return EXIT.badConfiguration;
      return (await import('../../load/run-capacity.ts')).runCapacity(rest, say, fail);
    },
  },
  {
    name: 'load merge',
    summary: 'judges the segments of a capacity run (local, or copied out of k6-operator) as one whole',
    usage: '[options] <segments folder>…',
    options: [OUTPUT_OPTION],
    exitCodes: [
      'ok',
      'deviation',
      'badConfiguration',
      'kitFailure',
      'outputUnwritable',
      'comparisonUnreadable',
    ],
    arguments: 'options',
    positionals: { min: 1, max: Number.POSITIVE_INFINITY },
    writesOutputs: true,
    run: async ({ positionals, fail }) =>
      (await import('../../load/merge-cli.ts')).runMerge(
        positionals.map((folder) => resolve(folder)),
        outputPaths().load,
        fail,
      ),
  },
  {
    name: 'load tenants',
    summary: 'writes a tenants file of made-up tenants (mode 0600) for capacity runs',
    usage: '--count <n> [options]',
    options: [
      { name: 'count', type: 'string', value: '<n>', text: 'how many tenants (required)' },
      {
        name: 'limit',
        type: 'string',
        value: '<requests>',
        text: "each tenant's requests per window (default 1000)",
      },
      { name: 'window', type: 'string', value: '<seconds>', text: 'the window (default 60)' },
      { name: 'production', type: 'boolean', text: 'production tokens instead of sandbox ones' },
      { name: 'out', type: 'string', value: '<file>', text: 'the file (default <output>/tenants.json)' },
      OUTPUT_OPTION,
    ],
    exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable'],
    arguments: 'options',
    writesOutputs: true,
    run: async ({ values, say }) => {
      const { runTenants, tenantsRequestOf } = await import('../../load/tenants-generate.ts');
      return runTenants(
        tenantsRequestOf({
          count: values.count as string | undefined,
          limit: values.limit as string | undefined,
          window: values.window as string | undefined,
          production: values.production === true,
        }),
        resolve((values.out as string | undefined) ?? join(outputRoot(), 'tenants.json')),
        say,
      );
    },
  },
  {
    name: 'load k6-operator',
    summary:
      'writes the manifests of a capacity run on k6-operator (its TestRun, ConfigMap, Secret templates)',
    usage: '--parallelism <n> [options]',
    options: [
      { name: 'parallelism', type: 'string', value: '<n>', text: 'runner pods, 1 to 64 (required)' },
      {
        name: 'run-id',
        type: 'string',
        value: '<id>',
        text: `the run id (default ${CONTRACT_VARIABLES.runId}, else one made up)`,
      },
      { name: 'storage', type: 'string', value: '<size>', text: "the results volume's size (default 2Gi)" },
      {
        name: 'out',
        type: 'string',
        value: '<folder>',
        text: 'where they go (default <output>/k6-operator)',
      },
      OUTPUT_OPTION,
    ],
    exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable'],
    arguments: 'options',
    writesOutputs: true,
    run: async ({ values, say }) => {
      const { operatorArgumentsOf, runK6Operator } = await import('../../load/k6-operator.ts');
      return runK6Operator(
        operatorArgumentsOf(
          {
            parallelism: values.parallelism as string | undefined,
            runId: values['run-id'] as string | undefined,
            storage: values.storage as string | undefined,
          },
          resolve((values.out as string | undefined) ?? join(outputRoot(), 'k6-operator')),
          process.env,
        ),
        say,
      );
    },
  },
  {
    name: 'load bundle',
    summary: 'bundles the k6 scripts into self-contained files for k6, k6 Cloud or k6-operator',
    usage: '[options] [<script>…]',
    options: [OUTPUT_OPTION],
    settings: kitSettings(LOAD_DIST_DIR),
    exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable'],
    arguments: 'options',
    positionals: { min: 0, max: 3 },
    writesOutputs: true,
    run: async ({ positionals, say }) => (await import('../../load/bundle.ts')).runBundle(positionals, say),
  },
];
