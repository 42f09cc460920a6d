/**
 * The names of the kit's commands, each with the module that declares it, loaded only when that
 * command runs: `fei-kit --version` or `fei-kit certificate` need not load every command's help and its
 * imports (the target contract's zod schemas, undici, yaml: about half a second of CPU). The whole
 * table, what --help lists and the docs are written from, is cli/all-commands.ts; a kit test holds the
 * two to the same names in the same order.
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

const loadCommand = (name: string): Promise<KitCommand> =>
  import('./commands/load.ts').then((module) => named(name, module.loadCommands));

/** Every command, in the order --help lists them (cli/all-commands.ts). */
export const COMMAND_INDEX: readonly CommandEntry[] = [
  { name: 'conformance', load: async () => (await import('./commands/conformance.ts')).command },
  { name: 'certify-client', load: async () => (await import('./commands/certify-client.ts')).command },
  { name: 'reference', load: async () => (await import('./commands/reference.ts')).command },
  { name: 'report', load: async () => (await import('./commands/report.ts')).command },
  { name: 'certificate', load: async () => (await import('./commands/certificate.ts')).command },
  { name: 'compare', load: async () => (await import('./commands/compare.ts')).command },
  { name: 'impact', load: async () => (await import('./commands/impact.ts')).command },
  { name: 'scan-outputs', load: async () => (await import('./commands/scan-outputs.ts')).command },
  { name: 'openapi', load: async () => (await import('./commands/openapi.ts')).command },
  ...[
    'load rate-limit',
    'load latency',
    'load capacity',
    'load merge',
    'load tenants',
    'load k6-operator',
    'load bundle',
  ].map((name) => ({ name, load: () => loadCommand(name) })),
  { name: 'self-check', load: async () => (await import('./commands/self-check.ts')).command },
  { name: 'bench', load: async () => (await import('./commands/bench.ts')).command },
  { name: 'bench reference', load: async () => (await import('./commands/bench.ts')).referenceCommand },
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
