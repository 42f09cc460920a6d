/**
 * No list is spread into the arguments of a call that takes one argument per item (`push(...xs)`,
 * `Math.max(...xs)`): every item becomes a stack slot, and past about a hundred thousand items the call
 * throws "Maximum call stack size exceeded". A list's length often grows with a limit or a run (a
 * tenant's send times at 100,000 requests a minute did), so the kit folds lists with a loop or
 * `reduce` instead, bounded or not. Spreading into an array literal (`[...xs]`) is not a call and
 * stays allowed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { expect, test } from './test-support/kit-test.ts';

const CALLS =
  /(?:\.(?:push|unshift|splice|apply)|Math\.(?:max|min)|String\.fromCharCode|String\.fromCodePoint)\(/g;

/** Whether the argument list opening at `open` (just past its parenthesis) spreads anything at its own depth. */
const spreadsAt = (text: string, open: number): boolean => {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return false;
      depth -= 1;
    } else if (depth === 0 && text.startsWith('...', i)) return true;
  }
  return false;
};

/** `file:line` of every call that spreads a list into its arguments. */
export const spreadCalls = (path: string, text: string): string[] =>
  [...text.matchAll(CALLS)].flatMap((match) =>
    spreadsAt(text, match.index + match[0].length)
      ? [`${path}:${text.slice(0, match.index).split('\n').length}`]
      : [],
  );

test('NO-SPREAD-ARGUMENTS: no list is spread into push, Math.max and the like anywhere in the kit', () => {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.mjs'],
    {
      cwd: KIT_ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    // This file's own examples are strings, not calls.
    .filter((path) => path !== '' && path !== 'kit-tests/no-spread-arguments.test.ts');
  expect(files.length).toBeGreaterThan(300);
  const found = files.flatMap((path) => spreadCalls(path, readFileSync(join(KIT_ROOT, path), 'utf8')));
  expect(found).toEqual([]);
});

test('NO-SPREAD-ARGUMENTS: the search finds such a call (it can fail)', () => {
  expect(spreadCalls('x.ts', 'all.push(...times);')).toEqual(['x.ts:1']);
  expect(spreadCalls('x.ts', 'a;\nconst m = Math.max(0, ...xs.map((x) => x.n));')).toEqual(['x.ts:2']);
  expect(spreadCalls('x.ts', 'lines.push(\n  `a`,\n  ...rest,\n);')).toEqual(['x.ts:1']);
  expect(spreadCalls('x.ts', 'all.push([...times]); Math.max(a, f(...b));')).toEqual([]);
  expect(spreadCalls('x.ts', 'all.push({ ...entry }); Math.min(1, 2);')).toEqual([]);
});
