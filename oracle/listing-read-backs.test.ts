/** Which listed items are read back, and whether their read-backs could say whose each is. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgeReadBacksKnown, uuidsToReadBack } from './listing-read-backs.ts';
import { answer } from './test-support/answers.ts';

test('ORACLE: the items of a page to read back: listed uuids, not the caller’s own, none from a failed page', () => {
  const items = [{ uuid: 'own' }, { uuid: 'other' }, { data: { uuid: 'enveloped' } }, { name: 'no uuid' }];
  expect(uuidsToReadBack(answer(200, items), items, new Set(['own']))).toEqual(['other', 'enveloped']);
  expect(uuidsToReadBack(answer(500, items), items, new Set())).toEqual([]);
  expect(uuidsToReadBack(answer(200, {}), undefined, new Set())).toEqual([]);
});

test('ORACLE: read-backs that are neither the caller’s event nor not found leave the listing not established', () => {
  const own = { uuid: 'a', readBack: answer(200, {}) };
  const notOwn = { uuid: 'b', readBack: answer(404, {}) };
  expect(judgeReadBacksKnown([own, notOwn])).toEqual({ violations: [] });
  const failed = { uuid: 'c', readBack: answer(500, { status: 500, errorCode: 'ERR-9999', title: 'x' }) };
  expect(judgeReadBacksKnown([own, failed, failed]).notEstablished).toEqual({
    kind: 'inconclusive',
    reason:
      'items tenant A could not read back, neither its own nor refused: c (500 ERR-9999), c (500 ERR-9999)',
  });
});
