/** The structural dimension: every position crossed with every shape, its verdicts, and the sweep's packing. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { toJsonBody } from '../json-body.ts';
import { withByteOrderMark, withInvalidUtf8In } from '../json-documents.ts';
import { POSITIVE_LITERALS, rotatedLiterals, ZERO_LITERALS } from '../number-literals.ts';
import { packStructuralFaults } from '../structural-event.ts';
import { Problems } from '../test-support/problems.ts';
import { faultsConflict } from './fault-sets.ts';
import { STRUCTURAL_FAULTS, STRUCTURAL_POSITIONS, STRUCTURAL_RULES, STRUCTURAL_SHAPES } from './structure.ts';

const cell = (path: string, shape: string) =>
  STRUCTURAL_FAULTS.find((fault) => fault.field === path && fault.shape === shape);

test('GENERATORS: every position takes every shape but its own, each cell with a verdict', () => {
  const problems = new Problems();
  for (const position of STRUCTURAL_POSITIONS) {
    const shapes = STRUCTURAL_FAULTS.filter((fault) => fault.position === position).map(
      (fault) => fault.shape,
    );
    // Every position takes null, a boolean, "", and an array or an object where it is not one.
    for (const shape of ['null', 'boolean', 'emptyString'] as const)
      problems.check(shapes.includes(shape), `${position.path} does not take ${shape}`);
    problems.check(shapes.length >= 5, `${position.path} takes ${shapes.length} shapes`);
    problems.check(
      shapes.every((shape) => STRUCTURAL_SHAPES.includes(shape)),
      `${position.path} takes a shape unknown: ${shapes}`,
    );
  }
  expect(problems.list).toEqual([]);
  expect(STRUCTURAL_POSITIONS.map((p) => p.path)).toEqual(
    expect.arrayContaining([
      'payload.channel',
      'payload.beneficiaryName',
      'multiCurrencyAmounts[0]',
      'multiCurrencyAmounts[1].amount',
    ]),
  );
});

test('GENERATORS: stated cells carry the spec code or ANY, open cells the gap they read', () => {
  expect(cell('type', 'emptyString')?.expected).toMatchObject({
    errorCode: 'ERR-3002',
    ruleId: 'VAL-TYPE-ENUM',
  });
  expect(cell('externalId', 'absent')?.expected.errorCode).toBe('ERR-3001');
  expect(cell('payload.channel', 'object')?.expected).toMatchObject({
    errorCode: 'ANY',
    ruleId: 'VAL-CHANNEL-ENUM',
  });
  expect(cell('payload.channel', 'object')?.expected.readingOf).toBeUndefined();
  expect(cell('multiCurrencyAmounts[0]', 'string')?.expected).toMatchObject({ reportedWithin: true });
  expect(cell('multiCurrencyAmounts[1].amount', 'null')?.expected.readingOf).toBeUndefined();
  expect(cell('amount', 'null')?.expected.readingOf).toBe('GAP-REQUIRED-FIELDS');
  expect(cell('externalId', 'number')?.expected.readingOf).toBe('GAP-WRONG-JSON-TYPE');
  expect(cell('amount', 'numericString')?.expected.readingOf).toBe('GAP-WRONG-JSON-TYPE');
  expect(cell('status', 'string')).toBeUndefined();
  expect(cell('payload.payerName', 'absent')).toBeUndefined();
});

test('GENERATORS: the sweep packs every cell once, no two conflicting, readings apart from stated cells', () => {
  const plans = packStructuralFaults();
  const packed = plans.flatMap((plan) => plan.faults);
  expect(packed).toHaveLength(STRUCTURAL_FAULTS.length);
  expect(new Set(packed).size).toBe(STRUCTURAL_FAULTS.length);
  const problems = new Problems();
  for (const [index, plan] of plans.entries()) {
    const readings = new Set(plan.faults.map((f) => f.expected.readingOf === undefined));
    problems.check(readings.size === 1, `plan ${index} mixes readings with stated cells`);
    for (const fault of plan.faults) {
      problems.check(
        fault.types.includes(plan.type),
        `plan ${index}: ${fault.description} not of ${plan.type}`,
      );
      for (const other of plan.faults)
        if (other !== fault)
          problems.check(
            !faultsConflict(fault, other),
            `plan ${index}: ${fault.description} and ${other.description} conflict`,
          );
    }
  }
  expect(problems.list).toEqual([]);
  expect(plans.length).toBeLessThan(30);
  // A coercible externalId names the same event every time: once stored, its bodies are duplicates,
  // so it shares its body with no other fault.
  for (const plan of plans.filter((p) =>
    p.faults.some((f) => f.field === 'externalId' && f.expected.readingOf),
  ))
    expect(plan.faults).toHaveLength(1);
});

test('GENERATORS: every literal stands at the amount and at an item; documents keep their bytes', () => {
  for (const literals of [ZERO_LITERALS, POSITIVE_LITERALS]) {
    const bodies = rotatedLiterals(literals, 2);
    for (const literal of literals) {
      expect(bodies.some((b) => b.amount === literal)).toBe(true);
      expect(bodies.some((b) => b.items.includes(literal))).toBe(true);
    }
  }
  expect(toJsonBody({ amount: ZERO_LITERALS[2] })).toBe('{"amount":0.00}');
  expect([...withByteOrderMark('{}')]).toEqual([0xef, 0xbb, 0xbf, 0x7b, 0x7d]);
  expect([...withInvalidUtf8In('{"a":"b"}', 'a')].slice(7, 9)).toEqual([0xc3, 0x28]);
});

test('GENERATORS: the rules of the dimension are those of its positions, each once, every stated field rule among them', () => {
  expect(new Set(STRUCTURAL_RULES)).toEqual(new Set(STRUCTURAL_POSITIONS.map((p) => p.ruleId)));
  expect(STRUCTURAL_RULES.length).toBe(new Set(STRUCTURAL_RULES).size);
  expect(STRUCTURAL_RULES).toEqual(
    expect.arrayContaining([
      'VAL-EXTERNAL-ID-REQUIRED',
      'VAL-TYPE-ENUM',
      'VAL-COUNTRY-ISO3166',
      'VAL-CURRENCY-ISO4217',
      'VAL-AMOUNT-POSITIVE',
      'VAL-STATUS-ENUM',
      'VAL-CHANNEL-ENUM',
      'VAL-MCA-CURRENCY-ISO4217',
      'VAL-MCA-AMOUNT-POSITIVE',
      'VAL-ALL-FAILURES',
    ]),
  );
});
