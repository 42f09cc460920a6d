/**
 * The stand-in for check.verdict(judgement) (judgement-verdict.ts): a judgement's violations fail the
 * check with their words and the answer's exchange; one that holds lets the check go on. (A claim not
 * established skips the check, which a kit test cannot pass through; the whole runs show it.)
 */
import { expect, test } from '@playwright/test';
import { judgementOf, violationOf } from '../../oracle/index.ts';
import { judgementVerdict } from './judgement-verdict.ts';
import { serviceResponse } from './test-support/service-responses.ts';

test('JUDGEMENT-VERDICT: violations fail the check with their words; a judgement that holds lets it go on', () => {
  const answer = serviceResponse(429, { status: 429 });
  expect(() => judgementVerdict(judgementOf([], answer), answer)).not.toThrow();
  const broken = judgementOf([violationOf('RATE-LIMIT-PER-TENANT', 'tenant A was throttled')], answer);
  expect(() => judgementVerdict(broken, answer)).toThrow(/RATE-LIMIT-PER-TENANT: tenant A was throttled/);
});
