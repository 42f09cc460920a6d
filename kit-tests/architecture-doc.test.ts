/**
 * docs/architecture.md says what the code is: every file and folder it names exists, every judgement it
 * names is one the oracle exports, and what it says the oracle returns is the shape the judgement guard
 * requires (oracle-judgements.ts). Its layout table and its table of imports are kept by
 * import-rules.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oracle from '../oracle/index.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { JUDGEMENT_SHAPE } from './oracle-judgements.ts';
import { expect, test } from './test-support/kit-test.ts';

const PAGE = readFileSync(join(KIT_ROOT, 'docs', 'architecture.md'), 'utf8');

/** The spans of inline code the page writes: `oracle/judgement.ts`, `check.verdict(judge…(…), answer)`. */
const inlineCode = (markdown: string): string[] =>
  [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);

/** Repository paths in inline code: a file with its extension, or a folder with its slash. */
export const pathsIn = (markdown: string): string[] =>
  inlineCode(markdown).filter((span) =>
    /^[a-z.][\w.-]*\/([\w.-]+\/)*([\w.-]+\.(ts|mjs|json|md|yml|sh))?$/.test(span),
  );

/** The judgements named in inline code (`judgeUpdateShown`), the placeholder `judge…` aside. */
export const judgementsIn = (markdown: string): string[] => [
  ...new Set(inlineCode(markdown).flatMap((span) => [...span.matchAll(/\bjudge[A-Z]\w*/g)].map((m) => m[0]))),
];

/** The repository's own folders, under which a row of the layout names its subfolders (`fixtures/`). */
const FOLDERS = readdirSync(KIT_ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
  .map((entry) => entry.name);

/** A path from the root, or from one of the folders a row of the page is about. */
const existsInKit = (path: string): boolean =>
  existsSync(join(KIT_ROOT, path)) || FOLDERS.some((folder) => existsSync(join(KIT_ROOT, folder, path)));

test('ARCHITECTURE: every file and folder the page names exists', () => {
  const paths = pathsIn(PAGE);
  expect(paths.length).toBeGreaterThan(40);
  expect(paths.filter((path) => !existsInKit(path))).toEqual([]);
});

test('ARCHITECTURE: every judgement the page names is one the oracle exports', () => {
  const named = judgementsIn(PAGE);
  expect(named.length).toBeGreaterThan(2);
  expect(named.filter((name) => !(name in oracle))).toEqual([]);
});

test('ARCHITECTURE: the page says the oracle returns the shape every judgement returns', () => {
  const row = PAGE.split('\n').find((line) => line.startsWith('| `oracle/` |')) ?? '';
  const node = PAGE.split('\n').find((line) => line.includes('oracle["oracle/')) ?? '';
  expect(row).toContain(`\`${JUDGEMENT_SHAPE}\``);
  expect(node).toContain(JUDGEMENT_SHAPE);
  expect(readFileSync(join(KIT_ROOT, 'oracle', 'judgement.ts'), 'utf8')).toContain(
    `export interface ${JUDGEMENT_SHAPE}<`,
  );
});

test('ARCHITECTURE: the readers find paths and judgements in inline code, and pass over placeholders', () => {
  const text =
    'see `oracle/judgement.ts`, `suites/`, `check.update(answer, judgeX)`, `judge…` and `a/<b>.ts`';
  expect(pathsIn(text)).toEqual(['oracle/judgement.ts', 'suites/']);
  expect(judgementsIn(text)).toEqual(['judgeX']);
});
