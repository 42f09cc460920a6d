/**
 * Which top-level folder may import which: the kit's boundaries as data, and the check that finds every
 * import that crosses one it may not. docs/architecture.md shows the same table (a kit test keeps the
 * two equal) and says why each edge is there or not.
 *
 * The two readings of the spec stay independent: `reference/` imports only `spec/`, and nothing outside
 * it reaches past its public entry (`reference/index.ts`); `suites/` never imports the reference at all.
 * `suites/` and `reports/` meet only in `run-records/`, the leaf modules both use. `generators/` stays
 * loadable by k6: no Node built-in.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export const FOLDERS = [
  'spec',
  'contract',
  'oracle',
  'config',
  'utilities',
  'run-records',
  'generators',
  'reference',
  'pacing',
  'suites',
  'reports',
  'load',
  'client',
  'impact',
  'conformance-run',
  'openapi',
  'self-check',
  'bench',
  'cli',
  'kit-tests',
  'bin',
  '(root)',
] as const;
export type Folder = (typeof FOLDERS)[number];

export interface FolderRule {
  /** Folders its code may import (its own files always). */
  readonly imports: readonly Folder[];
  /** Folders only its kit tests (`*.test.ts`, `test-support/`) may import as well. */
  readonly testsAlsoImport?: readonly Folder[];
  /** npm packages and Node built-ins its code may import; any when absent. */
  readonly packages?: readonly string[];
}

const EVERY_FOLDER_BUT = (...left: readonly Folder[]): readonly Folder[] =>
  FOLDERS.filter((folder) => !left.includes(folder) && folder !== '(root)');

export const IMPORT_RULES: Readonly<Record<Folder, FolderRule>> = {
  spec: { imports: [], packages: [] },
  contract: { imports: ['spec'], packages: [] },
  oracle: { imports: ['spec'], packages: ['zod'] },
  config: { imports: ['spec', 'contract'] },
  utilities: { imports: ['spec', 'config'] },
  'run-records': { imports: ['spec', 'oracle', 'config', 'utilities'] },
  generators: {
    imports: ['spec', 'oracle'],
    packages: ['fast-check', 'currency-codes', 'iso-3166'],
  },
  reference: { imports: ['spec', 'contract', 'config'] },
  pacing: { imports: ['spec', 'contract', 'oracle', 'config', 'run-records', 'utilities'] },
  suites: {
    imports: ['spec', 'contract', 'oracle', 'config', 'generators', 'run-records', 'utilities', 'pacing'],
  },
  reports: {
    imports: ['spec', 'contract', 'oracle', 'config', 'run-records', 'utilities'],
    testsAlsoImport: ['reference', 'load'],
  },
  load: {
    imports: ['spec', 'contract', 'config', 'run-records', 'utilities', 'generators', 'reference'],
    testsAlsoImport: ['reports'],
  },
  client: {
    imports: ['spec', 'contract', 'config', 'run-records', 'utilities', 'reference'],
  },
  impact: {
    imports: ['spec', 'contract', 'oracle', 'config', 'utilities', 'pacing', 'reports', 'reference'],
    testsAlsoImport: ['client'],
  },
  'conformance-run': {
    imports: [
      'spec',
      'contract',
      'oracle',
      'config',
      'run-records',
      'utilities',
      'pacing',
      'suites',
      'reports',
      'reference',
    ],
  },
  openapi: {
    imports: ['spec', 'contract', 'oracle', 'config', 'run-records', 'utilities', 'reports'],
    testsAlsoImport: ['reference'],
  },
  'self-check': {
    imports: [
      'spec',
      'contract',
      'oracle',
      'config',
      'run-records',
      'utilities',
      'reports',
      'load',
      'reference',
      'client',
      'conformance-run',
      'openapi',
    ],
  },
  bench: {
    imports: [
      'spec',
      'contract',
      'config',
      'run-records',
      'utilities',
      'conformance-run',
      'reference',
      'client',
      'impact',
      'self-check',
    ],
  },
  cli: { imports: EVERY_FOLDER_BUT('cli', 'kit-tests', 'bin') },
  'kit-tests': {
    imports: ['spec', 'contract', 'config', 'run-records', 'utilities', 'conformance-run', 'load'],
    testsAlsoImport: [
      'oracle',
      'generators',
      'reference',
      'pacing',
      'suites',
      'reports',
      'client',
      'impact',
      'openapi',
      'self-check',
      'bench',
      'cli',
    ],
  },
  bin: { imports: ['cli'] },
  '(root)': { imports: ['contract', 'config', 'run-records', 'utilities'] },
};

