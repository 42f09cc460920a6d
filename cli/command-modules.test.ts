/**
 * The modules behind the kit's commands never load Playwright: a command that runs the suite starts
 * Playwright's runner as a process of its own, and loading its test library in the command's process
 * too cost each command a fifth of a second of CPU. The modules are those the commands import when they
 * run (`await import(...)` in cli/commands/), all in one process, whose module cache is read afterwards.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';

const COMMANDS = join(KIT_ROOT, 'cli', 'commands');

const commandModules = (): string[] =>
  readdirSync(COMMANDS)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) =>
      [...readFileSync(join(COMMANDS, name), 'utf8').matchAll(/await import\(\s*'([^']+)'\s*\)/g)].map((m) =>
        resolve(COMMANDS, m[1] as string),
      ),
    );

/** The Playwright modules in the CommonJS cache of a process that imported `modules`. */
const playwrightLoadedBy = (modules: readonly string[]): string[] => {
  const script = `for (const path of ${JSON.stringify(modules)}) await import(path);
    const { createRequire } = await import('node:module');
    const loaded = Object.keys(createRequire(import.meta.url)('node:module')._cache);
    process.stdout.write(JSON.stringify(loaded.filter((path) => /node_modules[\\\\/]@?playwright[\\\\/]/.test(path))));`;
  // Node strips the types itself where it can (as the kit's bin has it), tsx compiles them elsewhere.
  const loader = process.features.typescript ? [] : ['--import', 'tsx'];
  const result = spawnSync(process.execPath, [...loader, '--input-type=module', '-e', script], {
    cwd: KIT_ROOT,
    env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as string[];
};

test('COMMAND MODULES: no command of the kit loads Playwright in its own process', () => {
  const modules = commandModules();
  expect(modules.length).toBeGreaterThan(10);
  expect(playwrightLoadedBy(modules)).toEqual([]);
});

test('COMMAND MODULES: the check sees Playwright when a module loads it', () => {
  expect(
    playwrightLoadedBy([join(KIT_ROOT, 'pacing', 'playwright-recorder-context.ts')]).length,
  ).toBeGreaterThan(0);
});
