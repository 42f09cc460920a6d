/** When a measured part of the bench is a problem of its own: a run it started that exited other than 0. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { figureProblem } from './bench.ts';

test('BENCH: a part whose run exited other than 0 is a problem that names the code and where its log is', () => {
  expect(figureProblem('embedded', { code: 1, seconds: 12 }, '/out/bench/runs')).toBe(
    'embedded: the run exited 1 (its log is under /out/bench/runs)',
  );
  expect(figureProblem('self-check', { code: 7 }, 'runs')).toBe(
    'self-check: the run exited 7 (its log is under runs)',
  );
});

test('BENCH: a part whose run passed, or whose figure has no exit code, is no problem', () => {
  expect(figureProblem('embedded', { code: 0, seconds: 12 }, 'runs')).toBeUndefined();
  expect(figureProblem('reference', { requestsPerSecond: 9000 }, 'runs')).toBeUndefined();
  expect(figureProblem('verdict', [{ target: 'embedded' }], 'runs')).toBeUndefined();
});
