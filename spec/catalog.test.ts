import { readFileSync } from 'node:fs';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  ALL_ERROR_CODES,
  CHANNELS,
  ERROR_CODES,
  EVENT_STATUSES,
  EVENT_TYPES,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
  RULES,
  ruleById,
  TOKEN_PREFIXES,
} from './index.ts';

// The spec's text travels with the kit (docs/), so the catalog is checked against the tables themselves.
const specText = readFileSync(new URL('../docs/interface-spec.md', import.meta.url), 'utf8');

const tableAfter = (heading: string): string[][] => {
  const start = specText.indexOf(heading);
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of specText.slice(start).split('\n').slice(1)) {
    if (line.startsWith('|')) {
      inTable = true;
      if (/^\|[-\s|]+\|$/.test(line)) continue;
      rows.push(
        line
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );
    } else if (inTable) break;
  }
  return rows.slice(1);
};

test('CATALOG: all 19 error codes of part 7.3, with their HTTP status and condition', () => {
  const rows = tableAfter('### 7.3 Error codes');
  expect(rows).toHaveLength(19);
  expect(ALL_ERROR_CODES).toEqual(rows.map(([code]) => code));
  // One expect for the whole table (each expect is a step Playwright reports with its stack).
  expect(
    rows.map(([code]) => {
      const fact = ERROR_CODES[code as keyof typeof ERROR_CODES];
      return [code, fact.httpStatus, fact.condition];
    }),
  ).toEqual(rows.map(([code, status, condition]) => [code, Number(status), condition]));
});

test('CATALOG: part 5 failure table agrees with the error codes', () => {
  const rows = tableAfter('3. Failures:');
  expect(rows.map(([, , code]) => [code, ERROR_CODES[code as keyof typeof ERROR_CODES].httpStatus])).toEqual(
    rows.map(([, status, code]) => [code, Number(status)]),
  );
});

test('CATALOG: every enum value of part 2', () => {
  const fields = Object.fromEntries(
    tableAfter('### 2.1 Financial event').map(([name, , rules]) => [name, rules]),
  );
  expect(fields.type).toContain('`INTERNAL_PAYIN` or `INTERNAL_PAYOUT`');
  expect(EVENT_TYPES).toEqual(['INTERNAL_PAYIN', 'INTERNAL_PAYOUT']);
  expect(fields.status).toContain('`PENDING`, `REJECTED`, `BOOKED`');
  expect(EVENT_STATUSES).toEqual(['PENDING', 'REJECTED', 'BOOKED']);
  const payload = tableAfter('### 2.2 payload object');
  expect(payload[0]?.[3]).toContain('`CASH`, `ONLINE`, `CRYPTO`');
  expect(CHANNELS).toEqual(['CASH', 'ONLINE', 'CRYPTO']);
  const payinOnly = payload.filter((row) => row[2] === 'INTERNAL_PAYIN only').map((row) => row[0]);
  const payoutOnly = payload.filter((row) => row[2] === 'INTERNAL_PAYOUT only').map((row) => row[0]);
  expect(PAYIN_ONLY_PAYLOAD_FIELDS).toEqual(payinOnly);
  expect(PAYOUT_ONLY_PAYLOAD_FIELDS).toEqual(payoutOnly);
  // Which code is which: a payin-only field in a payout payload gives ERR-3010, and the reverse ERR-3009.
  expect(payload.find((row) => row[0] === 'payerName')?.[3]).toContain('ERR-3010');
  expect(payload.find((row) => row[0] === 'beneficiaryName')?.[3]).toContain('ERR-3009');
});

test('CATALOG: token prefixes per environment', () => {
  expect(specText).toContain(`\`${TOKEN_PREFIXES.production}\` for Production`);
  expect(specText).toContain(`\`${TOKEN_PREFIXES.sandbox}\` for Sandbox`);
});

test('CATALOG: rule ids are unique, well-formed, and every code that a client can cause has a rule', () => {
  const ids = RULES.map((rule) => rule.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.filter((id) => !/^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(id))).toEqual([]);
  const coded = new Set(RULES.map((rule) => rule.errorCode));
  expect(ALL_ERROR_CODES.filter((code) => !coded.has(code))).toEqual([]);
  const codedRules = RULES.flatMap((rule) =>
    rule.errorCode ? [{ ...rule, errorCode: rule.errorCode }] : [],
  );
  expect(codedRules.map((rule) => [rule.id, rule.httpStatus])).toEqual(
    codedRules.map((rule) => [rule.id, ERROR_CODES[rule.errorCode].httpStatus]),
  );
  expect(() => ruleById('NO-SUCH-RULE')).toThrow(/Unknown rule id/);
});

/** Each sentence of the spec that leaves something open, and the gap of the catalog that observes it. */
const SILENCES: readonly (readonly [string, string])[] = [
  ['Which fields other than externalId are required: not shown.', 'GAP-REQUIRED-FIELDS'],
  ['Allowed values of originalStatus: not shown.', 'GAP-ORIGINAL-STATUS-VALUES'],
  [
    'Allowed values of payerPersonalIdType and beneficiaryPersonalIdType: not shown.',
    'GAP-PERSONAL-ID-TYPE-VALUES',
  ],
  ['Fields of a stored event as returned by retrieval, beyond those above: not shown.', 'GAP-GET-BODY'],
  ['Transitions: not shown.', 'GAP-STATUS-TRANSITIONS'],
  ['Status code not shown', 'GAP-PUT-STATUS'],
  ['Request body rules and response body of PUT: not shown.', 'GAP-PUT-BODY'],
  ['Response body of GET: not shown.', 'GAP-GET-BODY'],
  ['Other operations (listing, deletion, other resources): not shown.', 'GAP-OTHER-OPERATIONS'],
  [
    'No outbound events or notifications (webhooks, callbacks) are described: not shown.',
    'GAP-OUTBOUND-EVENTS',
  ],
  ['Body shape of a 429 response: not shown.', 'GAP-429-BODY'],
  [
    'Maximum field lengths, body size, amount precision and the maximum number of multiCurrencyAmounts items: not shown.',
    'GAP-FIELD-LIMITS',
  ],
  ['Versioning scheme, version header or deprecation policy: not shown.', 'GAP-VERSIONING'],
  ['which operation returns 422 is not tied to any case', 'GAP-422-USE'],
];

test('CATALOG: one gap rule for every "not shown" of the spec', () => {
  // Every line that says "not shown" (but the preamble that defines the phrase) is one of SILENCES.
  const lines = specText
    .split('\n')
    .filter((line) => /not shown/i.test(line) && !line.includes('Where a fact is absent'));
  const unmapped = lines.filter((line) => !SILENCES.some(([sentence]) => line.includes(sentence)));
  expect(unmapped, 'sentences of the spec with no gap in the catalog').toEqual([]);
  expect(lines.length).toBe(SILENCES.filter(([sentence]) => /not shown/i.test(sentence)).length);
  expect(SILENCES.filter(([sentence]) => !specText.includes(sentence))).toEqual([]);
  expect(SILENCES.filter(([, id]) => ruleById(id).kind !== 'gap')).toEqual([]);
});
