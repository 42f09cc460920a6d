/**
 * No kit test holds an upper bound on a measured time: on a shared machine a slow run is not a wrong
 * one, and the kit's speed is measured as ratios within one run, in the bench (docs/benchmark.md). The
 * search looks for `toBeLessThan…` on a wall-clock measure (`performance.now()`, `Date.now()`, a run's
 * `.seconds`); planned durations computed from settings are not measures.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { expect, test } from './test-support/kit-test.ts';

const MEASURED = /(performance\.now\(\)|Date\.now\(\)|\b(run|result|timed|outcome|child)\.seconds\b)/;
const UPPER_BOUND = /\.toBeLessThan(OrEqual)?\(/;

/** `file:line` of every assertion that bounds a measured time from above. */
const timeBounds = (path: string, text: string): string[] =>
  text
    .split('\n')
    .flatMap((line, index) =>
      MEASURED.test(line) && UPPER_BOUND.test(line) ? [`${path}:${index + 1}`] : [],
    );

test('NO-TIME-BOUNDS: no kit test asserts that something took at most so long', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts'], {
    cwd: KIT_ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    // This file's own examples are strings, not assertions.
    .filter((path) => path !== '' && path !== 'kit-tests/no-time-bounds.test.ts');
  expect(files.length).toBeGreaterThan(90);
  const found = files.flatMap((path) => timeBounds(path, readFileSync(join(KIT_ROOT, path), 'utf8')));
  expect(found).toEqual([]);
});

test('NO-TIME-BOUNDS: the search finds such an assertion (it can fail)', () => {
  expect(timeBounds('x.test.ts', 'expect(run.seconds).toBeLessThan(30);')).toEqual(['x.test.ts:1']);
  expect(timeBounds('x.test.ts', 'expect(performance.now() - started).toBeLessThan(1000);')).toEqual([
    'x.test.ts:1',
  ]);
  expect(timeBounds('x.test.ts', 'expect(run.seconds).toBeGreaterThan(0);')).toEqual([]);
  expect(timeBounds('x.test.ts', 'expect(plan.seconds).toBeLessThan(sum);')).toEqual([]);
});
