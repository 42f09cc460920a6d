import { readFileSync } from 'node:fs';
import * as fc from 'fast-check';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { judgeValidationFailure } from '../oracle/index.ts';
import { ERROR_CODES, isRuleId, ruleById, VALIDATION_ERROR_CODES } from '../spec/index.ts';
import { nonPositiveAmountArbitrary } from './amounts.ts';
import { FAULT_KIND_IDS, FAULT_KINDS, type FaultKindId } from './faults/index.ts';
import { invalidEventArbitrary } from './invalid-event.ts';
import { JsonNumberText } from './json-body.ts';
import { Problems } from './test-support/problems.ts';
import { checkEventBody } from './test-support/spec-rule-check.ts';
import { verdictDisagreements } from './test-support/verdict-match.ts';

const specText = readFileSync(new URL('../docs/interface-spec.md', import.meta.url), 'utf8');

/** The row of a field in the tables of 2.1 and 2.2 of the spec. */
const specRow = (field: string): string => {
  const row = specText.split('\n').find((line) => line.startsWith(`| ${field} |`));
  if (row === undefined) throw new Error(`no row for ${field} in the spec`);
  return row;
};

/**
 * Each fault kind and what the spec says it must produce, written by hand from the spec's text: the
 * field whose row of 2.1 / 2.2 gives the code, or ANY where the spec gives the rule but no code.
 */
const SPEC_TABLE: Record<FaultKindId, { readonly code: string; readonly row?: string }> = {
  'externalId.empty': { code: 'ERR-3001', row: 'externalId' }, // "empty or missing gives ERR-3001"
  'externalId.missing': { code: 'ERR-3001', row: 'externalId' },
  'externalId.wrongType': { code: 'ANY' },
  'type.invalid': { code: 'ERR-3002', row: 'type' }, // "Exactly INTERNAL_PAYIN or INTERNAL_PAYOUT"
  'type.wrongType': { code: 'ANY' },
  'countryCode.invalid': { code: 'ERR-3003', row: 'countryCode' },
  'countryCode.wrongType': { code: 'ANY' },
  'currencyCode.invalid': { code: 'ERR-3004', row: 'currencyCode' },
  'currencyCode.wrongType': { code: 'ANY' },
  'amount.nonPositive': { code: 'ERR-3005', row: 'amount' }, // "Zero or negative gives ERR-3005"
  'amount.wrongType': { code: 'ANY' },
  'status.invalid': { code: 'ERR-3006', row: 'status' },
  'status.wrongType': { code: 'ANY' },
  'originalStatus.wrongType': { code: 'ANY' },
  'payload.wrongType': { code: 'ANY' },
  'payload.channel.invalid': { code: 'ERR-3011', row: 'channel' },
  'payload.channel.wrongType': { code: 'ANY' },
  'payload.payoutFieldInPayin': { code: 'ERR-3009', row: 'beneficiaryName' }, // "Sent in a payin payload gives ERR-3009"
  'payload.payinFieldInPayout': { code: 'ERR-3010', row: 'payerName' }, // "Sent in a payout payload gives ERR-3010"
  'payload.ownField.wrongType': { code: 'ANY' },
  'payload.unknownProperty': { code: 'ANY' }, // "any unknown field gives a 400", no code
  'multiCurrencyAmounts.wrongType': { code: 'ANY' },
  'multiCurrencyAmounts.item.wrongType': { code: 'ANY' },
  'multiCurrencyAmounts.item.currencyCode.invalid': { code: 'ERR-3007', row: 'multiCurrencyAmounts' },
  'multiCurrencyAmounts.item.currencyCode.wrongType': { code: 'ANY' },
  'multiCurrencyAmounts.item.amount.nonPositive': { code: 'ERR-3008', row: 'multiCurrencyAmounts' },
  'multiCurrencyAmounts.item.amount.wrongType': { code: 'ANY' },
};

for (const kind of FAULT_KINDS) {
  const spec = SPEC_TABLE[kind.id];
  test(`${kind.ruleId}: fault ${kind.id} expects ${spec.code === 'ANY' ? 'a 400 with any code' : spec.code} on ${kind.field}`, () => {
    expect(kind.errorCode).toBe(spec.code);
    expect(isRuleId(kind.ruleId)).toBe(true);
    const rule = ruleById(kind.ruleId);
    if (spec.code === 'ANY') {
      // No code of its own: an unknown payload property (its rule has none), or a field of the wrong
      // JSON type, credited to the field's own rule where it has one and to VAL-ALL-FAILURES else.
      expect(rule.kind).toBe('rule');
      if (kind.id === 'payload.unknownProperty') expect(kind.ruleId).toBe('VAL-PAYLOAD-UNKNOWN-PROPERTY');
      else expect(kind.id).toMatch(/\.wrongType$/);
    } else {
      expect(spec.row && specRow(spec.row)).toContain(spec.code);
      expect(specRow(spec.code)).toContain('| 400 |');
      expect(ERROR_CODES[spec.code as keyof typeof ERROR_CODES].httpStatus).toBe(400);
      expect(rule.errorCode).toBe(spec.code);
    }
  });
}

