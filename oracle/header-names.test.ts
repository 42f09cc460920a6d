import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeCreationWhateverTheHeaderCase,
  judgeUnknownEventRefusedWhateverTheHeaderCase,
  judgeUpdateUnderHeaderNames,
  judgeUpdateWhateverTheHeaderCase,
} from './header-names.ts';
import { answer, refusal, rulesOf as rules } from './test-support/answers.ts';

/** Each header's refusal breaks that header's rule, whatever the request. */
const HEADER_REFUSALS: readonly [number, string, string][] = [
  [401, 'ERR-1001', 'AUTH-TOKEN-MISSING'],
  [401, 'ERR-1002', 'AUTH-TOKEN-INVALID'],
  [400, 'ERR-2001', 'TENANT-HEADER-MISSING'],
  [400, 'ERR-2002', 'TENANT-HEADER-NOT-UUID'],
];

test('ORACLE: headers named in another letter case are the same headers: a refusal saying one is absent or wrong breaks its rule, for a GET, a POST and a PUT', () => {
  for (const judge of [
    judgeUnknownEventRefusedWhateverTheHeaderCase,
    judgeCreationWhateverTheHeaderCase,
    judgeUpdateWhateverTheHeaderCase,
  ]) {
    for (const [status, code, rule] of HEADER_REFUSALS)
      expect(rules(judge(refusal(status, code)).violations)).toEqual([rule]);
  }
  // Anything else is judged as the tenant's own request.
  const get = judgeUnknownEventRefusedWhateverTheHeaderCase;
  expect(get(refusal(404, 'ERR-4002')).violations).toEqual([]);
  expect(rules(get(answer(200, { externalId: 'e' })).violations)).toEqual(['RETRIEVE-UNKNOWN-404']);
  const uuid = '0b7f3c2e-8a4d-4f7e-9c1a-2d3e4f5a6b7c';
  const post = judgeCreationWhateverTheHeaderCase(answer(201, { uuid }));
  expect(post.violations).toEqual([]);
  expect(post.evidence).toBe(uuid);
  // A valid event refused for a field: the rule the refusal claims is broken, as any POST's would be.
  expect(rules(judgeCreationWhateverTheHeaderCase(refusal(400, 'ERR-3002')).violations)).toEqual([
    'VAL-TYPE-ENUM',
  ]);
  expect(judgeUpdateWhateverTheHeaderCase(answer(200, { uuid })).violations).toEqual([]);
});

test('ORACLE: a PUT refused with its headers named otherwise, and applied with the spec’s names, was the tenant’s PUT: UPDATE-APPLIES; refused either way, a premise not met', () => {
  expect(rules(judgeUpdateUnderHeaderNames('in lower case', 'applied').violations)).toEqual([
    'UPDATE-APPLIES',
  ]);
  const refusedEitherWay = judgeUpdateUnderHeaderNames('in lower case', 'refused');
  expect(refusedEitherWay.violations).toEqual([]);
  expect(refusedEitherWay.notEstablished?.kind).toBe('premise-not-met');
  // A refusal the header-case judgement lets through as clean is what the comparison is for.
  expect(judgeUpdateWhateverTheHeaderCase(refusal(403, 'ERR-1003')).violations).toEqual([]);
});
