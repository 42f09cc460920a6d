/**
 * The kit's command line, `fei-kit <command> [options]`: one entry for every job, each answering
 * --help without side effects and ending with a code of the one exit-code table (config/exit-codes.ts).
 * bin/fei-kit.mjs calls it; the npm scripts are one-line aliases of it.
 */
import { EXIT } from '../config/exit-codes.ts';
import { didYouMean } from '../config/nearest-name.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { firstLineOf } from '../utilities/console-line.ts';
import { kitVersion } from '../utilities/kit-version.ts';
import { BIN, type KitCommand } from './command.ts';
import { command as bench, referenceCommand as benchReference } from './commands/bench.ts';
import { command as certificate } from './commands/certificate.ts';
import { command as certifyClient } from './commands/certify-client.ts';
import { command as compare } from './commands/compare.ts';
import { command as conformance } from './commands/conformance.ts';
import { command as impact } from './commands/impact.ts';
import { loadCommands } from './commands/load.ts';
import { command as openapi } from './commands/openapi.ts';
import { command as reference } from './commands/reference.ts';
import { command as report } from './commands/report.ts';
import { command as scanOutputs } from './commands/scan-outputs.ts';
import { command as selfCheck } from './commands/self-check.ts';
import { runCommand } from './runner.ts';

/** Every command, in the order --help lists them: the jobs people run in CI first. */
export const COMMANDS: readonly KitCommand[] = [
  conformance,
  certifyClient,
  reference,
  report,
  certificate,
  compare,
  impact,
  scanOutputs,
  openapi,
  ...loadCommands,
  selfCheck,
  bench,
  benchReference,
];

const usage = (): string => {
  const width = COMMANDS.reduce((most, c) => Math.max(most, c.name.length), 0) + 2;
  return [
    `${BIN} ${kitVersion()}: the conformance and load-test kit of the Financial Events Ingestion Service`,
    '',
    `Usage: ${BIN} <command> [options]`,
    `       ${BIN} <command> --help     what a command does, its options and exit codes (or ${BIN} help <command>)`,
    `       ${BIN} --version`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    `With no target configured (${CONTRACT_VARIABLES.baseUrl}), every command that needs one starts the reference server.`,
    '',
  ].join('\n');
};

/** The command the arguments name (the longest name that matches: `load merge` before `load`). */
export const commandOf = (argv: readonly string[]): { command: KitCommand; rest: string[] } | undefined => {
  const byLength = [...COMMANDS].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const command of byLength) {
    const words = command.name.split(' ');
    if (words.every((word, index) => argv[index] === word)) {
      return { command, rest: argv.slice(words.length) };
    }
  }
  return undefined;
};

/** `fei-kit load --help`: the commands of a group, as the kit's own usage lists them. */
const groupUsage = (group: string, members: readonly KitCommand[]): string => {
  const width = members.reduce((most, c) => Math.max(most, c.name.length), 0) + 2;
  return [
    `Usage: ${BIN} ${group} <${members.map((c) => c.name.split(' ')[1]).join('|')}> [options]`,
    '',
    'Commands:',
    ...members.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    `${BIN} ${group} <command> --help says what each does, its options and exit codes.`,
    '',
  ].join('\n');
};

/** No command matches: a group's usage, or one line on stderr with the nearest name. */
const unknownCommand = (argv: readonly string[]): number => {
  const [first = '', second] = argv;
  const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `));
  if (group.length > 0) {
    if (second === '--help' || second === '-h') {
      process.stdout.write(groupUsage(first, group));
      return EXIT.ok;
    }
    const members = group.map((c) => c.name.split(' ')[1] as string);
    if (second === undefined) {
      process.stderr.write(
        `${BIN}: ${first} needs one of: ${members.join(', ')}; see ${BIN} ${first} --help\n`,
      );
      return EXIT.badConfiguration;
    }
    process.stderr.write(
      `${BIN}: unknown command "${first} ${second}"${didYouMean(second, members, `${first} `)}; ${first} takes one of: ${members.join(', ')}\n`,
    );
    return EXIT.badConfiguration;
  }
  const names = [...new Set(COMMANDS.map((c) => c.name.split(' ')[0] as string)), 'help', 'version'];
  process.stderr.write(`${BIN}: unknown command "${first}"${didYouMean(first, names)}; see ${BIN} --help\n`);
  return EXIT.badConfiguration;
};

export const main = async (argv: readonly string[]): Promise<number> => {
  const [first] = argv;
  // `fei-kit help <command>`, as git and npm read it: the command's own --help.
  if (first === 'help' && argv.length > 1) return main([...argv.slice(1), '--help']);
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(usage());
    return first === undefined ? EXIT.badConfiguration : EXIT.ok;
  }
  if (first === '--version' || first === '-V' || first === 'version') {
    process.stdout.write(`${kitVersion()}\n`);
    return EXIT.ok;
  }
  const found = commandOf(argv);
  if (!found) return unknownCommand(argv);
  try {
    return await runCommand(found.command, found.rest);
  } catch (error) {
    process.stderr.write(`${found.command.name}: KIT FAILURE: internal error: ${firstLineOf(error)}\n`);
    return EXIT.kitFailure;
  }
};
