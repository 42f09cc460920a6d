/**
 * docs/adding-a-rule.md walks a new engineer from the catalog to a verdict through real files: every
 * file it names must exist, and every row of its table must name a thing its file holds, so that the
 * page cannot drift from the code it describes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { expect, test } from './test-support/kit-test.ts';

const PAGE = readFileSync(join(KIT_ROOT, 'docs', 'adding-a-rule.md'), 'utf8');

/** The rows of the page's table of steps: `| step | \`file\` | \`name\` |`. */
const stepRows = (markdown: string): { step: string; file: string; name: string }[] =>
  markdown.split('\n').flatMap((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    const file = /^`([^`]+)`$/.exec(cells[2] ?? '')?.[1];
    const name = /^`([^`]+)`$/.exec(cells[3] ?? '')?.[1];
    return cells.length === 5 && file && name ? [{ step: cells[1] ?? '', file, name }] : [];
  });

/**
 * The hops of the page's diagrams (its code blocks): `path › name   what it does`, the file and the
 * thing in it that does the hop. A placeholder path (`oracle/<claim>.ts`) stands for a file to choose:
 * its folder must exist and some file of it must hold the name.
 */
const hopsIn = (markdown: string): { file: string; name: string }[] =>
  [...markdown.matchAll(/```\n([\s\S]*?)```/g)].flatMap((block) =>
    (block[1] ?? '').split('\n').flatMap((line) => {
      const hop = /^(\S+\.ts) › (.+?)(?:\s{2,}|$)/.exec(line);
      return hop?.[1] && hop[2] ? [{ file: hop[1], name: hop[2].trim() }] : [];
    }),
  );

/** Whether the hop's file (or, for a placeholder, some file of its folder) holds its name. */
const hopHolds = ({ file, name }: { file: string; name: string }): boolean => {
  const placeholder = /^(.*)\/[^/]*<[^>]+>[^/]*$/.exec(file);
  const candidates = placeholder?.[1]
    ? readdirSync(join(KIT_ROOT, placeholder[1])).map((entry) => join(placeholder[1] as string, entry))
    : [file];
  return candidates.some(
    (path) =>
      statSync(join(KIT_ROOT, path), { throwIfNoEntry: false })?.isFile() &&
      readFileSync(join(KIT_ROOT, path), 'utf8').includes(name),
  );
};

test('ADDING A RULE: every hop of the path from the catalog to the certificate line, and of the mutant that proves it, names a file that holds it', () => {
  const hops = hopsIn(PAGE);
  expect(hops.map((hop) => hop.file)).toEqual(
    expect.arrayContaining([
      'suites/verdicts/verdicts.ts',
      'run-records/check-record-reader.ts',
      'reports/certificate/render.ts',
      'self-check/plan.test.ts',
    ]),
  );
  expect(hops.length).toBeGreaterThanOrEqual(15);
  expect(hops.filter((hop) => !hopHolds(hop))).toEqual([]);
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
  const diagram =
    '```\nspec/rules.ts › rule(      the entry\n      │\noracle/<claim>.ts › judgementOf\nnot a hop\n```';
  expect(hopsIn(diagram)).toEqual([
    { file: 'spec/rules.ts', name: 'rule(' },
    { file: 'oracle/<claim>.ts', name: 'judgementOf' },
  ]);
  expect(hopHolds({ file: 'oracle/<claim>.ts', name: 'judgementOf' })).toBe(true);
  expect(hopHolds({ file: 'oracle/<claim>.ts', name: 'noSuchJudgementAnywhere' + 'Here' })).toBe(false);
  expect(hopHolds({ file: 'spec/rules.ts', name: 'settle' + 'Everything' })).toBe(false);
  const text = '| 1. x | `spec/rules.ts` | `rule(` |\n| a | b |\nsee `oracle/<claim>.ts` and `docs/index.md`';
  expect(stepRows(text)).toEqual([{ step: '1. x', file: 'spec/rules.ts', name: 'rule(' }]);
  expect(pathsIn(text)).toEqual(['spec/rules.ts', 'docs/index.md']);
});
