/**
 * `npm test`'s closing line and the lines before it: totals read from Playwright's JSON report, and
 * every test that failed or passed only on a retry named, so a CI log read from its end says what.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childCpuSeconds } from './child-cpu.ts';
import { closingLine, notPassedLines, timingLine, totalsOfReport } from './test-summary.ts';
import { expect, test } from './test-support/kit-test.ts';

const report = {
  stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 },
  errors: [{ message: 'Error: worker teardown timed out\n    at somewhere' }],
  suites: [
    {
      title: 'a.test.ts',
      specs: [{ title: 'passes', file: 'a.test.ts', line: 3, tests: [{ status: 'expected' }] }],
      suites: [
        {
          title: 'nested',
          specs: [
            {
              title: 'breaks',
              file: 'a.test.ts',
              line: 9,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      status: 'failed',
                      errors: [
                        {
                          message: [
                            'Error: conformance: run r-1 against http://127.0.0.1:1',
                            'conformance: 190 passed',
                            'conformance: COULD NOT RUN FULLY: 1 rule could not be checked to the end (inconclusive).',
                            '',
                            '\u001b[2mexpect(\u001b[22mreceived).toBe(expected)',
                            'Expected: \u001b[32m0\u001b[39m',
                            'Received: \u001b[31m3\u001b[39m',
                            '',
                            "> 44 |   expect(run.code, 'FAILURE: of a kind').toBe(0);",
                            '     |                                          ^',
                          ].join('\n'),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              title: 'wobbles',
              file: 'a.test.ts',
              line: 12,
              tests: [
                {
                  status: 'flaky',
                  results: [
                    { status: 'failed', error: { message: 'Error: socket hang up' } },
                    { status: 'passed' },
                  ],
                },
              ],
            },
            {
              title: 'passes where it should fail',
              file: 'a.test.ts',
              line: 13,
              tests: [{ status: 'unexpected', expectedStatus: 'failed', results: [{ status: 'passed' }] }],
            },
            {
              title: 'has no results',
              file: 'a.test.ts',
              line: 14,
              tests: [{ status: 'unexpected', results: [] }],
            },
            { title: 'skipped', file: 'a.test.ts', line: 15, tests: [{ status: 'skipped' }] },
          ],
        },
      ],
    },
  ],
};

test('SUMMARY: a flaky test counts as passed, an error outside the tests as failed, and both are named', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-summary-'));
  try {
    const file = join(folder, 'results.json');
    writeFileSync(file, JSON.stringify(report));
    const totals = totalsOfReport(file);
    expect(totals).toEqual({ passed: 4, failed: 2, skipped: 2 });
    expect(closingLine(totals ?? { passed: 0, failed: 0, skipped: 0 })).toBe('4 passed, 2 failed, 2 skipped');
    expect(notPassedLines(file)).toEqual([
      '  FAILED: a.test.ts:9 › breaks',
      '      Error: conformance: run r-1 against http://127.0.0.1:1',
      '      conformance: COULD NOT RUN FULLY: 1 rule could not be checked to the end (inconclusive).',
      '      Expected: 0',
      '      Received: 3',
      '  FLAKY (passed on a retry): a.test.ts:12 › wobbles',
      '      Error: socket hang up',
      '  FAILED: a.test.ts:13 › passes where it should fail',
      '      passed, where the test is marked to fail (test.fail)',
      '  FAILED: a.test.ts:14 › has no results',
      '  ERROR outside the tests: Error: worker teardown timed out',
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('SUMMARY: a report that is missing or not JSON has no totals and names nothing', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-summary-'));
  try {
    const file = join(folder, 'results.json');
    expect(totalsOfReport(file)).toBeUndefined();
    expect(notPassedLines(file)).toEqual([]);
    writeFileSync(file, '<html>');
    expect(totalsOfReport(file)).toBeUndefined();
    expect(notPassedLines(file)).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('SUMMARY: a step’s time is its wall time and how many cores its processes kept busy', () => {
  expect(timingLine({ seconds: 120 })).toBe('120.0 s');
  expect(timingLine({ seconds: 120, cpuSeconds: 180 })).toBe('120.0 s, CPU 180.0 s: 1.50 cores busy');
});

test('SUMMARY: the children’s CPU time is read from /proc’s stat line, a name with spaces and parentheses included', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-stat-'));
  try {
    const stat = join(folder, 'stat');
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    writeFileSync(stat, '4242 (node (a) b) S 1 4242 4242 0 -1 4194304 10 20 0 0 7 3 1234 566 20 0 1 0\n');
    expect(childCpuSeconds(stat)).toBe(18);
    expect(childCpuSeconds(join(folder, 'missing'))).toBeUndefined();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
