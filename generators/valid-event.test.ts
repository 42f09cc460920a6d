import { isDeepStrictEqual } from 'node:util';
import { data as currencyListOne } from 'currency-codes';
import * as fc from 'fast-check';
import { iso31661 } from 'iso-3166/1.js';
import { iso31661Reserved } from 'iso-3166/1-reserved.js';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { externalIdTag } from './external-id-tag.ts';
import { invalidEventArbitrary } from './invalid-event.ts';
import { minorUnitOf } from './iso-codes.ts';
import { Problems } from './test-support/problems.ts';
import { checkEventBody } from './test-support/spec-rule-check.ts';
import { validEventArbitrary, validUpdateArbitrary } from './valid-event.ts';

const RUN_ID = 'kit-test-run';
const SAMPLES = 3000;

// The spec's fields (2.1) and the payload fields of each type (2.2), as written there.
const FIELDS = [
  'externalId',
  'type',
  'countryCode',
  'currencyCode',
  'amount',
  'status',
  'originalStatus',
  'payload',
  'multiCurrencyAmounts',
];
const PAYLOAD_FIELDS_OF = {
  INTERNAL_PAYIN: ['channel', 'payerName', 'payerPersonalIdType', 'payerPersonalId'],
  INTERNAL_PAYOUT: ['channel', 'beneficiaryName', 'beneficiaryPersonalIdType', 'beneficiaryPersonalId'],
} as const;

/** An amount any deployment stores and returns unchanged: finite, > 0, at most 2 decimals, no exponent. */
const checkPortableAmount = (problems: Problems, amount: unknown, where: string): void => {
  const value = amount as number;
  problems.check(
    typeof amount === 'number' && Number.isFinite(value) && value > 0,
    `${where}: ${amount} not > 0`,
  );
  problems.check(
    /^\d{1,12}(\.\d{1,2})?$/.test(String(value)),
    `${where}: ${value} not a plain 2-decimal number`,
  );
  problems.check(JSON.parse(JSON.stringify(value)) === value, `${where}: ${value} changes through JSON`);
  problems.check(Number(value.toFixed(2)) === value, `${where}: ${value} has more than 2 decimals`);
};

// Seeded, so that the coverage test below is stable; the rule checks also draw unseeded events. Drawn at
// their first use, not in every process that loads the file; the file's tests share one worker.
let drawn: ReturnType<typeof drawEvents> | undefined;
const drawEvents = () =>
  fc.sample(validEventArbitrary({ runId: RUN_ID }), { seed: 20_261_121, numRuns: SAMPLES });
const events = () => {
  drawn ??= drawEvents();
  return drawn;
};
test.describe.configure({ mode: 'default' });

test('GENERATORS: every generated valid event breaks no rule of part 2 (independent rule-by-rule check)', () => {
  const problems = new Problems();
  for (const event of [...events(), ...fc.sample(validEventArbitrary({ runId: RUN_ID }), 1000)]) {
    problems.equal(checkEventBody(JSON.parse(JSON.stringify(event))), [], JSON.stringify(event));
  }
  expect(problems.list).toEqual([]);
});

