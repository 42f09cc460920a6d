/**
 * The folders' boundaries hold: every import of every source file of the repository is allowed by
 * IMPORT_RULES (import-rules.ts), and docs/architecture.md shows that same table. Throwaway files
 * (never written to the tree) prove the check fails on each kind of forbidden import.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  describeViolation,
  existsIn,
  FOLDERS,
  type Folder,
  IMPORT_RULES,
  importCycles,
  importsOf,
  importViolations,
  missedImports,
  type SourceFile,
  sourceFilesIn,
  upwardImports,
} from './import-rules.ts';
import { expect, test } from './test-support/kit-test.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const sourceFiles = (): SourceFile[] => sourceFilesIn(ROOT);

test('IMPORTS: no file of the repository imports across a boundary it may not cross', () => {
  const files = sourceFiles();
  expect(files.length).toBeGreaterThan(250);
  // The reader sees the imports: thousands of them, some into every folder of the table.
  const edges = files.flatMap(importsOf);
  expect(edges.length).toBeGreaterThan(1000);
  expect(edges.some((e) => e.specifier === '../reference/index.ts')).toBe(true);
  const violations = importViolations(files, existsIn(ROOT)).map(describeViolation);
  expect(violations).toEqual([]);
});

test('IMPORTS: a deliberate violation of each rule is caught', () => {
  const exists = existsIn(ROOT);
  const throwaway: SourceFile[] = [
    { path: 'reference/throwaway.ts', text: "import { matchFailures } from '../oracle/index.ts';\n" },
    {
      path: 'reference/handlers/throwaway.ts',
      text: "import type { X } from '../../generators/index.ts';\n",
    },
    {
      path: 'suites/throwaway.spec.ts',
      text: "import { startReferenceServer } from '../reference/index.ts';\n",
    },
    {
      path: 'suites/support/throwaway.ts',
      text: "import { buildReport } from '../../reports/allure/build-report.ts';\n",
    },
    { path: 'reports/throwaway.ts', text: "import { test } from '../suites/fixtures/index.ts';\n" },
    { path: 'load/throwaway.ts', text: "const m = await import('../reference/target-env.ts');\n" },
    { path: 'oracle/throwaway.ts', text: "export { parseJsonBody } from 'undici';\n" },
    { path: 'generators/throwaway.ts', text: "import { readFileSync } from 'node:fs';\n" },
    { path: 'spec/throwaway.ts', text: "import '../../elsewhere/interface-spec.ts';\n" },
    { path: 'config/throwaway.ts', text: "import { x } from './no-such-file.ts';\n" },
    { path: 'load/scripts/throwaway.ts', text: "import { applyFaults } from '../../generators/index.ts';\n" },
    { path: 'contract/throwaway.ts', text: "import { readFileSync } from 'node:fs';\n" },
    // The tests' root is for kit tests: product code of a folder below kit-tests/ may not import it.
    { path: 'oracle/root.ts', text: "import { test } from '../kit-tests/test-support/kit-test.ts';\n" },
  ];
  const found = importViolations(throwaway, exists);
  expect(found.map((v) => `${v.from}: ${v.reason}`)).toEqual([
    'reference/throwaway.ts: reference/ may not import oracle/',
    'reference/handlers/throwaway.ts: reference/ may not import generators/',
    'suites/throwaway.spec.ts: suites/ may not import reference/',
    'suites/support/throwaway.ts: suites/ may not import reports/',
    'reports/throwaway.ts: reports/ may not import suites/',
    'load/throwaway.ts: reference/ is imported only through reference/index.ts',
    'oracle/throwaway.ts: oracle/ may import only zod, not undici',
    'generators/throwaway.ts: generators/ may import only fast-check, currency-codes, iso-3166, not node:fs',
    'spec/throwaway.ts: it reaches outside the repository',
    'config/throwaway.ts: config/no-such-file.ts does not exist',
    'load/scripts/throwaway.ts: generators/ is imported from load/ only through generators/k6-safe.ts',
    'contract/throwaway.ts: contract/ may import only no package, not node:fs',
    'oracle/root.ts: oracle/ may not import kit-tests/',
  ]);
  // What the rules allow passes: a kit test of reports/ may start the reference through its entry.
  expect(
    importViolations(
      [
        {
          path: 'reports/throwaway.test.ts',
          text: "import { startReferenceServer } from '../reference/index.ts';\n",
        },
        { path: 'suites/throwaway.ts', text: "import { redact } from '../utilities/redaction.ts';\n" },
        {
          path: 'spec/throwaway.test.ts',
          text: "import { test } from '../kit-tests/test-support/kit-test.ts';\n",
        },
      ],
      exists,
    ),
  ).toEqual([]);
});

test('IMPORTS: the reader takes every kind of import, and none that a string or comment only quotes', () => {
  const text = [
    "import type { A } from './a.ts';",
    "import { type B, c } from './b.ts';",
    "export * from './c.ts';",
    "import './d.ts';",
    'import {',
    '  e,',
    "} from './e.ts';",
    "const f = await import('./f.ts');",
    'const quoted = \'await import("./g.ts")\';',
    "// import('./h.ts') in a comment",
    " * import('./i.ts') in a doc comment",
  ].join('\n');
  expect(importsOf({ path: 'spec/x.ts', text }).map((e) => e.specifier)).toEqual([
    './a.ts',
    './b.ts',
    './c.ts',
    './d.ts',
    './e.ts',
    './f.ts',
  ]);
});

test('IMPORTS: the allowed edges form no cycle between folders', () => {
  const visiting = new Set<Folder>();
  const done = new Set<Folder>();
  const cycles: string[] = [];
  const visit = (folder: Folder, path: readonly Folder[]): void => {
    if (done.has(folder)) return;
    if (visiting.has(folder)) {
      cycles.push([...path, folder].join(' → '));
      return;
    }
    visiting.add(folder);
    for (const next of IMPORT_RULES[folder].imports) visit(next, [...path, folder]);
    visiting.delete(folder);
    done.add(folder);
  };
  for (const folder of FOLDERS) visit(folder, []);
  expect(cycles).toEqual([]);
});

test('IMPORTS: docs/architecture.md shows the table the check enforces', () => {
  const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Which folder may import which'));
  const rows = new Map(
    section
      .split('\n')
      .filter((line) => /^\| `[^`]+` \|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map((cells) => [cells[1]?.replace(/`/g, '').replace(/\/$/, '') ?? '', cells.slice(2, 4)]),
  );
  const shown = (cell: string | undefined): string[] =>
    (cell ?? '').match(/`[^`]+`/g)?.map((name) => name.replace(/`/g, '').replace(/\/$/, '')) ?? [];
  for (const folder of FOLDERS) {
    const name = folder;
    const row = rows.get(name);
    expect(row, `a row for ${name}`).toBeDefined();
    expect(shown(row?.[0]).sort(), `${name}: imports`).toEqual([...IMPORT_RULES[folder].imports].sort());
    expect(shown(row?.[1]).sort(), `${name}: kit tests also import`).toEqual(
      [...(IMPORT_RULES[folder].testsAlsoImport ?? [])].sort(),
    );
  }
});

test('IMPORTS: the reader misses no import a looser reading finds in the code of any file', () => {
  // Read once, by the reader: the compiler's own list of imports (tsc --explainFiles over the three
  // projects) took seconds of a guard that runs on every change, to find what this finds.
  const missed = sourceFiles().flatMap((file) => missedImports(file).map((s) => `${file.path}: ${s}`));
  expect(missed).toEqual([]);
});

test('IMPORTS: the looser reading finds the imports the reader would miss, and none a string or comment quotes', () => {
  const text = [
    "import type { A } from './a.ts';",
    '  import { b } from "./b.ts";',
    'const c = await import(`./c.ts`);',
    'export {',
    '  d,',
    "} from './d.ts';",
    "const quoted = \"import('./e.ts') and from './f.ts'\";",
    "// export { g } from './g.ts';",
    " * import('./h.ts') in a doc comment",
  ].join('\n');
  expect(missedImports({ path: 'spec/x.ts', text })).toEqual(['./b.ts', './c.ts']);
});

test("LAYOUT: docs/architecture.md's layout table, the import rules and the repository's folders agree", () => {
  const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
  const layout = doc.slice(doc.indexOf('## Layout'), doc.indexOf('## Glossary'));
  const shown = layout
    .split('\n')
    .map((line) => /^\| `([^`]+)\/` \|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  const folders = FOLDERS.filter((folder) => folder !== '(root)');
  expect([...shown].sort()).toEqual([...folders, 'docs'].sort());
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path.includes('/') && !path.startsWith('.'))
    .map((path) => path.slice(0, path.indexOf('/')));
  expect([...new Set(tracked)].sort()).toEqual([...shown].sort());
});

test('IMPORTS: no circle of imports between files, and none running back up into kit-tests/', () => {
  const files = sourceFiles();
  expect(importCycles(files).map((cycle) => cycle.join(' ⇄ '))).toEqual([]);
  expect(upwardImports(files).map((edge) => `${edge.from} -> ${edge.target}`)).toEqual([]);
});

test('IMPORTS: the circle finder finds a circle of files, of types only too, and an import back up into kit-tests/', () => {
  const throwaway: SourceFile[] = [
    { path: 'reports/a.ts', text: "import { b } from './b.ts';\n" },
    { path: 'reports/b.ts', text: "import type { C } from './c.ts';\n" },
    { path: 'reports/c.ts', text: "export { a } from './a.ts';\n" },
    { path: 'reports/d.ts', text: "import { a } from './a.ts';\n" },
    { path: 'spec/self.ts', text: "import './self.ts';\n" },
    { path: 'kit-tests/t.test.ts', text: "import { d } from '../reports/d.ts';\n" },
    { path: 'reports/e.test.ts', text: "import { h } from '../kit-tests/t.test.ts';\n" },
    // The tests' root, from a kit test: allowed; from product code: back up.
    { path: 'oracle/f.test.ts', text: "import { test } from '../kit-tests/test-support/kit-test.ts';\n" },
    { path: 'oracle/g.ts', text: "import { test } from '../kit-tests/test-support/kit-test.ts';\n" },
  ];
  expect(importCycles(throwaway)).toEqual([
    ['spec/self.ts'],
    ['reports/a.ts', 'reports/b.ts', 'reports/c.ts'],
  ]);
  expect(upwardImports(throwaway).map((e) => e.from)).toEqual(['reports/e.test.ts', 'oracle/g.ts']);
});
