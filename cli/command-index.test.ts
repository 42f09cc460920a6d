/**
 * The command line finds a command by its name in the index and loads only that command's module: the
 * index names every command of the whole table, in its order, each loading its own declaration, and
 * `--version` loads no command at all.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { COMMANDS } from './all-commands.ts';
import { COMMAND_INDEX, matchCommand } from './command-index.ts';

test('COMMAND INDEX: every command of the table, in its order, each loading its own declaration', async () => {
  expect(COMMAND_INDEX.map((entry) => entry.name)).toEqual(COMMANDS.map((command) => command.name));
  for (const entry of COMMAND_INDEX) expect(await entry.load(), entry.name).toBe(commandOf(entry.name));
  expect(matchCommand(COMMAND_INDEX, ['load', 'merge', 'a.json'])).toMatchObject({
    command: { name: 'load merge' },
    rest: ['a.json'],
  });
  expect(matchCommand(COMMAND_INDEX, ['bench', 'reference'])?.command.name).toBe('bench reference');
  expect(matchCommand(COMMAND_INDEX, ['load'])).toBeUndefined();
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

test('COMMAND INDEX: --version loads no command; a command loads its own module and no other', () => {
  test.skip(
    !process.features.typescript,
    'the module hook sees the kit files Node strips itself (Node 22.18 and later)',
  );
  const version = kitModulesLoadedBy(['--version']);
  expect(version.some((url) => url.endsWith('/cli/main.ts'))).toBe(true);
  expect(version.filter((url) => url.includes('/cli/commands/'))).toEqual([]);
  const help = kitModulesLoadedBy(['certificate', '--help']);
  expect(
    help.filter((url) => url.includes('/cli/commands/')).map((url) => url.replace(/.*\/cli\//, '')),
  ).toEqual(['commands/certificate.ts']);
});

function commandOf(name: string) {
  return COMMANDS.find((command) => command.name === name);
}
