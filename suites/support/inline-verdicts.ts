/**
 * What makes a verdict inline in a check's file: a condition computed there and handed to a check
 * (`check.holds(rule, a === b, …)`, a comparison in a check's arguments) or a violation made there
 * (`violationOf`). Every verdict is the oracle's; the checks send and hand the oracle what came back.
 */

export interface InlineVerdict {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

const CHECK_CALL = /\b(?:check|propertyCheck)\.(\w+)\(/g;
const JUDGING =
  /===|!==|==|!=|<=|>=|[^=]>|<|!(?=[\w(])|&&|\|\||\.(?:includes|startsWith|endsWith|some|every|test)\(/;

/** The text of a call's arguments, from just after its opening parenthesis to the matching close. */
const argumentsFrom = (source: string, start: number): string => {
  let depth = 1;
  let index = start;
  while (index < source.length && depth > 0) {
    const char = source[index];
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    index += 1;
  }
  return source.slice(start, index - 1);
};

/** The source with the content of every string, template and comment blanked (same length, same lines). */
export const withoutLiterals = (source: string): string =>
  source.replace(
    /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g,
    (literal) => literal.replace(/[^\n]/g, ' ').replace(/^ /, "'").replace(/ $/, "'"),
  );

export const inlineVerdictsOf = (file: string, source: string): InlineVerdict[] => {
  const code = withoutLiterals(source);
  const found: InlineVerdict[] = [];
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  for (const match of code.matchAll(/\bviolationOf\b/g))
    found.push({
      file,
      line: lineOf(match.index),
      what: 'a violation made outside the oracle (violationOf)',
    });
  for (const match of code.matchAll(CHECK_CALL)) {
    const [call, method] = match;
    const start = match.index + call.length;
    const args = argumentsFrom(code, start);
    if (method === 'holds') {
      found.push({ file, line: lineOf(match.index), what: `an inline condition (${call.trim()}…)` });
      continue;
    }
    const judging = JUDGING.exec(args);
    if (judging)
      found.push({
        file,
        line: lineOf(match.index),
        what: `"${judging[0].trim()}" in the arguments of ${call}…)`,
      });
  }
  return found;
};
