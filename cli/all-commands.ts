/**
 * Every command of the kit, declared: what --help lists and the docs are written from. Loading it loads
 * every command's module; the command line itself finds a command through cli/command-index.ts and
 * loads only that one.
 */
import type { KitCommand } from './command.ts';
import { matchCommand } from './command-index.ts';
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

/** The command the arguments name (the longest name that matches: `load merge` before `load`). */
export const commandOf = (argv: readonly string[]): { command: KitCommand; rest: string[] } | undefined =>
  matchCommand(COMMANDS, argv);
