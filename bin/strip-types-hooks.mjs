// Module hooks that load the kit's own TypeScript files with their types stripped by Node itself
// (module.stripTypeScriptTypes), when Node refuses to strip them because they are under node_modules,
// as an installed kit's are. Stripping puts blanks where the types were: every line and column stays
// where it is in the source, so a check's location and every stack frame read as in a clone, with no
// source map for Playwright or Node to find. Files outside the kit's folder go to the next hook.
import { readFileSync } from 'node:fs';
import module from 'node:module';

// Node warns once a process that stripTypeScriptTypes is experimental: a line on every command's
// stderr that says nothing to a user. This warning alone is left out.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = (warning, ...rest) => {
  const text = typeof warning === 'string' ? warning : warning?.message;
  if (typeof text === 'string' && text.startsWith('stripTypeScriptTypes is an experimental')) return;
  emitWarning(warning, ...rest);
};

/** The load hook for the kit's folder (a file: URL ending in a slash); synchronous, for either API. */
export const loadFor = (kitRoot) => (url, context, nextLoad) => {
  if (!url.startsWith(kitRoot) || !/\.m?ts$/.test(new URL(url).pathname)) return nextLoad(url, context);
  const source = readFileSync(new URL(url), 'utf8');
  return {
    format: 'module',
    source: module.stripTypeScriptTypes(source, { mode: 'strip' }),
    shortCircuit: true,
  };
};

// As module.register's hooks (Node lines without module.registerHooks).
let registeredLoad;
export const initialize = (data) => {
  registeredLoad = loadFor(data.kitRoot);
};
export const load = (url, context, nextLoad) => registeredLoad(url, context, nextLoad);
