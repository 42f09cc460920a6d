/** Tokens: an accepted one carries its environment’s prefix, and a message never shows the token. */
import { expect, test } from '@playwright/test';
import { judgeTokenPrefix } from './authorization.ts';

test('ORACLE: an accepted token carries its environment’s prefix; the message names the prefix seen, never the token', () => {
  expect(judgeTokenPrefix('svc_test_abc', 'sandbox', 'A').violations).toEqual([]);
  const [found] = judgeTokenPrefix('th_test_abc', 'sandbox', 'A').violations;
  expect(found?.rule).toBe('AUTH-TOKEN-PREFIX');
  expect(found?.message).toContain('of prefix th_test_');
  expect(found?.message).not.toContain('abc');
});
