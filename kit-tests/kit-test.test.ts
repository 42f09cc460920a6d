/**
 * Every kit test takes Playwright through the tests' root (test-support/kit-test.ts), whose `test` is the
 * suites' own: no browser context's options set up around each of the kit's some 1,400 tests.
 */
import { fileURLToPath } from 'node:url';
import { test as suitesRoot } from '../suites/fixtures/api-test.ts';
import { importsOf, type SourceFile, sourceFilesIn } from './import-rules.ts';
import { expect, test } from './test-support/kit-test.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The test files among these that import `@playwright/test` itself. */
const importingPlaywrightItself = (files: readonly SourceFile[]): string[] =>
  files
    .filter((file) => file.path.endsWith('.test.ts'))
    .filter((file) => importsOf(file).some((edge) => edge.specifier === '@playwright/test'))
    .map((file) => file.path);

test("KIT TEST ROOT: no kit test imports @playwright/test itself; the root's test is the suites' own", () => {
  const files = sourceFilesIn(ROOT);
  expect(files.filter((file) => file.path.endsWith('.test.ts')).length).toBeGreaterThan(200);
  expect(importingPlaywrightItself(files)).toEqual([]);
  expect(test).toBe(suitesRoot);
  // The finder sees such an import, and not one a string of a test only quotes.
  expect(
    importingPlaywrightItself([
      { path: 'oracle/a.test.ts', text: "import { expect, test } from '@playwright/test';\n" },
      { path: 'oracle/b.test.ts', text: 'const spec = "import { test } from \'@playwright/test\';";\n' },
      { path: 'oracle/c.ts', text: "import { expect } from '@playwright/test';\n" },
    ]),
  ).toEqual(['oracle/a.test.ts']);
});