test('VAL-*: every body validation code ERR-3001 … ERR-3011 is the verdict of some fault kind', () => {
  const expected = new Set(FAULT_KINDS.map((kind) => kind.errorCode));
  expect(VALIDATION_ERROR_CODES.filter((code) => !expected.has(code))).toEqual([]);
  expect(VALIDATION_ERROR_CODES).toHaveLength(11);
});

test('VAL-*: each fault kind alone gives an event whose only failure is the expected one', () => {
  const problems = new Problems();
  for (const kind of FAULT_KIND_IDS) {
    const samples = fc.sample(
      invalidEventArbitrary({ runId: 'kit-faults', kinds: [kind], maxFaults: 1 }),
      80,
    );
    for (const sample of samples) {
      const where = `${kind}: ${sample.body}`;
      problems.equal(
        sample.faults.map((fault) => fault.kind),
        [kind],
        where,
      );
      problems.equal(sample.expected.httpStatus, 400, where);
      problems.equal(sample.expected.errors.length, 1, where);
      const disagreements = verdictDisagreements(sample.expected, checkEventBody(JSON.parse(sample.body)));
      problems.equal(disagreements, [], where);
    }
  }
  expect(problems.list).toEqual([]);
});

/** The labels, bodies and fields a kind gives over many samples. */
const drawKind = (kind: FaultKindId, type?: 'INTERNAL_PAYIN' | 'INTERNAL_PAYOUT') =>
  fc.sample(
    invalidEventArbitrary({ runId: 'kit-faults', kinds: [kind], maxFaults: 1, ...(type ? { type } : {}) }),
    { seed: 7, numRuns: 600 },
  );

test('VAL-EXTERNAL-ID-REQUIRED: externalId faults send it empty, leave it out, and send a type no stack coerces', () => {
  expect(
    drawKind('externalId.empty').every((s) => (s.event as Record<string, unknown>).externalId === ''),
  ).toBe(true);
  expect(drawKind('externalId.missing').every((s) => !Object.hasOwn(s.event as object, 'externalId'))).toBe(
    true,
  );
  const types = new Set(
    drawKind('externalId.wrongType').map((s) => typeof (s.event as { externalId: unknown }).externalId),
  );
  // null, an array or an object: never a number or a boolean, which Jackson reads as a string.
  expect([...types].sort()).toEqual(['object']);
});

test('VAL-TYPE-ENUM, VAL-STATUS-ENUM, VAL-CHANNEL-ENUM: enum faults are lowercase, near misses, other words and empty', () => {
  for (const kind of ['type.invalid', 'status.invalid', 'payload.channel.invalid'] as const) {
    const labels = new Set(
      drawKind(kind).map((s) => s.faults[0]?.description.replace(/^.*\((\w+)\)$/, '$1')),
    );
    for (const label of [
      'lowercase',
      'capitalized',
      'trailingSpace',
      'leadingSpace',
      'truncated',
      'homoglyph',
      'other',
      'empty',
    ]) {
      expect(labels, `${kind} ${label}`).toContain(label);
    }
  }
  const types = drawKind('type.invalid').map((s) => (s.event as { type: string }).type);
  expect(types).toContain('internal_payin');
  expect(types).toContain('INTERNAL_PAYOUT ');
});

test('VAL-COUNTRY-ISO3166, VAL-CURRENCY-ISO4217: code faults cover unassigned, lowercase, 3-letter, numeric and empty values', () => {
  const countryLabels = new Set(
    drawKind('countryCode.invalid').map((s) => s.faults[0]?.description.replace(/^.*\((\w+)\)$/, '$1')),
  );
  expect([...countryLabels].sort()).toEqual([
    'alpha3',
    'empty',
    'lowercase',
    'mixedCase',
    'numeric',
    'oneLetter',
    'unassigned',
  ]);
  for (const kind of ['currencyCode.invalid', 'multiCurrencyAmounts.item.currencyCode.invalid'] as const) {
    const labels = new Set(
      drawKind(kind).map((s) => s.faults[0]?.description.replace(/^.*\((\w+)\)$/, '$1')),
    );
    expect([...labels].sort()).toEqual([
      'empty',
      'fourLetters',
      'lowercase',
      'mixedCase',
      'twoLetters',
      'unassigned',
      'withDigit',
    ]);
  }
});

test('VAL-AMOUNT-POSITIVE, VAL-MCA-AMOUNT-POSITIVE: non-positive amounts are 0, -0, 0.00, -0.0 and negatives, sent as such', () => {
  const values = fc.sample(nonPositiveAmountArbitrary(), { seed: 3, numRuns: 500 });
  const texts = new Set(
    values.map((value) =>
      value instanceof JsonNumberText ? value.text : Object.is(value, -0) ? '-0' : String(value),
    ),
  );
  for (const text of ['0', '-0', '0.00', '-0.0', '-0.01', '-1']) expect(texts).toContain(text);
  expect(values.every((value) => Number(value instanceof JsonNumberText ? value.text : value) <= 0)).toBe(
    true,
  );
  const bodies = drawKind('amount.nonPositive').map((s) => s.body);
  for (const text of ['"amount":0,', '"amount":-0,', '"amount":0.00,', '"amount":-0.0,']) {
    expect(
      bodies.some((body) => body.includes(text)),
      text,
    ).toBe(true);
  }
});

