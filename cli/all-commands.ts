/**
 * Every command of the kit, declared: what --help lists and the docs are written from. It is the
 * command index (cli/command-index.ts) loaded whole, in its order, so that each command is named in
 * one place. Loading this module loads every command's module; the command line itself finds a
 * command through the index and loads only that one.
 */
import type { KitCommand } from './command.ts';
import { COMMAND_INDEX, matchCommand } from './command-index.ts';

/** Every command, in the order --help lists them (the index's). */
export const COMMANDS: readonly KitCommand[] = await Promise.all(COMMAND_INDEX.map((entry) => entry.load()));

/** The command the arguments name (the longest name that matches: `load merge` before `load`). */
export const commandOf = (argv: readonly string[]): { command: KitCommand; rest: string[] } | undefined =>
  matchCommand(COMMANDS, argv);
