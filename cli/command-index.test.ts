/**
 * The command line finds a command by its name in the index and loads only that command's module; the
 * whole table (cli/all-commands.ts) is every entry of the index loaded, in its order. What that
 * derivation could break: an entry loading another command than its name says, a command a module
 * declares that no entry names, and `--version` or one command loading every module.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { COMMANDS } from './all-commands.ts';
import type { KitCommand } from './command.ts';
import { COMMAND_INDEX, commandEntry, matchCommand } from './command-index.ts';

test('COMMAND INDEX: the whole table is every entry loaded, in the index order, each the command of its name', async () => {
  const names = COMMAND_INDEX.map((entry) => entry.name);
  expect(new Set(names).size).toBe(names.length);
  expect(COMMANDS.map((command) => command.name)).toEqual(names);
  const loaded = await Promise.all(COMMAND_INDEX.map((entry) => entry.load()));
  expect(loaded.filter((command, index) => command !== COMMANDS[index]).map((c) => c.name)).toEqual([]);
  expect(matchCommand(COMMAND_INDEX, ['load', 'merge', 'a.json'])).toMatchObject({
    command: { name: 'load merge' },
    rest: ['a.json'],
  });
  expect(matchCommand(COMMAND_INDEX, ['bench', 'reference'])?.command.name).toBe('bench reference');
  expect(matchCommand(COMMAND_INDEX, ['load'])).toBeUndefined();
});

test('COMMAND INDEX: an entry whose module declares no command of its name is refused as it loads', async () => {
  const [first, second] = COMMANDS as [KitCommand, KitCommand];
  await expect(commandEntry(first.name, async () => second).load()).rejects.toThrow(
    `no command "${first.name}" where the command index says it is`,
  );
  await expect(commandEntry(second.name, async () => [first, second]).load()).resolves.toBe(second);
});

const isCommand = (value: unknown): value is KitCommand =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KitCommand).name === 'string' &&
  typeof (value as KitCommand).run === 'function';

test('COMMAND INDEX: every command a module of cli/commands/ declares has its entry', async () => {
  const folder = join(KIT_ROOT, 'cli', 'commands');
  const declared: string[] = [];
  for (const file of readdirSync(folder).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  )) {
    const module = (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module).flat()) if (isCommand(value)) declared.push(value.name);
  }
  expect(declared.length).toBeGreaterThan(10);
  expect(declared.filter((name) => !COMMAND_INDEX.some((entry) => entry.name === name))).toEqual([]);
});

/** The kit's modules a `fei-kit` command line loads (a module hook records them as they load). */
const kitModulesLoadedBy = (argv: readonly string[]): string[] => {
  const hook = `data:text/javascript,${encodeURIComponent(
    `import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(loaded) + '\\n'));`,
  )}`;
  const result = spawnSync(
    process.execPath,
    ['--import', hook, join(KIT_ROOT, 'bin', 'fei-kit.mjs'), ...argv],
    {
      cwd: KIT_ROOT,
      env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true' },
      encoding: 'utf8',
    },
  );
  expect(result.status, result.stderr).toBe(0);
  const line = /LOADED (.*)/.exec(result.stderr)?.[1];
  return (JSON.parse(line ?? '[]') as string[]).filter((url) => url.includes('/cli/'));
};

/** The command modules and the whole table among the modules loaded, as `commands/certificate.ts`. */
const commandModulesOf = (urls: readonly string[]): string[] =>
  urls
    .filter((url) => url.includes('/cli/commands/') || url.endsWith('/cli/all-commands.ts'))
    .map((url) => url.replace(/.*\/cli\//, ''));

test('COMMAND INDEX: --version loads no command; a command loads its own module and no other; --help loads them all', () => {
  test.skip(
    !process.features.typescript,
    'the module hook sees the kit files Node strips itself (Node 22.18 and later)',
  );
  const version = kitModulesLoadedBy(['--version']);
  expect(version.some((url) => url.endsWith('/cli/main.ts'))).toBe(true);
  expect(commandModulesOf(version)).toEqual([]);
  expect(commandModulesOf(kitModulesLoadedBy(['certificate', '--help']))).toEqual([
    'commands/certificate.ts',
  ]);
  // The hook sees the whole table and every module when they load: the two lines above can fail.
  const everyModule = commandModulesOf(kitModulesLoadedBy(['--help']));
  expect(everyModule).toContain('all-commands.ts');
  expect(everyModule).toContain('commands/certificate.ts');
});
