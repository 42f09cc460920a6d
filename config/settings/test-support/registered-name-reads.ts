/**
 * Finds the places a source file reads a setting by its name instead of through its registry
 * definition: looked up by a written-out name (`env['FC_RUNS']`, `text(__ENV, 'LOAD_SEED')`), taken
 * as a member (`env.FC_RUNS`, `__ENV.LOAD_SEED`, `process.env?.CI`), destructured (`const { FC_RUNS }
 * = env`), made a key of a zod schema (`z.object({ FC_RUNS: … })`), or copied into a constant to look
 * it up by later (`const VARIABLE = 'LOAD_SEED'`). Comments are left out, and so are the names a
 * message or a label writes for a person (`'FC_RUNS' as const`, a name inside a longer text), and the
 * keys of an environment the kit writes for a process it starts (`{ LOAD_SEED: '7' }`).
 */
import { codeOnly } from './named-env-reads.ts';

export type ReadKind = 'lookup' | 'member' | 'destructured' | 'schema key' | 'constant';

export interface NameRead {
  readonly name: string;
  readonly line: number;
  readonly how: ReadKind;
}

/** Where a string holding exactly the name, in the source, is a lookup or a constant. */
const STRING_READS: readonly { readonly how: ReadKind; readonly before: RegExp }[] = [
  // env['NAME'], env?.['NAME'] (not an array's first item)
  { how: 'lookup', before: /(?:[\w$)\]]|\?\.)\s*\[\s*$/ },
  // text(env, 'NAME'), positiveInteger(__ENV, 'NAME', 5): an environment handed with the name
  { how: 'lookup', before: /\b(?:\w*env|__ENV|process\s*\.\s*env)\s*,\s*$/i },
  // const VARIABLE = 'NAME', a default parameter = 'NAME'
  { how: 'constant', before: /(?<![=!<>])=\s*$/ },
];

/** The end of the parenthesis opened at `open` in code (strings blanked), or the code's end. */
const closingOf = (code: string, open: number): number => {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    if (code[i] === '(') depth += 1;
    else if (code[i] === ')' && --depth === 0) return i;
  }
  return code.length;
};

/** The spans of code inside `z.object(…)` (and zod's other object makers). */
const schemaSpans = (code: string): [number, number][] =>
  [...code.matchAll(/\bz\s*\.\s*(?:object|strictObject|looseObject)\s*\(/g)].map((m) => {
    const open = m.index + m[0].length - 1;
    return [open, closingOf(code, open)];
  });

/** Every read by name of one of `names` in the source. */
export const registeredNameReads = (source: string, names: readonly string[]): NameRead[] => {
  const code = codeOnly(source);
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const schemas = schemaSpans(code);
  const found: NameRead[] = [];
  for (const name of names) {
    // Whole strings, found in the source and kept only where the code (comments gone) shows the quote.
    for (const match of source.matchAll(new RegExp(`(['"\`])${name}\\1`, 'g'))) {
      if (code[match.index] !== match[1]) continue;
      const before = code.slice(Math.max(0, match.index - 60), match.index);
      const read = STRING_READS.find((r) => r.before.test(before));
      if (read) found.push({ name, line: lineOf(match.index), how: read.how });
    }
    for (const match of code.matchAll(new RegExp(`\\.\\s*${name}\\b`, 'g')))
      found.push({ name, line: lineOf(match.index), how: 'member' });
    for (const match of code.matchAll(new RegExp(`\\{[^{}]*\\b${name}\\b[^{}]*\\}\\s*=(?![=>])`, 'g')))
      found.push({ name, line: lineOf(match.index), how: 'destructured' });
    for (const match of code.matchAll(new RegExp(`(?<![.\\w$])${name}\\s*:`, 'g'))) {
      if (schemas.some(([start, end]) => match.index > start && match.index < end))
        found.push({ name, line: lineOf(match.index), how: 'schema key' });
    }
  }
  return found.sort((a, b) => a.line - b.line || a.name.localeCompare(b.name));
};
