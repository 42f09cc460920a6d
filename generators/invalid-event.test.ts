import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { externalIdTag } from './external-id-tag.ts';
import { FAULT_KIND_IDS, faultsConflict } from './faults/index.ts';
import { fieldPathSegments, fieldPathsOverlap, formatFieldPath } from './field-path.ts';
import { invalidEventArbitrary, invalidUpdateArbitrary } from './invalid-event.ts';
import { toJsonBody } from './json-body.ts';
import { Problems } from './test-support/problems.ts';
import { checkEventBody } from './test-support/spec-rule-check.ts';
import { verdictDisagreements } from './test-support/verdict-match.ts';
import { validEventArbitrary } from './valid-event.ts';
import { describeVerdict } from './verdict.ts';

const RUN_ID = 'kit-invalid';
/**
 * Seeded samples, drawn at their first use: drawn as the file loads, they cost seconds in every process
 * that loads it (the runner listing the tests too). The file's tests share one worker, so they are
 * drawn once.
 */
let drawn: ReturnType<typeof drawSamples> | undefined;
const drawSamples = () =>
  fc.sample(invalidEventArbitrary({ runId: RUN_ID, maxFaults: 4 }), {
    seed: 11,
    numRuns: 3000,
  });
const samples = () => {
  drawn ??= drawSamples();
  return drawn;
};
test.describe.configure({ mode: 'default' });

test('VAL-ALL-FAILURES: an invalid event breaks exactly the rules its faults name: never valid, no extra failure', () => {
  const problems = new Problems();
  const fresh = fc.sample(invalidEventArbitrary({ runId: RUN_ID, maxFaults: 4 }), 1000);
  for (const sample of [...samples(), ...fresh]) {
    const findings = checkEventBody(JSON.parse(sample.body));
    problems.check(findings.length > 0, `valid: ${sample.body}`);
    problems.equal(verdictDisagreements(sample.expected, findings), [], sample.body);
    problems.equal(sample.expected.errors.length, sample.faults.length, sample.body);
    problems.check(sample.expected.httpStatus === 400, sample.body);
  }
  expect(problems.list).toEqual([]);
});

test('VAL-ALL-FAILURES: several faults combine into the union of their verdicts, never two on one field', () => {
  const problems = new Problems();
  const many = fc.sample(invalidEventArbitrary({ runId: RUN_ID, minFaults: 3, maxFaults: 6 }), 1000);
  for (const sample of many) {
    problems.check(sample.faults.length >= 3 && sample.faults.length <= 6, `${sample.faults.length} faults`);
    problems.equal(
      sample.expected.errors,
      sample.faults.map((fault) => fault.expected),
      sample.body,
    );
    const fields = sample.faults.map((fault) => fault.field);
    fields.forEach((a, i) => {
      fields.slice(i + 1).forEach((b) => {
        problems.check(!fieldPathsOverlap(a, b), `${a} and ${b} overlap in ${sample.body}`);
      });
    });
    sample.faults.forEach((a, i) => {
      sample.faults.slice(i + 1).forEach((b) => {
        problems.check(!faultsConflict(a, b), `${a.description} and ${b.description} interfere`);
        problems.check(
          !(a.changesType && b.dependsOnType) && !(b.changesType && a.dependsOnType),
          sample.body,
        );
      });
    });
    problems.equal(
      verdictDisagreements(sample.expected, checkEventBody(JSON.parse(sample.body))),
      [],
      sample.body,
    );
  }
  expect(problems.list).toEqual([]);
  expect(many.some((sample) => sample.faults.length === 6)).toBe(true);
});

test('VAL-*: invalid events cover every fault kind, every code ERR-3001 … ERR-3011, and both types', () => {
  const kinds = new Set(samples().flatMap((sample) => sample.faults.map((fault) => fault.kind)));
  expect(FAULT_KIND_IDS.filter((kind) => !kinds.has(kind))).toEqual([]);
  const codes = new Set(
    samples().flatMap((sample) => sample.expected.errors.map((error) => error.errorCode)),
  );
  expect([...codes].sort()).toEqual([
    'ANY',
    'ERR-3001',
    'ERR-3002',
    'ERR-3003',
    'ERR-3004',
    'ERR-3005',
    'ERR-3006',
    'ERR-3007',
    'ERR-3008',
    'ERR-3009',
    'ERR-3010',
    'ERR-3011',
  ]);
  const counts = new Set(samples().map((sample) => sample.faults.length));
  expect([...counts].sort()).toEqual([1, 2, 3, 4]);
});

