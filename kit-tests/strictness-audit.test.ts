/**
 * docs/strictness-audit.md stays equal to the catalog and the oracle: every stated rule has a row in
 * its table of routes, every rule id a row names is in the catalog, and every name in a column of
 * oracle names is a judgement the oracle exports whose own text, where it names rule ids, names one of
 * the row's. A column that says which part of the oracle judges a rule (the model comparison, the
 * counter axis) joins ORACLE_NAME_COLUMNS and is held to the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oracle from '../oracle/index.ts';
import { RULES } from '../spec/index.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { expect, test } from './test-support/kit-test.ts';

const PAGE = readFileSync(join(KIT_ROOT, 'docs', 'strictness-audit.md'), 'utf8');
const ROUTES_HEADING = '## Every rule: the routes and the moments it is judged on';
const RULE_BY_RULE_HEADING = '## Rule by rule';

/** The columns of the table of routes whose cells name functions of the oracle. */
export const ORACLE_NAME_COLUMNS: readonly string[] = ['judged by'];

interface Row {
  readonly cells: Readonly<Record<string, string>>;
  readonly first: string;
}

/** The rows of every table of a stretch of markdown, each keyed by its table's header (a `\|` is no border). */
export const tableRows = (markdown: string): Row[] => {
  const rows: Row[] = [];
  let header: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      header = undefined;
      continue;
    }
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (header === undefined) header = cells;
    else if (!cells.every((cell) => /^-+$/.test(cell)))
      rows.push({
        first: cells[0] ?? '',
        cells: Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])),
      });
  }
  return rows;
};

/** The rule ids and id patterns (`VAL-*`) a cell names. */
export const idsIn = (cell: string): string[] =>
  [...cell.matchAll(/\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-(?:[A-Z0-9]+|\*)/g)].map((m) => m[0]);

const CATALOG_IDS = RULES.map((rule) => rule.id as string);
const matches = (pattern: string, id: string): boolean =>
  pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;

/** The names a cell writes in inline code. */
const namesIn = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

/** The oracle's files, as its index lists them. */
const ORACLE_FILES = [
  ...readFileSync(join(KIT_ROOT, 'oracle', 'index.ts'), 'utf8').matchAll(/from\s'\.\/([\w-]+\.ts)'/g),
].map((m) => join(KIT_ROOT, 'oracle', m[1] as string));

/** The text of each exported declaration of the oracle, its doc comment with it, up to the next one. */
const ORACLE_DECLARATIONS: ReadonlyMap<string, string> = new Map(
  ORACLE_FILES.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split(/\n(?=(?:\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n)?export )/)
      .flatMap((text) => {
        const name = /^(?:\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n)?export (?:const|function) (\w+)/.exec(text)?.[1];
        return name !== undefined && name in oracle ? [[name, text] as const] : [];
      }),
  ),
);

const section = (heading: string): string => {
  const start = PAGE.indexOf(heading);
  const end = PAGE.indexOf('\n## ', start + heading.length);
  return PAGE.slice(start, end === -1 ? undefined : end);
};

const ROUTES = tableRows(section(ROUTES_HEADING));

test('STRICTNESS AUDIT: every stated rule of the catalog has a row in the table of routes, and every id a row names is in the catalog', () => {
  expect(ROUTES.length).toBeGreaterThan(20);
  const named = ROUTES.flatMap((row) => idsIn(row.first));
  const stated = RULES.filter((rule) => rule.kind === 'rule').map((rule) => rule.id as string);
  expect(stated.filter((id) => !named.some((pattern) => matches(pattern, id)))).toEqual([]);
  expect(named.filter((pattern) => !CATALOG_IDS.some((id) => matches(pattern, id)))).toEqual([]);
});

test('STRICTNESS AUDIT: every id the rule-by-rule tables name is in the catalog', () => {
  const rows = tableRows(section(RULE_BY_RULE_HEADING));
  expect(rows.length).toBeGreaterThan(40);
  const named = rows.flatMap((row) => idsIn(row.first));
  expect(named.filter((pattern) => !CATALOG_IDS.some((id) => matches(pattern, id)))).toEqual([]);
});

test('STRICTNESS AUDIT: a column of oracle names names exported judgements of the row\'s rules; "—" only where the rule is judged at no moment', () => {
  const wrong = ROUTES.flatMap((row) => {
    const ids = idsIn(row.first);
    return ORACLE_NAME_COLUMNS.flatMap((column) => {
      const cell = row.cells[column];
      if (cell === undefined) return [`${row.first}: no column "${column}"`];
      if (cell === '—')
        return row.cells.moments === '—'
          ? []
          : [`${row.first}: judged at ${row.cells.moments}, by nothing named`];
      return namesIn(cell).flatMap((name) => {
        const declaration = ORACLE_DECLARATIONS.get(name);
        if (declaration === undefined) return [`${row.first}: ${name} is not exported by the oracle`];
        const itsIds = idsIn(declaration).filter((id) => CATALOG_IDS.includes(id));
        return itsIds.length === 0 || itsIds.some((id) => ids.some((pattern) => matches(pattern, id)))
          ? []
          : [`${row.first}: ${name} judges ${itsIds.join(', ')}, none of the row's`];
      });
    });
  });
  expect(wrong).toEqual([]);
});

test('STRICTNESS AUDIT: the readers take a table row by its header, ids and patterns from a cell, an escaped bar as text', () => {
  const table =
    '| rule | judged by |\n|---|---|\n| VAL-* (each), RATE-LIMIT-429 | `judgeX`, `/a\\|b/` |\ntext\n| x |';
  const [row] = tableRows(table);
  expect(row?.cells['judged by']).toBe('`judgeX`, `/a\\|b/`');
  expect(idsIn(row?.first ?? '')).toEqual(['VAL-*', 'RATE-LIMIT-429']);
  expect(idsIn('(the same, on PUT)')).toEqual([]);
  expect(tableRows(table)).toHaveLength(1);
});
