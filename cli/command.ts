/**
 * One subcommand of the kit's command line: what --help shows (usage, options, the environment it
 * reads, its exit codes) and what runs. The runner (runner.ts) gives every command the same --help,
 * the same one-line errors, the same output folder and the same exit codes.
 */
import type { ExitCodeName } from '../config/exit-codes.ts';
import { KIT_OUTPUT_DIR } from '../config/settings/index.ts';
import type { SayLine } from '../utilities/console-line.ts';

export interface OptionSpec {
  /** The long name, without dashes. */
  readonly name: string;
  readonly short?: string;
  readonly type: 'string' | 'boolean';
  /** How the value reads in the help: `<folder>`. */
  readonly value?: string;
  readonly text: string;
  /** The environment variable the option stands for (the option wins when both are set). */
  readonly env?: string;
}

export interface SettingSpec {
  readonly name: string;
  readonly text: string;
}

export type ParsedValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

export interface CommandInput {
  /** The arguments after the command's name, as given. */
  readonly argv: readonly string[];
  /** The options, when the runner parsed them (`arguments: 'options'`). */
  readonly values: ParsedValues;
  readonly positionals: readonly string[];
  /** Writes `<command>: <line>` to stdout: what the command does. */
  readonly say: SayLine;
  /** Writes `<command>: <line>` to stderr: why the command stops. */
  readonly fail: SayLine;
}

export interface KitCommand {
  /** As typed after the kit's name: `conformance`, `load rate-limit`. */
  readonly name: string;
  readonly summary: string;
  /** After `Usage: fei-kit <name> `: `[options] <baseline> [<current>]`. */
  readonly usage: string;
  readonly description?: readonly string[];
  readonly options: readonly OptionSpec[];
  readonly settings?: readonly SettingSpec[];
  /** Options read by another tool the command passes them to (Playwright's), as --help lists them. */
  readonly moreOptions?: { readonly title: string; readonly rows: readonly (readonly [string, string])[] };
  readonly exitCodes: readonly ExitCodeName[];
  readonly examples?: readonly string[];
  /**
   * `options`: the runner parses argv against `options` (strict) and hands over values and positionals;
   * `own`: the command reads argv itself (Playwright's options, a tenant's command line): the runner
   * still answers --help given before the first word that is not an option.
   */
  readonly arguments: 'options' | 'own';
  /** How many positionals an `options` command takes, at least and at most. */
  readonly positionals?: { readonly min: number; readonly max: number };
  /** The command writes into the output folder: the runner checks it can, before anything is sent. */
  readonly writesOutputs: boolean;
  /**
   * The command ends itself on Ctrl-C or SIGTERM (stopping its children, keeping what ran) and returns
   * its own code for it; any other command is ended by the runner at once with 130 or 143.
   */
  readonly handlesSignals?: boolean;
  readonly run: (input: CommandInput) => Promise<number>;
}

/** The name the kit is called by, in usage lines. */
export const BIN = 'fei-kit';

/** `--output <folder>`, the one output folder of every command that writes one. */
export const OUTPUT_OPTION: OptionSpec = {
  name: 'output',
  type: 'string',
  value: '<folder>',
  text: 'the output folder of every file the command writes (default: fei-kit-output in the working folder)',
  env: KIT_OUTPUT_DIR.name,
};

export const HELP_OPTION: OptionSpec = {
  name: 'help',
  short: 'h',
  type: 'boolean',
  text: 'print this help and exit, starting nothing',
};
