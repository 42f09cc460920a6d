import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { RATE_LIMIT_HEADER_PATTERN } from './http-interface.ts';

const isRateLimitHeader = (name: string): boolean => RATE_LIMIT_HEADER_PATTERN.test(name);

test('SPEC: the rate-limit header names of the usual stacks are all rate-limit headers (part 8)', () => {
  const sent = [
    'RateLimit',
    'RateLimit-Policy',
    'RateLimit-Limit',
    'ratelimit-remaining',
    'X-RateLimit-Limit',
    'x-ratelimit-reset',
    'X-Rate-Limit-Remaining',
    'X-Rate-Limit-Retry-After-Seconds',
    'Rate-Limit-Reset',
    'Retry-After',
  ];
  expect(sent.filter((name) => !isRateLimitHeader(name))).toEqual([]);
});

test('SPEC: headers of other purposes are not rate-limit headers', () => {
  const others = [
    'content-type',
    'x-request-id',
    'x-retry-count',
    'retry-after-ms-hint',
    'x-limit-offset',
    'date',
  ];
  expect(others.filter(isRateLimitHeader)).toEqual([]);
});
