/**
 * Finds the places a source file names a variable of `process.env` (`process.env.X`, `process.env['X']`,
 * `process.env[NAME]`, `const { X } = process.env`), reading or writing it. Comments and the text of
 * strings are left out; code inside a template's `${…}` is read. Handing the whole environment on
 * (`{ ...process.env }`, `env = process.env`) names nothing, and neither does a loop over its own keys
 * (`for (const key of Object.keys(process.env)) delete process.env[key]`).
 */

export interface NamedRead {
  readonly line: number;
  readonly text: string;
}

/** The source with comments and the text of strings blanked (line breaks kept), code in `${…}` kept. */
export const codeOnly = (source: string): string => {
  let out = '';
  // What encloses the current character: code, a quote (', ", `) or the code of a template's ${…}
  // (with the depth of its braces).
  const stack: { kind: 'code' | "'" | '"' | '`' | '${'; depth: number }[] = [{ kind: 'code', depth: 0 }];
  let i = 0;
  const blank = (c: string) => (c === '\n' ? '\n' : ' ');
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    const top = stack[stack.length - 1] as { kind: string; depth: number };
    if (top.kind === 'code' || top.kind === '${') {
      if (c === '/' && next === '/') {
        while (i < source.length && source[i] !== '\n') {
          out += ' ';
          i += 1;
        }
        continue;
      }
      if (c === '/' && next === '*') {
        const end = source.indexOf('*/', i + 2);
        const stop = end === -1 ? source.length : end + 2;
        for (; i < stop; i += 1) out += blank(source[i] as string);
        continue;
      }
      if (c === "'" || c === '"' || c === '`') stack.push({ kind: c, depth: 0 });
      else if (top.kind === '${' && c === '{') top.depth += 1;
      else if (top.kind === '${' && c === '}') {
        if (top.depth === 0) stack.pop();
        else top.depth -= 1;
      }
      out += c;
      i += 1;
      continue;
    }
    // Inside a string.
    if (c === '\\') {
      out += `${blank(c)}${blank(next ?? '')}`;
      i += 2;
      continue;
    }
    if (c === top.kind) {
      stack.pop();
      out += c;
      i += 1;
      continue;
    }
    if (top.kind === '`' && c === '$' && next === '{') {
      stack.push({ kind: '${', depth: 0 });
      out += '${';
      i += 2;
      continue;
    }
    out += blank(c);
    i += 1;
  }
  return out;
};

const NAMED =
  /\bprocess\s*\.\s*env\s*(?:\?\.\s*[A-Za-z_$]|\.\s*[A-Za-z_$]|(?:\?\.)?\s*\[\s*([A-Za-z_$][\w$]*)?)/g;
const DESTRUCTURED = /\{[^{}]*\}\s*=\s*process\s*\.\s*env\b/g;

/** Every place the source names a variable of process.env. */
export const namedEnvReads = (source: string): NamedRead[] => {
  const code = codeOnly(source);
  const lines = source.split('\n');
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const found: NamedRead[] = [];
  for (const match of code.matchAll(NAMED)) {
    const line = lineOf(match.index);
    const key = match[1];
    const codeLine = code.split('\n')[line - 1] ?? '';
    // A loop over the environment's own keys names none of them.
    if (key && new RegExp(`\\b${key}\\s+of\\s+Object\\.keys\\(\\s*process\\.env\\s*\\)`).test(codeLine))
      continue;
    found.push({ line, text: (lines[line - 1] ?? '').trim() });
  }
  for (const match of code.matchAll(DESTRUCTURED)) {
    const line = lineOf(match.index);
    found.push({ line, text: (lines[line - 1] ?? '').trim() });
  }
  return found.sort((a, b) => a.line - b.line);
};
