/**
 * What k6's JavaScript runtime lacks or gets wrong (k6 1.x), plus the
 * Node globals that exist nowhere but in Node, as patterns over a bundle's code (comments removed
 * first); the patterns are written so that ordinary code does not match them.
 */
import { transform } from 'esbuild';

export interface ForbiddenApi {
  readonly name: string;
  readonly pattern: RegExp;
  /**
   * A global that libraries feature-detect: a use within a few characters after `typeof <guard>`
   * (`typeof Buffer !== "undefined" ? Buffer.isBuffer : void 0`) never runs where it is missing.
   */
  readonly guard?: string;
}

const notMember = '(?<![.\\w$])';

export const FORBIDDEN_APIS: readonly ForbiddenApi[] = Object.freeze([
  { name: 'Intl', pattern: /\bIntl\b/g, guard: 'Intl' },
  {
    name: 'global URL',
    pattern: new RegExp(
      `${notMember}(new\\s+URL\\s*\\(|URL\\s*\\.\\s*(canParse|parse|createObjectURL)\\b)`,
      'g',
    ),
    guard: 'URL',
  },
  { name: 'URLSearchParams', pattern: /\bURLSearchParams\b/g, guard: 'URLSearchParams' },
  { name: 'TextEncoder', pattern: /\bTextEncoder\b/g, guard: 'TextEncoder' },
  { name: 'TextDecoder', pattern: /\bTextDecoder\b/g, guard: 'TextDecoder' },
  { name: 'atob', pattern: new RegExp(`${notMember}atob\\s*\\(`, 'g'), guard: 'atob' },
  { name: 'btoa', pattern: new RegExp(`${notMember}btoa\\s*\\(`, 'g'), guard: 'btoa' },
  { name: 'structuredClone', pattern: /\bstructuredClone\b/g, guard: 'structuredClone' },
  { name: 'WeakRef', pattern: /\bWeakRef\b/g, guard: 'WeakRef' },
  { name: 'FinalizationRegistry', pattern: /\bFinalizationRegistry\b/g, guard: 'FinalizationRegistry' },
  { name: 'global fetch', pattern: new RegExp(`${notMember}fetch\\s*\\(`, 'g'), guard: 'fetch' },
  { name: 'async generator', pattern: /\basync\s*function\s*\*|\basync\s*\*\s*[\w$[]|__asyncGenerator/g },
  { name: 'for await', pattern: /\bfor\s+await\s*\(|__forAwait/g },
  { name: 'regex named groups (.groups)', pattern: /\.groups\b/g },
  { name: 'regex \\p{…} escapes', pattern: /\\\\?[pP]\{/g },
  { name: 'Object.groupBy/Map.groupBy', pattern: /\b(Object|Map)\s*\.\s*groupBy\b/g },
  { name: 'Promise.withResolvers', pattern: /\bwithResolvers\b/g },
  { name: 'Array.fromAsync', pattern: /\bfromAsync\b/g },
  { name: 'dynamic import()', pattern: new RegExp(`${notMember}import\\s*\\(`, 'g') },
  {
    name: 'decorators',
    pattern: /__decorate|__esDecorate|__runInitializers|(^|[\s;{}])@[A-Za-z_$][\w$]*\s*(\(|\n|class\b)/gm,
  },
  {
    name: 'using declarations',
    pattern:
      /\b__using\b|\b__callDispose\b|Symbol\.(async)?[dD]ispose|\bawait\s+using\s|(^|[;{}\s])using\s+[\w$]+\s*=/gm,
  },
  { name: 'require()', pattern: new RegExp(`${notMember}require\\s*\\(`, 'g'), guard: 'require' },
  // esbuild's shim for a require() it could not bundle; its __commonJS wrappers of bundled CommonJS are fine.
  { name: 'require() of an unbundled module', pattern: /Dynamic require of/g },
  {
    name: 'process',
    pattern: /\bprocess\s*\.\s*(env|argv|exit|cwd|platform|nextTick|version)\b/g,
    guard: 'process',
  },
  { name: 'Buffer', pattern: /\bBuffer\s*\.\s*\w/g, guard: 'Buffer' },
  { name: 'setImmediate', pattern: /\bsetImmediate\b/g, guard: 'setImmediate' },
  { name: '__dirname/__filename', pattern: /\b__(dirname|filename)\b/g },
  { name: 'node: modules', pattern: /["']node:[a-z]/g },
]);

const GUARD_REACH = 120;

/** `typeof X` itself, or a use of X shortly after a `typeof X` test. */
const isGuarded = (code: string, at: number, guard: string | undefined): boolean => {
  if (guard === undefined) return false;
  const before = code.slice(Math.max(0, at - GUARD_REACH), at);
  return /\btypeof\s*\(?\s*$/.test(before) || new RegExp(`\\btypeof\\s+${guard}\\b`).test(before);
};

/** Regex literals with the `d` or `v` flag, which k6 does not know. */
const REGEX_LITERAL = /(?<![\w$)\]])\/(?![*/])((?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+)\/([a-z]+)/g;
const REGEXP_CONSTRUCTOR_FLAGS = /\bRegExp\s*\([^)]*,\s*["'`]([a-z]*)["'`]\s*\)/g;

export const regexFlagFindings = (code: string): string[] => {
  const findings: string[] = [];
  for (const match of code.matchAll(REGEX_LITERAL)) {
    const flags = match[2] ?? '';
    if (/[dv]/.test(flags) && /^[dgimsuyv]+$/.test(flags))
      findings.push(`regex flag d/v: ${match[0].slice(0, 60)}`);
  }
  for (const match of code.matchAll(REGEXP_CONSTRUCTOR_FLAGS)) {
    if (/[dv]/.test(match[1] ?? '')) findings.push(`RegExp flag d/v: ${match[0].slice(0, 60)}`);
  }
  return findings;
};

/**
 * Every forbidden API found in a bundle's code, with a little context; empty when clean. Pass code
 * without comments (withoutComments): a library's doc comment may name anything.
 */
export const forbiddenApiFindings = (code: string): string[] => {
  const findings: string[] = [];
  for (const { name, pattern, guard } of FORBIDDEN_APIS) {
    for (const match of code.matchAll(pattern)) {
      const at = match.index ?? 0;
      if (isGuarded(code, at, guard)) continue;
      findings.push(`${name}: …${code.slice(Math.max(0, at - 30), at + 40).replace(/\s+/g, ' ')}…`);
      break;
    }
  }
  return [...findings, ...regexFlagFindings(code)];
};

/** A bundle's code with its comments removed by esbuild (which keeps some doc comments in bundles). */
export const withoutComments = async (code: string): Promise<string> =>
  (await transform(code, { loader: 'js', minifyWhitespace: true, legalComments: 'none', format: 'esm' }))
    .code;

/** The modules a bundle imports (static `import … from "x"` and `import "x"`). */
export const importedModules = (code: string): string[] => {
  const modules = new Set<string>();
  for (const match of code.matchAll(/^\s*import\s+(?:[^'";]+?\s+from\s+)?["']([^"']+)["']\s*;?\s*$/gm)) {
    modules.add(match[1] as string);
  }
  return [...modules].sort();
};
