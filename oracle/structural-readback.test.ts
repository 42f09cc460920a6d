/** The read-back of a structurally odd event (structural-readback.ts): a uuid to read by, readings kept. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgeReadingsKept, judgeUuidToReadBack } from './structural-readback.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: a created body comes with a uuid to read it back by', () => {
  expect(judgeUuidToReadBack(answer(201, { uuid: crypto.randomUUID() })).violations).toEqual([]);
  const without = judgeUuidToReadBack(answer(201, { id: 7 }));
  expect(rules(without.violations)).toEqual(['CREATE-RETURNS-UUID']);
  expect(without.violations[0]?.message).toBe('created (201) without a uuid to read it back by');
  expect(rules(judgeUuidToReadBack(answer(201, 'created', 'text/plain')).violations)).toEqual([
    'CREATE-RETURNS-UUID',
  ]);
});

test('ORACLE: a field accepted as a reading is kept as sent or as the value it spells; anything else breaks RETRIEVE-RETURNS-EVENT', () => {
  const kept = [
    { description: 'amount as a string', field: 'amount', sent: '12.50', got: 12.5 },
    { description: 'a boolean', field: 'originalStatus', sent: true, got: 'true' },
    { description: 'an empty string', field: 'originalStatus', sent: '', got: null },
    { description: 'a null list', field: 'multiCurrencyAmounts', sent: null, got: [] },
  ];
  expect(judgeReadingsKept(kept).violations).toEqual([]);
  expect(judgeReadingsKept([]).violations).toEqual([]);
  const changed = judgeReadingsKept([
    ...kept,
    { description: 'amount as a string', field: 'amount', sent: '12.50', got: 13 },
  ]);
  expect(rules(changed.violations)).toEqual(['RETRIEVE-RETURNS-EVENT']);
  expect(changed.violations[0]?.message).toContain(
    'amount as a string was accepted and must be kept as sent',
  );
});
