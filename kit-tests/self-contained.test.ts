/**
 * The repository stands alone: whoever clones it meets no reference to a file it does not have. No
 * file names the design notes, tooling notes or tickets the kit was built from, no path climbs out of
 * the checkout, and every relative link of the Markdown files leads to a file of the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './test-support/kit-test.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const THIS_FILE = 'kit-tests/self-contained.test.ts';

const trackedTextFiles = (): { path: string; text: string }[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((path) => path !== '' && path !== 'package-lock.json' && existsSync(join(ROOT, path)))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }))
    .filter(({ text }) => !text.includes('\0'));

/** Citations of what only the kit's authors had. */
const OUTSIDE_CITATIONS: readonly RegExp[] = [
  /DESIGN\.md/,
  /TOOLING-NOTES/,
  /DESIGN principle/i,
  /\bissue [0-9]+/i,
  /\.\.\/shared\//,
];

/** CI's machine keeps a k6 binary beside the clone; `.ci/run` may look for it there, and only that. */
const ALLOWED = (path: string, line: string): boolean => path === '.ci/run' && /shared\/bin\b/.test(line);

const citationsIn = (files: readonly { path: string; text: string }[]): string[] =>
  files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        OUTSIDE_CITATIONS.some((pattern) => pattern.test(line)) && !ALLOWED(path, line)
          ? [`${path}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );

test('SELF-CONTAINED: no file cites a design note, a tooling note, a ticket or a path outside the checkout', () => {
  const files = trackedTextFiles().filter((file) => file.path !== THIS_FILE);
  expect(files.length).toBeGreaterThan(300);
  expect(citationsIn(files)).toEqual([]);
});

test('SELF-CONTAINED: the check sees a citation, and lets .ci/run look for k6 beside the clone', () => {
  expect(
    citationsIn([
      { path: 'suites/x.ts', text: '// see DESIGN.md\nconst ok = 1;\n' },
      { path: 'docs/x.md', text: 'As issue 4 says.' },
      { path: 'spec/x.test.ts', text: "readFileSync('../../shared/interface-spec.md')" },
      { path: '.ci/run', text: 'K6_BIN="$(cd ../shared/bin && pwd)/k6"\n' },
    ]),
  ).toEqual([
    'suites/x.ts:1: // see DESIGN.md',
    'docs/x.md:1: As issue 4 says.',
    "spec/x.test.ts:1: readFileSync('../../shared/interface-spec.md')",
  ]);
});

test('SELF-CONTAINED: every relative link of the Markdown files leads to a file of the repository', () => {
  const broken: string[] = [];
  for (const { path, text } of trackedTextFiles().filter((file) => file.path.endsWith('.md'))) {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = (match[1] as string).split('#')[0] as string;
      if (link === '' || /^[a-z]+:/i.test(link)) continue;
      const target = normalize(join(dirname(path), link));
      if (target.startsWith('..') || !existsSync(join(ROOT, target))) broken.push(`${path}: ${match[1]}`);
    }
  }
  expect(broken).toEqual([]);
});