test('GENERATORS: a valid event carries every field of 2.1 and nothing else, each of its type', () => {
  const countries = new Set(iso31661.map((entry) => entry.alpha2));
  const reserved = new Set(iso31661Reserved.map((entry) => entry.alpha2));
  const currencies = new Set(currencyListOne.map((entry) => entry.code));
  const problems = new Problems();
  for (const event of events()) {
    const where = JSON.stringify(event);
    problems.equal(Object.keys(event), FIELDS, `${where} fields`);
    problems.check(event.externalId.startsWith(`${externalIdTag(RUN_ID)}-`), `${where} externalId`);
    problems.check(['INTERNAL_PAYIN', 'INTERNAL_PAYOUT'].includes(event.type), `${where} type`);
    problems.check(
      countries.has(event.countryCode) && !reserved.has(event.countryCode),
      `${where} countryCode`,
    );
    problems.check(currencies.has(event.currencyCode), `${where} currencyCode`);
    checkPortableAmount(problems, event.amount, `${where} amount`);
    problems.check(['PENDING', 'REJECTED', 'BOOKED'].includes(event.status), `${where} status`);
    problems.check(
      typeof event.originalStatus === 'string' && event.originalStatus.length > 0,
      `${where} originalStatus`,
    );
    for (const [name, value] of Object.entries(event.payload)) {
      problems.check(
        (PAYLOAD_FIELDS_OF[event.type] as readonly string[]).includes(name),
        `${where} payload.${name} not of its type`,
      );
      problems.check(
        typeof value === 'string' && value.length > 0 && value.length <= 64,
        `${where} payload.${name}`,
      );
    }
    if (event.payload.channel !== undefined) {
      problems.check(['CASH', 'ONLINE', 'CRYPTO'].includes(event.payload.channel), `${where} channel`);
    }
    const itemCurrencies = event.multiCurrencyAmounts.map((item) => item.currencyCode);
    problems.check(new Set(itemCurrencies).size === itemCurrencies.length, `${where} repeated item currency`);
    event.multiCurrencyAmounts.forEach((item, index) => {
      const at = `${where} multiCurrencyAmounts[${index}]`;
      problems.equal(Object.keys(item).sort(), ['amount', 'currencyCode'], at);
      problems.check(currencies.has(item.currencyCode), `${at}.currencyCode`);
      checkPortableAmount(problems, item.amount, `${at}.amount`);
    });
  }
  expect(problems.list).toEqual([]);
});

test('GENERATORS: valid events survive a JSON round trip unchanged (what GET must return)', () => {
  const changed = events().filter((event) => !isDeepStrictEqual(JSON.parse(JSON.stringify(event)), event));
  expect(changed).toEqual([]);
});

test('GENERATORS: valid events cover both types, every status and channel, empty and full payloads, 1/many items (never none), tiny and huge amounts', () => {
  const seen = new Set<string>();
  for (const event of events()) {
    seen.add(`type:${event.type}`);
    seen.add(`status:${event.status}`);
    seen.add(`channel:${event.payload.channel ?? 'absent'}`);
    const payloadSize = Object.keys(event.payload).length;
    if (payloadSize === 0) seen.add('payload:empty');
    if (payloadSize === 4) seen.add(`payload:full:${event.type}`);
    const items = event.multiCurrencyAmounts.length;
    seen.add(`items:${items === 0 ? 'none' : items === 1 ? 'one' : 'many'}`);
    for (const amount of [event.amount, ...event.multiCurrencyAmounts.map((item) => item.amount)]) {
      if (amount === 0.01) seen.add('amount:0.01');
      if (amount < 1) seen.add('amount:<1');
      if (amount >= 1e7) seen.add('amount:>=1e7');
      if (amount >= 1e8) seen.add('amount:>=1e8');
      if (Number.isInteger(amount)) seen.add('amount:whole');
    }
  }
  expect([...seen].sort()).toEqual(
    [
      'type:INTERNAL_PAYIN',
      'type:INTERNAL_PAYOUT',
      'status:PENDING',
      'status:REJECTED',
      'status:BOOKED',
      'channel:CASH',
      'channel:ONLINE',
      'channel:CRYPTO',
      'channel:absent',
      'payload:empty',
      'payload:full:INTERNAL_PAYIN',
      'payload:full:INTERNAL_PAYOUT',
      'items:one',
      'items:many',
      'amount:0.01',
      'amount:<1',
      'amount:>=1e7',
      'amount:whole',
    ].sort(),
  );
});