test('VAL-MCA-*: item faults hit every position of multiCurrencyAmounts, not only the first', () => {
  for (const kind of FAULT_KINDS.filter((k) => k.needsMultiCurrencyAmount)) {
    const indexes = new Set(
      drawKind(kind.id).map((s) => Number(/\[(\d+)\]/.exec(s.faults[0]?.field ?? '')?.[1])),
    );
    expect([...indexes].sort(), kind.id).toEqual([0, 1, 2]);
  }
});

test('VAL-PAYIN-NO-PAYOUT-FIELDS, VAL-PAYOUT-NO-PAYIN-FIELDS: ERR-3009 only in payins, ERR-3010 only in payouts, each field', () => {
  const payin = drawKind('payload.payoutFieldInPayin');
  expect(payin.every((s) => (s.event as { type: string }).type === 'INTERNAL_PAYIN')).toBe(true);
  expect(new Set(payin.map((s) => s.faults[0]?.field))).toEqual(
    new Set([
      'payload.beneficiaryName',
      'payload.beneficiaryPersonalIdType',
      'payload.beneficiaryPersonalId',
    ]),
  );
  const payout = drawKind('payload.payinFieldInPayout');
  expect(payout.every((s) => (s.event as { type: string }).type === 'INTERNAL_PAYOUT')).toBe(true);
  expect(new Set(payout.map((s) => s.faults[0]?.field))).toEqual(
    new Set(['payload.payerName', 'payload.payerPersonalIdType', 'payload.payerPersonalId']),
  );
  expect(() =>
    invalidEventArbitrary({ runId: 'r', type: 'INTERNAL_PAYOUT', kinds: ['payload.payoutFieldInPayin'] }),
  ).toThrow();
});

test('VAL-PAYLOAD-UNKNOWN-PROPERTY: unknown payload properties are never a known field in any case, and may be named by their parent', () => {
  const known = [
    'channel',
    'payername',
    'payerpersonalidtype',
    'payerpersonalid',
    'beneficiaryname',
    'beneficiarypersonalidtype',
    'beneficiarypersonalid',
  ];
  const samples = drawKind('payload.unknownProperty');
  const names = samples.map((sample) => sample.faults[0]?.field.replace(/^payload\./, '') ?? '');
  expect(names.filter((name) => known.includes(name.toLowerCase()))).toEqual([]);
  expect(samples.filter((sample) => sample.expected.errors[0]?.alternativeFields?.[0] !== 'payload')).toEqual(
    [],
  );
  expect(samples.map((s) => s.faults[0]?.field)).toContain('payload.amount');
});

test('VAL-ALL-FAILURES, GAP-WRONG-JSON-TYPE: a wrong shape where a container belongs may be reported on it or per field inside, as the structural cells read it', () => {
  const shapes: Record<string, { within: boolean; alternatives: (field: string) => string[] }> = {
    'multiCurrencyAmounts.item.wrongType': {
      within: true,
      alternatives: (field) => [`${field}.currencyCode`, `${field}.amount`],
    },
    'multiCurrencyAmounts.wrongType': { within: true, alternatives: () => [] },
    'payload.wrongType': { within: true, alternatives: () => [] },
  };
  // Every sample's reading beside what it must be, in one expect (each expect is a reported step).
  const readings = Object.entries(shapes).flatMap(([kind, want]) =>
    drawKind(kind as FaultKindId)
      .slice(0, 40)
      .map((sample) => {
        const [expected] = sample.expected.errors;
        return {
          read: [kind, expected?.reportedWithin, expected?.alternativeFields ?? []],
          want: [kind, want.within, want.alternatives(expected?.field ?? '')],
        };
      }),
  );
  expect(readings.map(({ read }) => read)).toEqual(readings.map(({ want }) => want));
  // Judged by the oracle: an item reported once per field it lacks is the one failure, not three.
  const [item] = drawKind('multiCurrencyAmounts.item.wrongType');
  const failure = item?.expected.errors[0];
  if (!failure) throw new Error('no item fault drawn');
  const perField = {
    status: 400,
    headers: { 'content-type': 'application/json' },
    text: '',
    json: {
      status: 400,
      errorCode: 'ERR-3007',
      title: 'One or more validation errors occurred',
      errors: [
        { field: `${failure.field}.currencyCode`, errorCode: 'ERR-3007', message: 'required' },
        { field: `${failure.field}.amount`, errorCode: 'ERR-3008', message: 'required' },
      ],
    },
  };
  expect(judgeValidationFailure(perField, [failure]).violations).toEqual([]);
  // The other kinds of fault keep their exact field: no reading of a wrong shape.
  expect(drawKind('multiCurrencyAmounts.item.amount.wrongType')[0]?.expected.errors[0]?.reportedWithin).toBe(
    undefined,
  );
});
