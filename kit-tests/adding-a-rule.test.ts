/**
 * docs/adding-a-rule.md walks a new engineer from the catalog to a verdict through real files: every
 * file it names must exist, and every row of its table must name a thing its file holds, so that the
 * page cannot drift from the code it describes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { KIT_ROOT } from '../utilities/kit-root.ts';

const PAGE = readFileSync(join(KIT_ROOT, 'docs', 'adding-a-rule.md'), 'utf8');

/** The rows of the page's table of steps: `| step | \`file\` | \`name\` |`. */
const stepRows = (markdown: string): { step: string; file: string; name: string }[] =>
  markdown.split('\n').flatMap((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    const file = /^`([^`]+)`$/.exec(cells[2] ?? '')?.[1];
    const name = /^`([^`]+)`$/.exec(cells[3] ?? '')?.[1];
    return cells.length === 5 && file && name ? [{ step: cells[1] ?? '', file, name }] : [];
  });

/** Every repository path the page writes in inline code: a folder and a file name with its extension. */
const pathsIn = (markdown: string): string[] =>
  [...markdown.matchAll(/`([a-z][\w.-]*\/[\w./-]*\.(?:ts|md|json))`/g)].map((m) => m[1] as string);

test('ADDING A RULE: every step of the worked example names a file that holds what the step points at', () => {
  const rows = stepRows(PAGE);
  expect(rows.length).toBeGreaterThanOrEqual(10);
  const wrong = rows.filter(
    ({ file, name }) =>
      !existsSync(join(KIT_ROOT, file)) || !readFileSync(join(KIT_ROOT, file), 'utf8').includes(name),
  );
  expect(wrong).toEqual([]);
});

test('ADDING A RULE: every file the page names exists', () => {
  const paths = pathsIn(PAGE);
  expect(paths.length).toBeGreaterThan(10);
  expect(paths.filter((path) => !existsSync(join(KIT_ROOT, path)))).toEqual([]);
});

test('ADDING A RULE: the readers find a row and a path, and pass over a placeholder', () => {
  const text = '| 1. x | `spec/rules.ts` | `rule(` |\n| a | b |\nsee `oracle/<claim>.ts` and `docs/index.md`';
  expect(stepRows(text)).toEqual([{ step: '1. x', file: 'spec/rules.ts', name: 'rule(' }]);
  expect(pathsIn(text)).toEqual(['spec/rules.ts', 'docs/index.md']);
});
