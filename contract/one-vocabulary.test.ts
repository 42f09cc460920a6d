/**
 * One vocabulary for the target contract: no source module but contract/ names a contract variable.
 * Every reader takes the names from contract/, so that the four readings of the contract (the
 * conformance run, the k6 scripts, the reference server's hand-off, the scripts) can never drift apart
 * again. Comments are left out of the search; the README, .env.example and docs/ are documentation,
 * not modules, and kit tests (which set variables to provoke the kit) may spell the names out, as
 * may the example tenant clients that `fei-kit certify-client` runs (they stand for a tenant's code).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ALL_CONTRACT_VARIABLES } from './index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const isSourceModule = (path: string): boolean =>
  /\.(ts|mts|mjs|js)$/.test(path) &&
  !path.endsWith('.d.ts') &&
  !path.startsWith('contract/') &&
  !path.endsWith('.test.ts') &&
  !path.includes('/test-support/') &&
  // A tenant's own integration, in any language: it reads the names it is given, as a user's would.
  !path.startsWith('client/examples/') &&
  !path.startsWith('client/self-check-clients/');

const sourceModules = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((path) => isSourceModule(path) && existsSync(join(ROOT, path)));

/** Every contract variable a module's code (its comments left out) names, with the line it stands on. */
const namesIn = (path: string, source: string): string[] => {
  const code = transformSync(source, {
    loader: path.endsWith('s') ? 'ts' : 'js',
    legalComments: 'none',
  }).code;
  return code
    .split('\n')
    .flatMap((line) =>
      ALL_CONTRACT_VARIABLES.filter((name) => new RegExp(`\\b${name}\\b`).test(line)).map(
        (name) => `${path}: ${name} in ${line.trim()}`,
      ),
    );
};

test('CONTRACT: no source module outside contract/ names a contract variable', () => {
  const modules = sourceModules();
  expect(modules).toContain('config/target.ts');
  expect(modules).toContain('load/lib/target.ts');
  expect(modules).not.toContain('contract/variables.ts');
  const named = modules.flatMap((path) => namesIn(path, readFileSync(join(ROOT, path), 'utf8')));
  expect(named).toEqual([]);
});

test('CONTRACT: the search sees a name in code and in text, not in a comment', () => {
  expect(
    namesIn(
      'x.ts',
      [
        '// TARGET_BASE_URL in a comment',
        'const url = process.env.TARGET_BASE_URL; /* KIT_RUN_ID */',
        'const message = `set TENANT_B_CLIENT_ID to run it`;',
        'const other = process.env.TARGET_BASE_URL_EXTRA;',
      ].join('\n'),
    ),
  ).toEqual([
    'x.ts: TARGET_BASE_URL in const url = process.env.TARGET_BASE_URL;',
    'x.ts: TENANT_B_CLIENT_ID in const message = `set TENANT_B_CLIENT_ID to run it`;',
  ]);
});
