/**
 * The one runner behind every subcommand: --help without side effects, options parsed by Node's own
 * util.parseArgs, one-line errors, the output folder checked before anything is sent, Ctrl-C and
 * SIGTERM as 130 and 143, and an internal error as the kit's own failure (7), never as a deviation.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/config-error.ts';
import { EXIT } from '../config/exit-codes.ts';
import { didYouMean } from '../config/nearest-name.ts';
import { KIT_OUTPUT_DIR, KIT_PROVOKE_INTERNAL_ERROR, variableNamed } from '../config/settings/index.ts';
import { consoleLine, firstLineOf } from '../utilities/console-line.ts';
import { ensureWritable, OutputUnwritableError } from '../utilities/output-folder.ts';
import { outputRoot } from '../utilities/output-paths.ts';
import { BIN, type KitCommand, type ParsedValues } from './command.ts';
import { helpText } from './help.ts';

/**
 * Names a command whose run throws at once, as an internal error would: the kit's tests prove with it
 * that every command ends such an error as the kit's own failure (7), in one line. Not for users.
 */
export const PROVOKED_FAULT_VARIABLE = KIT_PROVOKE_INTERNAL_ERROR.name;

/** Whether the arguments ask for help: anywhere before `--` (or, for a command reading its own, before its first word). */
export const asksForHelp = (command: Pick<KitCommand, 'arguments'>, argv: readonly string[]): boolean => {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
    if (command.arguments === 'own' && !arg.startsWith('-')) return false;
  }
  return false;
};

const parseOptions = (
  command: KitCommand,
  argv: readonly string[],
): { values: ParsedValues; positionals: string[] } => {
  const options = Object.fromEntries(
    command.options.map((option) => [
      option.name,
      {
        type: option.type,
        ...(option.short ? { short: option.short } : {}),
      },
    ]),
  );
  let parsed: { values: ParsedValues; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true }) as typeof parsed;
  } catch (error) {
    const line = firstLineOf(error).replace(/\. To specify a positional.*$/, '');
    const unknown = /^Unknown option '(-[^']*)'/.exec(line)?.[1];
    if (unknown === undefined) throw new ConfigError(line);
    const names = command.options.map((option) => `--${option.name}`);
    throw new ConfigError(`unknown option ${unknown}${didYouMean(unknown, [...names, '--help'])}`);
  }
  const { min, max } = command.positionals ?? { min: 0, max: 0 };
  if (parsed.positionals.length > max) {
    throw new ConfigError(
      max === 0
        ? `unexpected argument "${parsed.positionals[0]}"`
        : `too many arguments (${parsed.positionals.length}, at most ${max})`,
    );
  }
  if (parsed.positionals.length < min) throw new ConfigError(`missing argument: ${command.usage}`);
  return parsed;
};

/** The exit code of a run interrupted by a signal, while it lasted. */
const signalCode = (signal: NodeJS.Signals): number =>
  signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;

export const runCommand = async (command: KitCommand, argv: readonly string[]): Promise<number> => {
  const say = consoleLine(command.name);
  // What stopped the command goes to stderr, where a pipeline's log shows errors; its progress to stdout.
  const fail = consoleLine(command.name, process.stderr);
  if (asksForHelp(command, argv)) {
    process.stdout.write(helpText(command));
    return EXIT.ok;
  }
  const hint = `see ${BIN} ${command.name} --help`;
  let values: ParsedValues = {};
  let positionals: string[] = [];
  try {
    if (command.arguments === 'options') ({ values, positionals } = parseOptions(command, argv));
    for (const option of command.options) {
      const value = values[option.name];
      if (option.env && typeof value === 'string') variableNamed(option.env).write(value);
    }
    // Resolved here, where the user's working folder is known, for every process the command starts.
    if (typeof values.output === 'string') KIT_OUTPUT_DIR.write(resolve(values.output));
    if (command.writesOutputs) ensureWritable(outputRoot());
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(`${error.message}; ${hint}`);
      return EXIT.badConfiguration;
    }
    if (error instanceof OutputUnwritableError) {
      fail(error.message);
      return EXIT.outputUnwritable;
    }
    throw error;
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (command.handlesSignals) return;
    fail(`INTERRUPTED (${signal})`);
    process.exit(signalCode(signal));
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  try {
    if (KIT_PROVOKE_INTERNAL_ERROR.read() === command.name)
      throw new Error(`provoked by ${PROVOKED_FAULT_VARIABLE}`);
    return await command.run({ argv, values, positionals, say, fail });
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line per problem: a declared deviations file, say, may have several.
      for (const line of error.message.split('\n')) fail(`configuration error: ${line}`);
      return EXIT.badConfiguration;
    }
    if (error instanceof OutputUnwritableError) {
      fail(error.message);
      return EXIT.outputUnwritable;
    }
    fail(
      `KIT FAILURE: internal error: ${firstLineOf(error)} (a fault of the kit, not of the target: run again, and report it with this output if it stays)`,
    );
    return EXIT.kitFailure;
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
};
