/** Requests the service cannot read as an event: a 400 holds, 422 only where 7.4 leaves it open. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeEmptyBody,
  judgeErrorAnswer,
  judgeMalformedBody,
  judgeMalformedUpdateBody,
  judgeNonObjectBody,
  judgeNonUuidPathId,
  judgeRefusedDocument,
} from './malformed-requests.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

const refusal = (status: number) => answer(status, { status, errorCode: 'ERR-3001', title: 't' });
const created = answer(201, { uuid: crypto.randomUUID() });
const serverError = answer(500, { status: 500, errorCode: 'ERR-5001', title: 'Internal error' });

test('ORACLE: a POST body that is not JSON is a 400; a 422, 201 or 500 breaks REQUEST-MALFORMED-400, naming the body', () => {
  expect(judgeMalformedBody(refusal(400), 'a truncated object').violations).toEqual([]);
  for (const got of [refusal(422), created, serverError]) {
    const { violations } = judgeMalformedBody(got, 'a truncated object');
    expect(rules(violations), String(got.status)).toEqual(['REQUEST-MALFORMED-400']);
    expect(violations[0]?.message).toContain('a truncated object');
    expect(violations[0]?.message).toContain(`HTTP ${got.status}`);
  }
});

test('ORACLE: a PUT body that is not JSON is a 400 too; anything else breaks REQUEST-MALFORMED-400, naming the PUT', () => {
  expect(judgeMalformedUpdateBody(refusal(400), 'a truncated object').violations).toEqual([]);
  for (const got of [refusal(422), created, serverError]) {
    const { violations } = judgeMalformedUpdateBody(got, 'a truncated object');
    expect(rules(violations), String(got.status)).toEqual(['REQUEST-MALFORMED-400']);
    expect(violations[0]?.message).toContain('PUT with a truncated object');
  }
});

test('ORACLE: a JSON document that is not an object is a 400 or a 422; a 201 or 500 breaks REQUEST-MALFORMED-400, naming the document', () => {
  for (const status of [400, 422]) {
    expect(judgeNonObjectBody(refusal(status), '[1, 2]').violations, String(status)).toEqual([]);
  }
  for (const got of [created, serverError]) {
    const { violations } = judgeNonObjectBody(got, '[1, 2]');
    expect(rules(violations), String(got.status)).toEqual(['REQUEST-MALFORMED-400']);
    expect(violations[0]?.message).toContain('[1, 2]');
    expect(violations[0]?.message).toContain(`HTTP ${got.status}`);
  }
});

test('ORACLE: an empty body is a 400 or a 422; a 201 or 500 breaks REQUEST-MALFORMED-400, naming the empty body and the answer', () => {
  for (const status of [400, 422]) {
    expect(judgeEmptyBody(refusal(status)).violations, String(status)).toEqual([]);
  }
  expect(rules(judgeEmptyBody(created).violations)).toEqual(['REQUEST-MALFORMED-400']);
  const [broken] = judgeEmptyBody(serverError).violations;
  expect(broken?.rule).toBe('REQUEST-MALFORMED-400');
  expect(broken?.message).toContain('an empty body');
  expect(broken?.message).toContain('500 ERR-5001');
});

test('ORACLE: a document refused before validation is a clean 4xx, credited to the rule it was built to break', () => {
  const expected = [{ field: 'payload', errorCode: 'ERR-3001', ruleId: 'VAL-AMOUNT-POSITIVE' }] as const;
  expect(judgeRefusedDocument(refusal(400), expected).violations).toEqual([]);
  expect(judgeRefusedDocument(answer(413, 'too large', 'text/plain'), expected).violations).toEqual([]);
  expect(rules(judgeRefusedDocument(serverError, expected).violations)).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(rules(judgeRefusedDocument(created, []).violations)).toEqual(['VAL-PAYLOAD-UNKNOWN-PROPERTY']);
});

test('ORACLE: a request made to fail gets an error status; a path id not a UUID gets 400, 404 or 422', () => {
  expect(judgeErrorAnswer(refusal(400), 'no token').violations).toEqual([]);
  expect(judgeErrorAnswer(serverError, 'no token').violations).toEqual([]);
  const served = judgeErrorAnswer(created, 'no token');
  expect(rules(served.violations)).toEqual(['ERROR-BODY-SHAPE']);
  expect(served.violations[0]?.message).toBe('no token: expected an error status');
  for (const status of [400, 404, 422]) expect(judgeNonUuidPathId(refusal(status)).violations).toEqual([]);
  for (const status of [200, 403, 500])
    expect(rules(judgeNonUuidPathId(refusal(status)).violations)).toEqual(['RETRIEVE-UNKNOWN-404']);
});
