/**
 * The certificate decides from typed facts (each check's record, the catalog, the run's facts), never
 * by matching a pattern over human text: a reworded skip message or title must not change a verdict.
 * This test reads every source file of the certificate, and the check-record reader it decides from,
 * and fails on any regular expression in them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';

const FOLDER = new URL('.', import.meta.url).pathname;

/**
 * Regular expressions a certificate module may hold, by file, each with why it is not over human
 * text. Empty: none is needed.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {};

// After these, a `/` starts a regular expression literal; after anything else it divides.
const BEFORE_PATTERN = new Set([...'(,=:[!&|?{};+-*%<>~^']);
const KEYWORDS_BEFORE_PATTERN = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'void',
  'throw',
  'yield',
  'await',
]);

/** The regular-expression literals and `RegExp` uses of a TypeScript source, comments and strings skipped. */
const patternsIn = (source: string): string[] => {
  const code = transformSync(source, { loader: 'ts', legalComments: 'none' }).code;
  const found: string[] = [];
  const templates: number[] = []; // brace depth at which each open template's `${` began
  let depth = 0;
  let previous = '';
  let word = '';
  let i = 0;
  const readString = (quote: string): void => {
    for (i += 1; i < code.length && code[i] !== quote; i += 1) if (code[i] === '\\') i += 1;
    i += 1;
  };
  // Reads a template's text up to its end or its next `${`.
  const readTemplate = (): void => {
    for (; i < code.length; i += 1) {
      if (code[i] === '\\') i += 1;
      else if (code[i] === '`') {
        i += 1;
        return;
      } else if (code[i] === '$' && code[i + 1] === '{') {
        templates.push(depth);
        depth += 1;
        i += 2;
        return;
      }
    }
  };
  while (i < code.length) {
    const c = code[i] as string;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (/[A-Za-z_$0-9]/.test(c)) {
      const start = i;
      while (i < code.length && /[A-Za-z_$0-9]/.test(code[i] as string)) i += 1;
      word = code.slice(start, i);
      if (word === 'RegExp') found.push('RegExp');
      previous = KEYWORDS_BEFORE_PATTERN.has(word) ? '(' : 'a';
      continue;
    }
    if (c === '"' || c === "'") {
      readString(c);
      previous = 'a';
      continue;
    }
    if (c === '`') {
      i += 1;
      readTemplate();
      previous = 'a';
      continue;
    }
    if (c === '}' && templates.at(-1) === depth - 1) {
      templates.pop();
      depth -= 1;
      i += 1;
      readTemplate();
      previous = 'a';
      continue;
    }
    if (c === '/' && code[i + 1] === '/') {
      while (i < code.length && code[i] !== '\n') i += 1;
      continue;
    }
    if (c === '/' && code[i + 1] === '*') {
      i = code.indexOf('*/', i + 2) + 2;
      continue;
    }
    if (c === '/' && (previous === '' || BEFORE_PATTERN.has(previous))) {
      const start = i;
      let inClass = false;
      for (i += 1; i < code.length; i += 1) {
        if (code[i] === '\\') i += 1;
        else if (code[i] === '[') inClass = true;
        else if (code[i] === ']') inClass = false;
        else if (code[i] === '/' && !inClass) break;
      }
      i += 1;
      while (i < code.length && /[a-z]/.test(code[i] as string)) i += 1;
      found.push(code.slice(start, i));
      previous = 'a';
      continue;
    }
    if (c === '{') depth += 1;
    if (c === '}') depth -= 1;
    previous = c === ')' || c === ']' ? 'a' : c;
    i += 1;
  }
  return found;
};

/** The certificate's modules, and the reader of the check records it decides from. */
const certificateSources = (): string[] => [
  ...readdirSync(FOLDER)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort(),
  '../../run-records/check-record-reader.ts',
];

test('CERTIFICATE: no certificate module matches a regular expression over human text', () => {
  const sources = certificateSources();
  expect(sources).toContain('certificate.ts');
  expect(sources).toContain('../../run-records/check-record-reader.ts');
  const found = Object.fromEntries(
    sources
      .map((name) => [name, patternsIn(readFileSync(join(FOLDER, name), 'utf8'))] as const)
      .filter(([name, patterns]) => patterns.some((p) => !(ALLOWED[name] ?? []).includes(p))),
  );
  expect(found).toEqual({});
});

test('CERTIFICATE: the pattern finder sees regular expressions, and not divisions, comments or strings', () => {
  const source = [
    'const PRODUCTION_SKIP = /^production target\\b/i;',
    'if (reasons.every((r) => PRODUCTION_SKIP.test(r))) x = a / b / c;',
    "const md = (t: string) => t.replace(/\\|/g, '\\\\|').replace(/\\r?\\n/g, ' ');",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a sample, not a template
    "const dynamic = new RegExp(`${id}[/]`, 'g');",
    '// a comment with /slashes/ in it',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a sample, not a template
    "const path = 'a/b/c' + `x/${1 / 2}/y`;",
    'const half = (n: number): number => (n) / 2;',
    'const range = /[/]x/.exec(s);',
    'function f() { return /y/.test(s); }',
  ].join('\n');
  expect(patternsIn(source)).toEqual([
    '/^production target\\b/i',
    '/\\|/g',
    '/\\r?\\n/g',
    'RegExp',
    '/[/]x/',
    '/y/',
  ]);
});