test('VAL-*: the body is the exact text of the event, and the base is a valid event carrying the run id', () => {
  const problems = new Problems();
  for (const sample of samples()) {
    problems.check(isDeepStrictEqual(JSON.parse(sample.body), sample.event), sample.body);
    problems.equal(checkEventBody(sample.base), [], JSON.stringify(sample.base));
    problems.check(sample.base.externalId.startsWith(`${externalIdTag(RUN_ID)}-`), sample.base.externalId);
    problems.check(toJsonBody(sample.base) === JSON.stringify(sample.base), JSON.stringify(sample.base));
  }
  expect(problems.list).toEqual([]);
});

test('UPDATE-VALIDATES: an invalid update of an event keeps its externalId (unless that is the fault) and carries its verdict', () => {
  const problems = new Problems();
  for (const previous of fc.sample(validEventArbitrary({ runId: RUN_ID }), 200)) {
    for (const sample of fc.sample(invalidUpdateArbitrary(previous, { maxFaults: 3 }), 5)) {
      problems.equal(
        verdictDisagreements(sample.expected, checkEventBody(JSON.parse(sample.body))),
        [],
        sample.body,
      );
      problems.equal(sample.base.externalId, previous.externalId, sample.body);
      if (!sample.faults.some((fault) => fault.field === 'externalId')) {
        problems.equal(
          (sample.event as { externalId: unknown }).externalId,
          previous.externalId,
          sample.body,
        );
      }
    }
  }
  expect(problems.list).toEqual([]);
});

test('DEDUP-EXTERNAL-ID: invalid events get fresh externalIds, shrunk ones included', () => {
  const seen: string[] = [];
  const details = fc.check(
    fc.property(
      invalidEventArbitrary({ runId: RUN_ID, kinds: ['amount.nonPositive', 'status.invalid'] }),
      (sample) => {
        seen.push(sample.base.externalId);
        return sample.faults.length < 2;
      },
    ),
    { seed: 99, numRuns: 300 },
  );
  expect(details.failed).toBe(true);
  expect(new Set(seen).size).toBe(seen.length);
});

test('GAP-FIELD-PATH: field paths read in the usual notations and overlap only along one branch', () => {
  const segments = ['multiCurrencyAmounts', 2, 'amount'];
  for (const notation of [
    'multiCurrencyAmounts[2].amount',
    'multiCurrencyAmounts.2.amount',
    '/multiCurrencyAmounts/2/amount',
    '$.multiCurrencyAmounts[2].amount',
  ]) {
    expect(fieldPathSegments(notation)).toEqual(segments);
  }
  expect(formatFieldPath(segments)).toBe('multiCurrencyAmounts[2].amount');
  expect(fieldPathsOverlap('payload', 'payload.channel')).toBe(true);
  expect(fieldPathsOverlap('multiCurrencyAmounts[1]', 'multiCurrencyAmounts[1].amount')).toBe(true);
  expect(fieldPathsOverlap('multiCurrencyAmounts[1].amount', 'multiCurrencyAmounts[2].amount')).toBe(false);
  expect(fieldPathsOverlap('payload.channel', 'payload.channelCode')).toBe(false);
});

test('VAL-BODY-SHAPE: describeVerdict names each field, its code or "any", and its rule', () => {
  const text = describeVerdict({
    httpStatus: 400,
    errors: [
      { field: 'amount', errorCode: 'ERR-3005', ruleId: 'VAL-AMOUNT-POSITIVE' },
      {
        field: 'payload.iban',
        errorCode: 'ANY',
        ruleId: 'VAL-PAYLOAD-UNKNOWN-PROPERTY',
        alternativeFields: ['payload'],
      },
    ],
  });
  expect(text).toBe(
    '400 with 2 errors: amount ERR-3005 [VAL-AMOUNT-POSITIVE]; payload.iban (or payload) any ERR-nnnn [VAL-PAYLOAD-UNKNOWN-PROPERTY]',
  );
  const problems = new Problems();
  for (const sample of samples().slice(0, 200)) {
    const line = describeVerdict(sample.expected);
    for (const error of sample.expected.errors)
      problems.check(line.includes(error.field), `"${line}" does not name ${error.field}`);
  }
  expect(problems.list).toEqual([]);
});