test("GENERATORS: every amount has no more decimals than its currency's minor unit (none for JPY), and is above 0", () => {
  const decimals = (amount: number): number => (String(amount).split('.')[1] ?? '').length;
  const problems = new Problems();
  const previous = fc.sample(validEventArbitrary({ runId: RUN_ID }), 200);
  const updates = previous.flatMap((event) => fc.sample(validUpdateArbitrary(event), 3));
  for (const event of [...events(), ...updates]) {
    const amounts = [
      { currencyCode: event.currencyCode, amount: event.amount },
      ...event.multiCurrencyAmounts,
    ];
    for (const { currencyCode, amount } of amounts)
      problems.check(
        amount > 0 && decimals(amount) <= Math.min(2, minorUnitOf(currencyCode)),
        `${currencyCode} ${amount}`,
      );
  }
  expect(problems.list).toEqual([]);
  // The zero-decimal currencies are drawn, with whole amounts.
  const wholeOnly = events().filter((event) => minorUnitOf(event.currencyCode) === 0);
  expect(wholeOnly.length).toBeGreaterThan(0);
});

test('GENERATORS: the type option gives only events of that type', () => {
  for (const type of ['INTERNAL_PAYIN', 'INTERNAL_PAYOUT'] as const) {
    const problems = new Problems();
    for (const event of fc.sample(validEventArbitrary({ runId: RUN_ID, type }), 300)) {
      problems.equal(event.type, type, JSON.stringify(event));
      problems.equal(checkEventBody(event), [], JSON.stringify(event));
    }
    expect(problems.list).toEqual([]);
  }
});

test('GENERATORS: externalIds are unique over thousands of valid and invalid events of one run', () => {
  const ids = [
    ...events().map((event) => event.externalId),
    ...fc.sample(validEventArbitrary({ runId: RUN_ID }), 3000).map((event) => event.externalId),
    ...fc
      .sample(invalidEventArbitrary({ runId: RUN_ID, kinds: ['amount.nonPositive'] }), 2000)
      .map((sample) => sample.base.externalId),
  ];
  expect(ids.length).toBe(SAMPLES + 5000);
  expect(new Set(ids).size).toBe(ids.length);
  const tag = externalIdTag(RUN_ID);
  expect(ids.filter((id) => !new RegExp(`^${tag}-[a-z][a-z0-9]{5}-[0-9a-z]+$`).test(id))).toEqual([]);
  // ISO 20022's Max35Text, the tightest limit of an externalId a deployment is likely to set.
  expect(ids.filter((id) => id.length > 35)).toEqual([]);
});

test('GENERATORS: every value fast-check tries while shrinking gets a fresh externalId', () => {
  const seen: string[] = [];
  const details = fc.check(
    fc.property(validEventArbitrary({ runId: RUN_ID }), (event) => {
      seen.push(event.externalId);
      return event.amount < 1000 && event.multiCurrencyAmounts.length < 2;
    }),
    { seed: 4242, numRuns: 200 },
  );
  expect(details.failed).toBe(true);
  expect(details.numShrinks).toBeGreaterThan(0);
  expect(new Set(seen).size).toBe(seen.length);
});

test('GENERATORS: a valid update keeps externalId, type, country and currency, changes something, and breaks no rule', () => {
  const problems = new Problems();
  for (const previous of events().slice(0, 300)) {
    for (const update of fc.sample(validUpdateArbitrary(previous), 5)) {
      const where = `${JSON.stringify(previous)} -> ${JSON.stringify(update)}`;
      problems.equal(checkEventBody(update), [], where);
      problems.equal(
        [update.externalId, update.type, update.countryCode, update.currencyCode],
        [previous.externalId, previous.type, previous.countryCode, previous.currencyCode],
        where,
      );
      problems.check(JSON.stringify(update) !== JSON.stringify(previous), `${where}: nothing changed`);
      checkPortableAmount(problems, update.amount, where);
    }
  }
  expect(problems.list).toEqual([]);
  const previous = events()[0];
  if (previous === undefined) throw new Error('no events');
  for (const update of fc.sample(validUpdateArbitrary(previous, { keepStatus: true }), 50)) {
    expect(update.status).toBe(previous.status);
  }
});
