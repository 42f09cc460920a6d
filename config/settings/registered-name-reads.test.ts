import { readFileSync } from 'node:fs';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { SETTINGS } from './index.ts';
import { codeFiles, ROOT } from './test-support/code-files.ts';
import { registeredNameReads } from './test-support/registered-name-reads.ts';

const NAMES = SETTINGS.map((setting) => setting.name);

/**
 * The only reads of a registered setting by its name outside the registry, and why. The launchers run
 * before the kit can load TypeScript (their process.env reads are held by named-env-reads.test.ts too).
 */
const ALLOWED: Readonly<Record<string, { readonly names: readonly string[]; readonly why: string }>> = {
  'bin/fei-kit.mjs': {
    names: ['KIT_TYPESCRIPT', 'NODE_COMPILE_CACHE'],
    why: 'the launcher decides how to load TypeScript before any can be loaded',
  },
  'allurerc.mjs': {
    names: ['ALLURE_HISTORY_PATH', 'KIT_OUTPUT_DIR'],
    why: 'Allure’s command line imports it as plain JavaScript, in its own process',
  },
};

test('SETTINGS: no file outside the registry reads a registered setting by its name (a lookup, a member, a destructuring, a zod key, a constant)', () => {
  const files = codeFiles();
  expect(files.length).toBeGreaterThan(250);
  const found = Object.fromEntries(
    files.flatMap((path) => {
      const reads = registeredNameReads(readFileSync(`${ROOT}${path}`, 'utf8'), NAMES);
      return reads.length ? [[path, [...new Set(reads.map((r) => r.name))].sort()]] : [];
    }),
  );
  // Every read found must be allowed; an allowance no longer used is harmless, and the launchers' are
  // checked to be found, so that the scan is seen to reach them.
  const unallowed = Object.fromEntries(
    Object.entries(found).flatMap(([path, names]) => {
      const extra = names.filter((name) => !ALLOWED[path]?.names.includes(name));
      return extra.length ? [[path, extra]] : [];
    }),
  );
  expect(unallowed).toEqual({});
  expect(found['bin/fei-kit.mjs']).toEqual(ALLOWED['bin/fei-kit.mjs']?.names);
  expect(found['allurerc.mjs']).toEqual(ALLOWED['allurerc.mjs']?.names);
});

test('SETTINGS: the scan finds every way of reading a setting by name, and none that only names it for a person', () => {
  const source = [
    "const a = env['LOAD_SEED'];",
    "const b = positiveInteger(__ENV, 'LOAD_SEED', 5);",
    'const c = __ENV.LOAD_SEED;',
    'const d = process.env?.LOAD_SEED;',
    'const { LOAD_SEED } = env;',
    "const VARIABLE = 'LOAD_SEED';",
    'const schema = z.object({',
    '  LOAD_SEED: z.string(),',
    '});',
    "const e = text(env, 'LOAD_SEED');",
    "const f = env?.['LOAD_SEED'];",
    // What names it without reading it:
    '// env.LOAD_SEED in a comment',
    "const g = 'set LOAD_SEED to replay';",
    "const h = ['LOAD_SEED', 'LOAD_SHARE'];",
    "spawn(cmd, { env: { LOAD_SEED: '7' } });",
    "const i = { source: 'LOAD_SEED' as const };",
    'const j = LOAD_SEED_SETTING.read(env);',
    "const k = text(env, 'LOAD_SEED_OTHER');",
  ].join('\n');
  const reads = registeredNameReads(source, ['LOAD_SEED']);
  expect(reads.map((r) => [r.line, r.how])).toEqual([
    [1, 'lookup'],
    [2, 'lookup'],
    [3, 'member'],
    [4, 'member'],
    [5, 'destructured'],
    [6, 'constant'],
    [8, 'schema key'],
    [10, 'lookup'],
    [11, 'lookup'],
  ]);
});
