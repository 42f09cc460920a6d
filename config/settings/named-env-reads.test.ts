import { readFileSync } from 'node:fs';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { codeFiles, ROOT } from './test-support/code-files.ts';
import { namedEnvReads } from './test-support/named-env-reads.ts';

/**
 * The only files besides the registry (config/settings/) that name a variable of process.env, and
 * why: each runs where the registry, which is TypeScript, cannot be loaded.
 */
const ALLOWED: Readonly<Record<string, { readonly reads: number; readonly why: string }>> = {
  'bin/fei-kit.mjs': {
    reads: 2,
    why: 'the launcher runs before the kit can read TypeScript: it decides how (KIT_TYPESCRIPT) and hands Node’s compile cache on (NODE_COMPILE_CACHE)',
  },
  'allurerc.mjs': {
    reads: 2,
    why: 'Allure’s own command line imports it, plain JavaScript, in its own process: an installed kit’s TypeScript is under node_modules, where Node strips no types (KIT_OUTPUT_DIR, ALLURE_HISTORY_PATH; a kit test holds it to run-records/output-paths.ts)',
  },
};

test('SETTINGS: no file outside the registry names a variable of process.env, but the launchers that run before TypeScript loads', () => {
  const found = Object.fromEntries(
    codeFiles().flatMap((path) => {
      const reads = namedEnvReads(readFileSync(`${ROOT}${path}`, 'utf8'));
      return reads.length ? [[path, reads.map((r) => `${r.line}: ${r.text}`)]] : [];
    }),
  );
  const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([path, { reads }]) => [path, reads]));
  expect(
    Object.fromEntries(Object.entries(found).map(([path, reads]) => [path, reads.length])),
    JSON.stringify(found, null, 2),
  ).toEqual(allowed);
  const total = Object.values(allowed).reduce((sum, reads) => sum + reads, 0);
  expect(total).toBeLessThanOrEqual(5);
});

test('SETTINGS: the scan finds every way of naming a variable, and none that a comment, a string or the whole environment holds', () => {
  const source = [
    'const a = process.env.KIT_OUTPUT_DIR;',
    "const b = process.env['FC_RUNS'];",
    'const c = process.env[CONTRACT_VARIABLES.runId];',
    'const d = process.env?.CI;',
    'process.env.KIT_CONSOLE_REPORTER = "user";',
    'delete process.env[PACING];',
    'const { FC_SEED } = process.env;',
    // A template's ${…}, written apart so that this file holds no placeholder of its own.
    `const e = \`$${'{'}process.env.LOAD_SEED}\`;`,
    '// process.env.IN_A_COMMENT',
    '/* process.env.IN_A_BLOCK */',
    "const f = 'process.env.IN_A_STRING';",
    'const g = { ...process.env };',
    'const read = (env = process.env) => env;',
    'for (const key of Object.keys(process.env)) delete process.env[key];',
  ].join('\n');
  expect(namedEnvReads(source).map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
});
