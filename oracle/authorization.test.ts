/** Tokens: an accepted one carries its environment’s prefix, and a message never shows the token. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgeForeignClientRefusal, judgeTokenPrefix } from './authorization.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: an accepted token carries its environment’s prefix; the message names the prefix seen, never the token', () => {
  expect(judgeTokenPrefix('svc_test_abc', 'sandbox', 'A').violations).toEqual([]);
  const [found] = judgeTokenPrefix('th_test_abc', 'sandbox', 'A').violations;
  expect(found?.rule).toBe('AUTH-TOKEN-PREFIX');
  expect(found?.message).toContain('of prefix th_test_');
  expect(found?.message).not.toContain('abc');
});

test('ORACLE: a token used with another client id is refused 403 ERR-1003 or 401 ERR-1002, and nothing else', () => {
  const refusal = (status: number, errorCode: string) => answer(status, { status, errorCode, title: 't' });
  expect(judgeForeignClientRefusal(refusal(403, 'ERR-1003')).violations).toEqual([]);
  expect(judgeForeignClientRefusal(refusal(401, 'ERR-1002')).violations).toEqual([]);
  expect(rules(judgeForeignClientRefusal(refusal(403, 'ERR-1002')).violations)).toEqual([
    'AUTH-NOT-AUTHORIZED',
  ]);
  expect(rules(judgeForeignClientRefusal(refusal(401, 'ERR-1001')).violations)).toEqual([
    'AUTH-NOT-AUTHORIZED',
  ]);
  const served = judgeForeignClientRefusal(answer(200, { externalId: 'e' }));
  expect(rules(served.violations)).toEqual(['AUTH-NOT-AUTHORIZED']);
  expect(served.violations[0]?.message).toContain('got HTTP 200');
});