/**
 * Folders that others may import only through named files: the reference's public entry for everyone,
 * for `load/` (whose scripts k6 runs) only the generators' k6-safe entry, and for `reference/` only the
 * registry's definitions of its settings and the registry's parse functions (no reading of the spec).
 */
export const ENTRIES: readonly {
  readonly to: Folder;
  readonly from?: Folder;
  readonly files: readonly string[];
}[] = [
  { to: 'reference', files: ['reference/index.ts'] },
  { to: 'generators', from: 'load', files: ['generators/k6-safe.ts'] },
  {
    to: 'config',
    from: 'reference',
    files: ['config/settings/reference-settings.ts', 'config/settings/setting.ts'],
  },
];

export interface SourceFile {
  /** Relative to the repository root, with `/`. */
  readonly path: string;
  readonly text: string;
}

export interface ImportEdge {
  readonly from: string;
  /** As written in the source. */
  readonly specifier: string;
  /** The repository-relative path a relative specifier resolves to. */
  readonly target?: string;
}

export interface ImportViolation extends ImportEdge {
  readonly reason: string;
}

// Top-level statements start at the first column (the formatter puts them there); a dynamic import may
// stand anywhere. Type-only imports count: a type is a dependency on the reading that defines it.
const STATIC_IMPORT = /^(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether a match stands in code, not in a comment or inside a string that merely quotes an import. */
const inCode = (text: string, index: number): boolean => {
  const line = text.slice(text.lastIndexOf('\n', index - 1) + 1, index);
  if (/^\s*(\*|\/\/)/.test(line) || line.includes('//')) return false;
  const unescaped = line.replace(/\\./g, '');
  return ["'", '"', '`'].every((quote) => unescaped.split(quote).length % 2 === 1);
};

export const importsOf = (file: SourceFile): ImportEdge[] => {
  const specifiers = [
    ...[...file.text.matchAll(STATIC_IMPORT)].map((m) => (m[1] ?? m[2]) as string),
    ...[...file.text.matchAll(DYNAMIC_IMPORT)]
      .filter((m) => inCode(file.text, m.index))
      .map((m) => m[1] as string),
  ];
  return specifiers.map((specifier) =>
    specifier.startsWith('.')
      ? {
          from: file.path,
          specifier,
          target: normalize(join(dirname(file.path), specifier))
            .split('\\')
            .join('/'),
        }
      : { from: file.path, specifier },
  );
};

/**
 * What a looser reading takes for an import in code: `from '…'` anywhere on a line (an indented or
 * multi-line statement), a bare `import '…'` at any indent, and a dynamic `import(…)` whose specifier
 * is any quoted or template string. Wider than the reader on purpose: an import written in a form the
 * reader does not take shows here and not there (missedImports). It does not resolve anything.
 */
const LOOSE_IMPORT =
  /\bfrom\s*(['"])([^'"\n]+)\1|^\s*import\s*(['"`])([^'"`\n]+)\3|\bimport\s*\(\s*(['"`])([^'"`\n]+)\5/gm;

/** The specifiers the looser reading finds in a file's code that the reader did not take. */
export const missedImports = (file: SourceFile): string[] => {
  const read = new Set(importsOf(file).map((edge) => edge.specifier));
  return [...file.text.matchAll(LOOSE_IMPORT)]
    .filter((m) => inCode(file.text, m.index))
    .map((m) => (m[2] ?? m[4] ?? m[6]) as string)
    .filter((specifier) => !read.has(specifier));
};

export const folderOf = (path: string): Folder | undefined => {
  if (!path.includes('/')) return '(root)';
  const top = path.slice(0, path.indexOf('/'));
  return (FOLDERS as readonly string[]).includes(top) ? (top as Folder) : undefined;
};

export const isKitTest = (path: string): boolean =>
  /\.test\.ts$/.test(path) || path.includes('/test-support/');

/**
 * The one file of kit-tests/ a kit test of any folder imports: the tests' `test` (Playwright's, without a
 * browser context's options). Product code never imports it.
 */
export const KIT_TEST_ROOT = 'kit-tests/test-support/kit-test.ts';

/** A kit test's import of the tests' root: allowed from every folder, and not an import back up. */
const isKitTestRootImport = (edge: ImportEdge): boolean =>
  edge.target === KIT_TEST_ROOT && isKitTest(edge.from);

/** The package an import names (`iso-3166/1.js` → `iso-3166`, `@scope/x/y` → `@scope/x`, `node:fs` as is). */
export const packageOf = (specifier: string): string => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
};

const violationOf = (edge: ImportEdge, exists: (path: string) => boolean): string | undefined => {
  const from = folderOf(edge.from);
  if (from === undefined) return `${edge.from} is in no folder of the import rules`;
  const rule = IMPORT_RULES[from];
  const test = isKitTest(edge.from);
  if (edge.target === undefined) {
    const name = packageOf(edge.specifier);
    if (test || rule.packages === undefined || rule.packages.includes(name)) return undefined;
    return `${from}/ may import only ${rule.packages.length ? rule.packages.join(', ') : 'no package'}, not ${name}`;
  }
  if (edge.target.startsWith('..')) return 'it reaches outside the repository';
  if (!exists(edge.target)) return `${edge.target} does not exist`;
  if (isKitTestRootImport(edge)) return undefined;
  const to = folderOf(edge.target);
  if (to === undefined) return `${edge.target} is in no folder of the import rules`;
  if (to === from) return undefined;
  const allowed = [...rule.imports, ...(test ? (rule.testsAlsoImport ?? []) : [])];
  if (!allowed.includes(to)) return `${from}/ may not import ${to}/`;
  const entry = ENTRIES.find((e) => e.to === to && (e.from === undefined || e.from === from));
  if (entry && !entry.files.includes(edge.target)) {
    return `${to}/ is imported${entry.from ? ` from ${from}/` : ''} only through ${entry.files.join(', ')}`;
  }
  return undefined;
};

/** Every import of these files that breaks a rule; `exists` tells whether a repository path is a file. */
export const importViolations = (
  files: readonly SourceFile[],
  exists: (path: string) => boolean,
): ImportViolation[] =>
  files.flatMap((file) =>
    importsOf(file).flatMap((edge) => {
      const reason = violationOf(edge, exists);
      return reason === undefined ? [] : [{ ...edge, reason }];
    }),
  );

/** An `exists` over a checkout. */
export const existsIn =
  (root: string) =>
  (path: string): boolean =>
    existsSync(join(root, path));

/** `reports/x.ts imports ../suites/y.ts: reports/ may not import suites/`. */
export const describeViolation = (v: ImportViolation): string =>
  `${v.from} imports ${v.specifier}: ${v.reason}`;

/** Every source file of a checkout (tracked, or new and not ignored), read. */
export const sourceFilesIn = (root: string): SourceFile[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((path) => /\.(ts|mts|mjs|js)$/.test(path) && !path.endsWith('.d.ts'))
    .flatMap((path) => {
      try {
        return [{ path, text: readFileSync(join(root, path), 'utf8') }];
      } catch {
        return []; // deleted in the working tree, not yet in git
      }
    });

/** The circles of a graph: its strongly connected components (Tarjan's) of two nodes or more, or of one that reaches itself. */
const circlesOf = (next: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || next.get(node)?.includes(node)) circles.push(component.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return circles.sort((a, b) => a.length - b.length || (a[0] as string).localeCompare(b[0] as string));
};

/** The edges between files of the set: each relative import that resolves to one of them. */
const graphOf = (files: readonly SourceFile[]): Map<string, string[]> => {
  const paths = new Set(files.map((f) => f.path));
  return new Map(
    files.map((file) => [
      file.path,
      [...new Set(importsOf(file).flatMap((e) => (e.target && paths.has(e.target) ? [e.target] : [])))],
    ]),
  );
};

/**
 * The circles of imports between files, each as the files it goes through, smallest first. Type-only
 * imports count, as they do for the folders' rules: a type is a dependency on the file that defines it.
 */
export const importCycles = (files: readonly SourceFile[]): string[][] => circlesOf(graphOf(files));

/**
 * Imports that run back up: a file of another folder, kit tests included, importing `kit-tests/`,
 * which sits above every folder (it runs the whole kit and imports from every part of it); a kit
 * test's import of the tests' root (KIT_TEST_ROOT) aside.
 */
export const upwardImports = (files: readonly SourceFile[]): ImportEdge[] =>
  files
    .filter((file) => folderOf(file.path) !== 'kit-tests')
    .flatMap(importsOf)
    .filter(
      (edge) =>
        edge.target !== undefined && folderOf(edge.target) === 'kit-tests' && !isKitTestRootImport(edge),
    );
