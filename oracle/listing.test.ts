/** A listing's items: found in any shape, each proved the caller's by reading it back. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgeListedItem, judgeListingText, listedUuid, listingItems, ownershipOf } from './listing.ts';
import { answer } from './test-support/answers.ts';

const uuid = '6f1c1f4e-9a53-4c55-9d0e-2a7f1b0c3d11';
const notFound = answer(404, { status: 404, errorCode: 'ERR-4002', title: 'Not found' });

test('ORACLE: a listing page is an array, or an object with one array of items, enveloped or not', () => {
  expect(listingItems(answer(200, [{ uuid }]))).toEqual([{ uuid }]);
  expect(listingItems(answer(200, { items: [{ uuid }], page: 1, totalItems: 1 }))).toEqual([{ uuid }]);
  expect(listingItems(answer(200, { data: { content: [] } }))).toEqual([]);
  expect(listingItems(answer(200, { first: [], second: [] }))).toBeUndefined();
  expect(listingItems(answer(200, '<ul></ul>', 'text/html'))).toBeUndefined();
  expect(listedUuid({ uuid })).toBe(uuid);
  expect(listedUuid({ data: { uuid } })).toBe(uuid);
  expect(listedUuid({ id: uuid })).toBeUndefined();
});

test('ORACLE: ISOLATION-LISTING holds on an item the caller reads back, and breaks on one it cannot find', () => {
  expect(judgeListedItem('page 2', uuid, answer(200, { uuid })).violations).toEqual([]);
  expect(ownershipOf(answer(200, { uuid }))).toBe('own');
  const [violation, ...rest] = judgeListedItem('page 2', uuid, notFound).violations;
  expect(rest).toEqual([]);
  expect(violation?.rule).toBe('ISOLATION-LISTING');
  expect(violation?.message).toContain(`page 2 shows the event ${uuid}`);
  expect(ownershipOf(notFound)).toBe('not-own');
  // An answer that proves neither (a server error) is no violation of isolation: it is not known.
  expect(judgeListedItem('page 2', uuid, answer(503, '')).violations).toEqual([]);
  expect(ownershipOf(answer(503, ''))).toBe('unknown');
});

test('ORACLE: a page without uuids names none of the other tenant’s events', () => {
  const page = answer(200, [{ externalId: 'mine' }]);
  expect(judgeListingText('page 1', page, ['theirs', uuid]).violations).toEqual([]);
  const leaking = answer(200, [{ externalId: 'mine' }, { externalId: 'theirs' }]);
  expect(judgeListingText('page 1', leaking, ['theirs', uuid]).violations.map((v) => v.rule)).toEqual([
    'ISOLATION-LISTING',
  ]);
});
