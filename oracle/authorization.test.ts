/** Tokens: an accepted one carries its environment’s prefix, and a message never shows the token. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgeForeignClientRefusal, judgeNilClientIdRefusal, judgeTokenPrefix } from './authorization.ts';
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

test('ORACLE: the nil UUID as client id is refused like an unknown one, or as not valid, never as absent', () => {
  const refusal = (status: number, errorCode: string) => answer(status, { status, errorCode, title: 't' });
  for (const [status, code] of [
    [403, 'ERR-1003'],
    [401, 'ERR-1002'],
    [400, 'ERR-2002'],
  ] as const)
    expect(judgeNilClientIdRefusal(refusal(status, code)).violations).toEqual([]);
  expect(rules(judgeNilClientIdRefusal(refusal(400, 'ERR-2001')).violations)).toEqual([
    'AUTH-NOT-AUTHORIZED',
  ]);
  expect(rules(judgeNilClientIdRefusal(answer(200, {})).violations)).toEqual(['AUTH-NOT-AUTHORIZED']);
});
