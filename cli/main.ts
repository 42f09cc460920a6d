/**
 * The kit's command line, `fei-kit <command> [options]`: one entry for every job, each answering
 * --help without side effects and ending with a code of the one exit-code table (config/exit-codes.ts).
 * bin/fei-kit.mjs calls it; the npm scripts are one-line aliases of it.
 */
import { EXIT } from '../config/exit-codes.ts';
import { didYouMean } from '../config/nearest-name.ts';
import { firstLineOf } from '../utilities/console-line.ts';
import { kitVersion } from '../utilities/kit-version.ts';
import { BIN } from './command.ts';
import { COMMAND_INDEX, matchCommand } from './command-index.ts';
import { runCommand } from './runner.ts';

/** No command matches: a group's usage, or one line on stderr with the nearest name. */
const unknownCommand = async (argv: readonly string[]): Promise<number> => {
  const [first = '', second] = argv;
  const group = COMMAND_INDEX.filter((c) => c.name.startsWith(`${first} `));
  if (group.length > 0) {
    if (second === '--help' || second === '-h') {
      process.stdout.write((await import('./kit-usage.ts')).groupUsage(first));
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
  const names = [...new Set(COMMAND_INDEX.map((c) => c.name.split(' ')[0] as string)), 'help', 'version'];
  process.stderr.write(`${BIN}: unknown command "${first}"${didYouMean(first, names)}; see ${BIN} --help\n`);
  return EXIT.badConfiguration;
};

export const main = async (argv: readonly string[]): Promise<number> => {
  const [first] = argv;
  // `fei-kit help <command>`, as git and npm read it: the command's own --help.
  if (first === 'help' && argv.length > 1) return main([...argv.slice(1), '--help']);
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write((await import('./kit-usage.ts')).usage());
    return first === undefined ? EXIT.badConfiguration : EXIT.ok;
  }
  if (first === '--version' || first === '-V' || first === 'version') {
    process.stdout.write(`${kitVersion()}\n`);
    return EXIT.ok;
  }
  const found = matchCommand(COMMAND_INDEX, argv);
  if (!found) return unknownCommand(argv);
  try {
    return await runCommand(await found.command.load(), found.rest);
  } catch (error) {
    process.stderr.write(`${found.command.name}: KIT FAILURE: internal error: ${firstLineOf(error)}\n`);
    return EXIT.kitFailure;
  }
};
