/**
 * Isolation's reads (isolation-reads.ts): each holds on an answer that names nothing of the other
 * tenant's data and breaks its own rule on one that names it.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeForeignAnswerRevealsNothing,
  judgeForeignLikeUnknown,
  judgeForeignQueryReadLikeUnknown,
  judgeForeignVersionsRevealNothing,
  judgeOtherTenantReadRevealsNothing,
  judgeOwnerReadShowsNothing,
  judgeOwnVersionsShowNoTwin,
  judgeRefusedPutUnseen,
  judgeUnauthorizedReadRevealsNothing,
  queryRefusedWhateverTheUuid,
} from './isolation-reads.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

const SECRET = 'ext-of-tenant-b';
const notFound = answer(404, { status: 404, errorCode: 'ERR-4002', title: 'Event not found' });
const leaking = answer(200, { externalId: SECRET, amount: 1 });

test('ORACLE: an answer naming the secret breaks the rule its read is about; one naming nothing holds', () => {
  const claims = [
    [(a: typeof notFound) => judgeForeignAnswerRevealsNothing('GET', a, SECRET), 'ISOLATION-GET'],
    [(a: typeof notFound) => judgeForeignAnswerRevealsNothing('PUT', a, SECRET), 'ISOLATION-PUT'],
    [(a: typeof notFound) => judgeOwnVersionsShowNoTwin(a, SECRET), 'ISOLATION-GET'],
    [(a: typeof notFound) => judgeForeignVersionsRevealNothing(a, SECRET), 'ISOLATION-GET'],
    [(a: typeof notFound) => judgeOtherTenantReadRevealsNothing(a, SECRET), 'ISOLATION-GET'],
    [(a: typeof notFound) => judgeRefusedPutUnseen(a, SECRET), 'ISOLATION-PUT'],
    [(a: typeof notFound) => judgeUnauthorizedReadRevealsNothing(a, SECRET), 'AUTH-NOT-AUTHORIZED'],
  ] as const;
  for (const [judge, rule] of claims) {
    expect(judge(notFound).violations).toEqual([]);
    expect(judge(answer(200, { externalId: 'ext-of-tenant-a' })).violations).toEqual([]);
    expect(rules(judge(leaking).violations)).toEqual([rule]);
  }
});

test("ORACLE: another tenant's write seen in an owner's read breaks ISOLATION-PUT for a PUT, -LISTING on a page, -GET elsewhere", () => {
  const read = (kind: 'GET' | 'versions' | 'listing', response = leaking) => ({
    kind,
    where: `its ${kind}`,
    response,
  });
  expect(judgeOwnerReadShowsNothing(read('GET', notFound), 'PUT', SECRET, 'the PUT').violations).toEqual([]);
  expect(rules(judgeOwnerReadShowsNothing(read('versions'), 'PUT', SECRET, 'the PUT').violations)).toEqual([
    'ISOLATION-PUT',
  ]);
  expect(rules(judgeOwnerReadShowsNothing(read('listing'), 'POST', SECRET, 'the POST').violations)).toEqual([
    'ISOLATION-LISTING',
  ]);
  const seen = judgeOwnerReadShowsNothing(read('GET'), 'POST', SECRET, 'the POST');
  expect(rules(seen.violations)).toEqual(['ISOLATION-GET']);
  expect(seen.violations[0]?.message).toBe('its GET must show nothing of the POST');
});

test("ORACLE: the answer about another tenant's uuid is the answer about an unknown one, for the operation tried", () => {
  const unknown = answer(404, { status: 404, errorCode: 'ERR-4002', title: 'Event not found' });
  expect(judgeForeignLikeUnknown('GET', notFound, unknown).violations).toEqual([]);
  const forbidden = answer(403, { status: 403, errorCode: 'ERR-1003', title: 'Forbidden' });
  expect(rules(judgeForeignLikeUnknown('GET', forbidden, unknown).violations)).toEqual(['ISOLATION-GET']);
  expect(rules(judgeForeignLikeUnknown('PUT', forbidden, unknown).violations)).toEqual(['ISOLATION-PUT']);
});

test('ORACLE: a read with a query the spec does not state is held to the same read of an unknown uuid', () => {
  const queryRefused = answer(400, { status: 400, errorCode: 'ERR-9010', title: 'Unknown query parameter' });
  const history = answer(200, [{ status: 'PENDING' }]);
  // Read past or served: the unknown uuid gets the stated 404, so another tenant's uuid must too.
  expect(judgeForeignQueryReadLikeUnknown(notFound, notFound).violations).toEqual([]);
  expect(rules(judgeForeignQueryReadLikeUnknown(queryRefused, notFound).violations)).toEqual([
    'ISOLATION-GET',
  ]);
  expect(rules(judgeForeignQueryReadLikeUnknown(history, notFound).violations)).toEqual(['ISOLATION-GET']);
  // Refused whatever the uuid: another tenant's uuid gets the same refusal, nothing else.
  expect(judgeForeignQueryReadLikeUnknown(queryRefused, queryRefused).violations).toEqual([]);
  expect(rules(judgeForeignQueryReadLikeUnknown(notFound, queryRefused).violations)).toEqual([
    'ISOLATION-GET',
  ]);
  expect(rules(judgeForeignQueryReadLikeUnknown(history, queryRefused).violations)).toEqual([
    'ISOLATION-GET',
  ]);
});

test('ORACLE: a query is refused whatever the uuid only when the own event and an unknown uuid get the same refusal, not the stated 404', () => {
  const refused = (code: string, status = 400) =>
    answer(status, { status, errorCode: code, title: 'Bad query' });
  const own = answer(200, { uuid: crypto.randomUUID(), status: 'PENDING' });
  expect(queryRefusedWhateverTheUuid(refused('ERR-9010'), refused('ERR-9010'))).toBe(true);
  // The own event served (or read past the query): the unknown uuid's answer is about the uuid.
  expect(queryRefusedWhateverTheUuid(own, refused('ERR-9010'))).toBe(false);
  expect(queryRefusedWhateverTheUuid(own, notFound)).toBe(false);
  // Another refusal for the own event than for the unknown uuid tells them apart.
  expect(queryRefusedWhateverTheUuid(refused('ERR-9010'), refused('ERR-9011'))).toBe(false);
  expect(queryRefusedWhateverTheUuid(refused('ERR-9010', 422), refused('ERR-9010'))).toBe(false);
  // The stated 404 for both is no refusal of the query: the unknown uuid's claim is judged as stated.
  expect(queryRefusedWhateverTheUuid(notFound, notFound)).toBe(false);
  // A failure of the service is no refusal of the query, however alike.
  expect(queryRefusedWhateverTheUuid(refused('ERR-5001', 500), refused('ERR-5001', 500))).toBe(false);
  // Without the error body of part 7 nothing is refused alike.
  expect(
    queryRefusedWhateverTheUuid(
      answer(400, 'Bad Request', 'text/plain'),
      answer(400, 'Bad Request', 'text/plain'),
    ),
  ).toBe(false);
});
