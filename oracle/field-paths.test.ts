/** The oracle reads every field notation a deployment's stack is likely to write. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { fieldNames, fieldNotation, fieldSegments } from './field-paths.ts';

test('ORACLE: field paths in every notation name the same field', () => {
  expect(fieldSegments('multiCurrencyAmounts[1].amount')).toEqual(['multiCurrencyAmounts', '1', 'amount']);
  expect(fieldSegments('/multiCurrencyAmounts/1/amount')).toEqual(['multiCurrencyAmounts', '1', 'amount']);
  expect(fieldSegments('#/payload/channel')).toEqual(['payload', 'channel']);
  expect(fieldSegments('$.payload.channel')).toEqual(['payload', 'channel']);
  expect(fieldSegments("payload['channel']")).toEqual(['payload', 'channel']);
  expect(fieldSegments('body -> payload -> channel')).toEqual(['body', 'payload', 'channel']);
  for (const reported of [
    'payload.channel',
    '/payload/channel',
    '#/payload/channel',
    'channel',
    '$.payload.channel',
    'Payload.Channel',
    'body.payload.channel',
    'FinancialEvent.payload.channel',
    'body -> payload -> channel',
  ]) {
    expect(fieldNames(reported, 'payload.channel'), reported).toBe(true);
  }
  expect(fieldNames('multiCurrencyAmounts.1.amount', 'multiCurrencyAmounts[1].amount')).toBe(true);
  expect(fieldNames('MultiCurrencyAmounts[1].Amount', 'multiCurrencyAmounts[1].amount')).toBe(true);
  expect(fieldNames('multiCurrencyAmounts[0].amount', 'multiCurrencyAmounts[1].amount')).toBe(false);
  expect(fieldNames('payload', 'payload.channel')).toBe(false);
  expect(fieldNames('amount', 'currencyCode')).toBe(false);
  // A root segment must name no field: `payload.amount` is not the top-level amount.
  expect(fieldNames('payload.amount', 'amount')).toBe(false);
  expect(fieldNames('multiCurrencyAmounts.0.amount', 'amount')).toBe(false);
  // An array item has no name of its own: a leaf notation names it by its array.
  expect(fieldNames('multiCurrencyAmounts', 'multiCurrencyAmounts[0]')).toBe(true);
  expect(fieldNames('multiCurrencyAmounts', 'multiCurrencyAmounts[0].amount')).toBe(false);
  // An item's field without its index: 7.3's own notation, a schema's property path, after a root.
  for (const reported of [
    'multiCurrencyAmounts[].amount',
    'multiCurrencyAmounts[*].amount',
    'multiCurrencyAmounts.amount',
    'body.multiCurrencyAmounts[].amount',
  ])
    expect(fieldNames(reported, 'multiCurrencyAmounts[1].amount'), reported).toBe(true);
  expect(fieldNames('multiCurrencyAmounts[].amount', 'multiCurrencyAmounts[1].currencyCode')).toBe(false);
  expect(fieldNames('multiCurrencyAmounts.amount', 'amount')).toBe(false);
});

test('ORACLE: the notation of a field is named for the observation', () => {
  expect(fieldNotation('/payload/channel')).toMatch(/pointer/);
  expect(fieldNotation('$.payload.channel')).toMatch(/JSONPath/);
  expect(fieldNotation('Payload.Channel')).toMatch(/PascalCase/);
  expect(fieldNotation('body.payload.channel')).toMatch(/root/);
  expect(fieldNotation('multiCurrencyAmounts[0].amount')).toMatch(/\[index\]/);
  expect(fieldNotation('multiCurrencyAmounts.0.amount')).toMatch(/\.index/);
  expect(fieldNotation('payload.channel')).toBe('dot (payload.channel)');
  expect(fieldNotation('channel')).toMatch(/leaf/);
});
