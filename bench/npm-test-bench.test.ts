/** The bench's rows for the kit's own tests: minutes and a ratio to the embedded run, then each step. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { type TestCommandFigure, testCommandRows } from './npm-test-bench.ts';

const figure = (seconds: number, code = 0): TestCommandFigure => ({
  command: 'npm test',
  seconds,
  code,
  totals: { passed: 1312, failed: 0, skipped: 3 },
  steps: [
    { name: 'kit tests', seconds: 200, cpuSeconds: 300, totals: { passed: 903, failed: 0, skipped: 6 } },
    { name: 'self-check', seconds: 100, totals: { passed: 212, failed: 0, skipped: 0 } },
  ],
});
const embedded = { seconds: 10, code: 0 };

test('BENCH: npm test is met only within both its minutes and its ratio to the embedded run of the same bench', () => {
  const [whole, kit, selfCheck] = testCommandRows('npm test', figure(400), embedded);
  expect(whole?.figure).toBe('400.0 s (6.7 min), 40.0 × the embedded run: 1312 passed, 0 failed, 3 skipped');
  expect(whole?.goal).toBe('≤ 7 min and ≤ 50 × the embedded run');
  expect(whole?.verdict).toBe('met');
  expect(kit?.figure).toBe(
    '200.0 s (20.0 × the embedded run), CPU 300.0 s (1.50 cores busy): 903 passed, 0 failed, 6 skipped',
  );
  expect(selfCheck?.measure).toBe('npm test, step: self-check');
  // Over the ratio though within the minutes (a fast embedded run), and over the minutes within the ratio.
  expect(testCommandRows('npm test', figure(400), { seconds: 5, code: 0 })[0]?.verdict).toBe('NOT MET');
  expect(testCommandRows('npm test', figure(600), { seconds: 20, code: 0 })[0]?.verdict).toBe('NOT MET');
  // A run that did not pass, or no embedded run to compare with, meets nothing.
  expect(testCommandRows('npm test', figure(300, 1), embedded)[0]?.verdict).toBe('NOT MET');
  const alone = testCommandRows('npm test', figure(300), undefined)[0];
  expect(alone?.verdict).toBe('NOT MET');
  expect(alone?.figure).toContain('no embedded run to compare with');
});

test('BENCH: the quick command has its own goal, and a command not measured says so', () => {
  const quick = { ...figure(100), command: 'npm run test:quick' as const, steps: [] };
  const [row] = testCommandRows('npm run test:quick', quick, embedded);
  expect(row?.goal).toBe('≤ 2 min and ≤ 14 × the embedded run');
  expect(row?.verdict).toBe('met');
  expect(testCommandRows('npm run test:quick', undefined, embedded)).toEqual([
    {
      measure: 'npm run test:quick (wall; as a ratio to the embedded conformance run of the same bench)',
      figure: 'not measured',
      goal: '≤ 2 min and ≤ 14 × the embedded run',
      verdict: 'not measured',
    },
  ]);
});
