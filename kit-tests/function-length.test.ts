/**
 * No function of product code over FUNCTION_LINE_LIMIT lines but the data tables (function-length.ts,
 * read with the compiler). A throwaway project proves what is counted.
 */
import { fileURLToPath } from 'node:url';
import { LONG_FUNCTIONS_ALLOWED, longFunctions } from './function-length.ts';
import { expect, test } from './test-support/kit-test.ts';
import { withThrowawayProject } from './test-support/throwaway-project.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

test('FUNCTION LENGTH: no function of product code runs over the limit but the allowed ones, and each allowed one still does', () => {
  const found = longFunctions(ROOT);
  const key = (f: { file: string; name: string }) => `${f.file}:${f.name}`;
  expect(
    found
      .filter((f) => !LONG_FUNCTIONS_ALLOWED.has(key(f)))
      .map((f) => `${key(f)} (line ${f.line}, ${f.lines} lines)`),
  ).toEqual([]);
  const stillLong = new Set(found.map(key));
  expect([...LONG_FUNCTIONS_ALLOWED.keys()].filter((entry) => !stillLong.has(entry))).toEqual([]);
});

test('FUNCTION LENGTH: a long function, method or callback is found; a table, a describe block, a kit test and a short function are not', () => {
  const lines = (count: number, line: string) => Array.from({ length: count }, () => line).join('\n');
  const steps = lines(4, '  total += 1;');
  const long = [
    'let total = 0;',
    `export function long() {\n${steps}\n}`,
    'export const short = () => {\n  total += 1;\n};',
    `export class Runner {\n  run() {\n${steps}\n  }\n}`,
    `export const items = [1];\nitems.forEach(() => {\n${steps}\n});`,
    `export const table = () => ({\n${lines(4, '  a: 1,')}\n});`,
    `export const returnsTable = () => {\n  return [\n${lines(4, '    1,')}\n  ] as const;\n};`,
    'declare const test: { describe(t: string, f: () => void): void };',
    `test.describe('area', () => {\n  const check = () => {\n${steps}\n  };\n  check();\n${steps}\n});`,
  ].join('\n');
  const files = {
    'long.ts': long,
    'long.test.ts': `export const inTest = () => {\n${steps}\n${steps}\n};`,
    'test-support/helper.ts': `export const helper = () => {\n${steps}\n${steps}\n};`,
  };
  const found = withThrowawayProject(files, (folder) =>
    longFunctions(folder, ['tsconfig.json'], 5).map((f) => `${f.file}:${f.line} ${f.name} ${f.lines}`),
  );
  expect(found).toEqual([
    'long.ts:2 long 6',
    'long.ts:12 run 6',
    'long.ts:20 (callback of items.forEach) 6',
    'long.ts:42 check 6',
  ]);
});
