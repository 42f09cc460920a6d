/** The rate-limit memory row (rate-limit-memory.ts): the ratio of the peaks against its goal. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { type LimitMemory, rateLimitMemoryRow } from './rate-limit-memory.ts';

const at = (requestsPerWindow: number, peakRssKb: number | undefined, code = 0): LimitMemory => ({
  requestsPerWindow,
  code,
  seconds: 10,
  peakRssKb,
  requests: requestsPerWindow + 100,
});

test('BENCH: the rate-limit memory row holds the peak at 100,000 per 60 s to 1.5 times the spec limit’s', () => {
  const met = rateLimitMemoryRow({ spec: at(1000, 200 * 1024), raised: at(100_000, 260 * 1024), code: 0 });
  expect(met).toMatchObject({ figure: '1.30 (260 MB for 100100 requests, 200 MB for 1100)', verdict: 'met' });
  const over = rateLimitMemoryRow({ spec: at(1000, 200 * 1024), raised: at(100_000, 400 * 1024), code: 0 });
  expect(over.verdict).toBe('NOT MET');
  // A run that did not pass meets no goal, however small its memory.
  const failed = rateLimitMemoryRow({
    spec: at(1000, 200 * 1024),
    raised: at(100_000, 100 * 1024, 7),
    code: 7,
  });
  expect(failed.verdict).toBe('NOT MET');
  expect(failed.figure).toContain('exit 7');
  expect(rateLimitMemoryRow({ spec: at(1000, undefined), raised: at(100_000, 1), code: 0 }).verdict).toBe(
    'NOT MET',
  );
  expect(rateLimitMemoryRow(undefined).verdict).toBe('not measured');
});
