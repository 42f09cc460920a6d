import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slowestFiles, slowestFilesLine } from './slowest-files.ts';
import { expect, test } from './test-support/kit-test.ts';

const spec = (file: string, ...durations: number[][]) => ({
  file,
  title: 'a test',
  tests: durations.map((results) => ({ results: results.map((duration) => ({ duration })) })),
});

test('SLOWEST FILES: test time summed per file, over tests, nested suites and retries, longest first', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-slowest-'));
  try {
    const report = join(folder, 'results.json');
    writeFileSync(
      report,
      JSON.stringify({
        suites: [
          {
            specs: [spec('a.test.ts', [1000], [500])],
            suites: [{ specs: [spec('b.test.ts', [3000, 2000])] }],
          },
          { specs: [spec('c.test.ts', [250])], suites: [{ specs: [spec('a.test.ts', [4000])] }] },
        ],
      }),
    );
    expect(slowestFiles(report, 2)).toEqual([
      { file: 'a.test.ts', seconds: 5.5 },
      { file: 'b.test.ts', seconds: 5 },
    ]);
    expect(slowestFilesLine(slowestFiles(report, 3))).toBe(
      '  slowest files (test time): 5.5 s a.test.ts, 5.0 s b.test.ts, 0.3 s c.test.ts',
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('SLOWEST FILES: a report that cannot be read, or one without suites (the self-check), gives no line', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-slowest-'));
  try {
    expect(slowestFiles(join(folder, 'missing.json'), 5)).toEqual([]);
    const totalsOnly = join(folder, 'results.json');
    writeFileSync(totalsOnly, JSON.stringify({ stats: { expected: 3 } }));
    expect(slowestFiles(totalsOnly, 5)).toEqual([]);
    expect(slowestFilesLine([])).toBeUndefined();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
