/**
 * The names of the kit's commands, each with the module that declares it, loaded only when that
 * command runs: `fei-kit --version` or `fei-kit certificate` need not load every command's help and its
 * imports (the target contract's zod schemas, undici, yaml: about half a second of CPU). Each command
 * is named here once: the whole table, what --help lists and the docs are written from
 * (cli/all-commands.ts), is every entry loaded, in this order.
 */
import type { KitCommand } from './command.ts';

export interface CommandEntry {
  /** As typed after the kit's name: `conformance`, `load rate-limit`. */
  readonly name: string;
  readonly load: () => Promise<KitCommand>;
}

/** The command of `name` among those a module declares. */
const named = (name: string, commands: readonly KitCommand[]): KitCommand => {
  const found = commands.find((command) => command.name === name);
  if (!found) throw new Error(`no command "${name}" where the command index says it is`);
  return found;
};

/**
 * The entry of `name`, whose `declared` loads what its module declares: the command loaded is the one
 * of that name, so that the index, --help and the docs never show one name for another's command.
 */
export const commandEntry = (
  name: string,
  declared: () => Promise<KitCommand | readonly KitCommand[]>,
): CommandEntry => ({ name, load: async () => named(name, [await declared()].flat()) });

const loadCommands = async () => (await import('./commands/load.ts')).loadCommands;

/** Every command, in the order --help lists them: the jobs people run in CI first. */
export const COMMAND_INDEX: readonly CommandEntry[] = [
  commandEntry('conformance', async () => (await import('./commands/conformance.ts')).command),
  commandEntry('certify-client', async () => (await import('./commands/certify-client.ts')).command),
  commandEntry('reference', async () => (await import('./commands/reference.ts')).command),
  commandEntry('report', async () => (await import('./commands/report.ts')).command),
  commandEntry('certificate', async () => (await import('./commands/certificate.ts')).command),
  commandEntry('compare', async () => (await import('./commands/compare.ts')).command),
  commandEntry('impact', async () => (await import('./commands/impact.ts')).command),
  commandEntry('scan-outputs', async () => (await import('./commands/scan-outputs.ts')).command),
  commandEntry('openapi', async () => (await import('./commands/openapi.ts')).command),
  ...[
    'load rate-limit',
    'load latency',
    'load capacity',
    'load merge',
    'load tenants',
    'load k6-operator',
    'load bundle',
  ].map((name) => commandEntry(name, loadCommands)),
  commandEntry('self-check', async () => (await import('./commands/self-check.ts')).command),
  commandEntry('bench', async () => (await import('./commands/bench.ts')).command),
  commandEntry('bench reference', async () => (await import('./commands/bench.ts')).referenceCommand),
];

/** The command the arguments name (the longest name that matches: `load merge` before `load`). */
export const matchCommand = <T extends { readonly name: string }>(
  commands: readonly T[],
  argv: readonly string[],
): { command: T; rest: string[] } | undefined => {
  const byLength = [...commands].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const command of byLength) {
    const words = command.name.split(' ');
    if (words.every((word, index) => argv[index] === word)) {
      return { command, rest: argv.slice(words.length) };
    }
  }
  return undefined;
};
