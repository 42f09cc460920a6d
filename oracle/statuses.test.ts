/** Statuses the spec narrows an answer to: each judgement holds on them and breaks on any other. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  claimedCodeViolations,
  nonClientErrorStatusViolations,
  nonErrorStatusViolations,
  statusOutsideViolations,
  throttledViolations,
} from './statuses.ts';
import { answer, refusal, rulesOf as rules } from './test-support/answers.ts';

test('ORACLE: a status among those allowed holds; any other breaks the rule named, with its message', () => {
  expect(statusOutsideViolations('REQUEST-MALFORMED-400', answer(422, {}), [400, 422], 'm')).toEqual([]);
  expect(statusOutsideViolations('REQUEST-MALFORMED-400', answer(201, {}), [400, 422], 'malformed')).toEqual([
    { rule: 'REQUEST-MALFORMED-400', message: 'malformed' },
  ]);
});

test('ORACLE: an error status is a 4xx or 5xx; a refusal of the request is a 4xx', () => {
  expect(nonErrorStatusViolations('ERROR-BODY-SHAPE', answer(503, ''), 'm')).toEqual([]);
  expect(rules(nonErrorStatusViolations('ERROR-BODY-SHAPE', answer(200, {}), 'm'))).toEqual([
    'ERROR-BODY-SHAPE',
  ]);
  expect(nonClientErrorStatusViolations('VAL-AMOUNT-POSITIVE', answer(413, ''), 'm')).toEqual([]);
  expect(rules(nonClientErrorStatusViolations('VAL-AMOUNT-POSITIVE', answer(500, ''), 'm'))).toEqual([
    'VAL-AMOUNT-POSITIVE',
  ]);
  expect(rules(nonClientErrorStatusViolations('VAL-AMOUNT-POSITIVE', answer(201, {}), 'm'))).toEqual([
    'VAL-AMOUNT-POSITIVE',
  ]);
});

test('ORACLE: anything but a 429 is not throttled; a refusal may be anything but the code it must not claim', () => {
  expect(throttledViolations('RATE-LIMIT-PER-TENANT', answer(404, {}), 'm')).toEqual([]);
  expect(rules(throttledViolations('RATE-LIMIT-PER-TENANT', answer(429, {}), 'm'))).toEqual([
    'RATE-LIMIT-PER-TENANT',
  ]);
  expect(claimedCodeViolations('DEDUP-PER-TENANT', refusal(400, 'ERR-3001'), 'ERR-4001', 'm')).toEqual([]);
  expect(claimedCodeViolations('DEDUP-PER-TENANT', answer(200, {}), 'ERR-4001', 'm')).toEqual([]);
  expect(rules(claimedCodeViolations('DEDUP-PER-TENANT', refusal(400, 'ERR-4001'), 'ERR-4001', 'm'))).toEqual(
    ['DEDUP-PER-TENANT'],
  );
});
