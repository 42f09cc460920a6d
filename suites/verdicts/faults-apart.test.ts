/**
 * A body of several structural faults, judged and taken apart (faults-apart.ts), against fake targets
 * that break one rule the way the reference's mutants do: the credit the sweep and the property share.
 */

import * as fc from 'fast-check';
import type { Target } from '../../config/index.ts';
import {
  type AppliedFault,
  applyStructuralFaults,
  type FinancialEvent,
  STRUCTURAL_FAULTS,
  type StructuralFault,
} from '../../generators/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { HttpExchange } from '../../run-records/http-exchange.ts';
import { PropertyViolation } from '../property-runner/property-checks.ts';
import { checkProperty } from '../property-runner/property-runner.ts';
import { validPayin } from '../samples/sample-events.ts';
import type { ServiceResponse } from '../transport/service-client.ts';
import { serviceResponse as response } from '../transport/test-support/service-responses.ts';
import { creditTakenApart, judgeFaultsApart } from './faults-apart.ts';
import { judgeStructuralAnswer } from './structural-verdict.ts';

const cell = (field: string, shape: StructuralFault['shape']): StructuralFault => {
  const found = STRUCTURAL_FAULTS.find((c) => c.field === field && c.shape === shape);
  if (!found) throw new Error(`no cell ${field} ${shape}`);
  return found;
};

const CHANNEL_OBJECT = cell('payload.channel', 'object');
const COUNTRY_ARRAY = cell('countryCode', 'array');
const ORIGINAL_STATUS_NUMBER = cell('originalStatus', 'number');
const PAYER_NAME_NUMBER = cell('payload.payerName', 'number');

/** The right 400: every stated fault of the body named at its position. */
const refusal = (faults: readonly AppliedFault[]): ServiceResponse => {
  const errors = faults
    .filter((fault) => fault.expected.readingOf === undefined)
    .map((fault) => ({ field: fault.field, errorCode: 'ERR-3011', message: 'wrong type' }));
  return response(400, {
    status: 400,
    errorCode: errors[0]?.errorCode,
    title: 'One or more validation errors occurred',
    errors,
  });
};
const crash = response(500, { status: 500, errorCode: 'ERR-5001', title: 'Internal error' });

/** A fake target: `answer(faults)` answers the POST; every body it creates is read back as `stored`. */
const fakeTarget = (
  answer: (faults: readonly AppliedFault[]) => ServiceResponse,
  stored: (event: Record<string, unknown>) => Record<string, unknown> = (event) => event,
) => {
  let posts = 0;
  const judge = (faults: readonly AppliedFault[]) => {
    posts += 1;
    const sample = applyStructuralFaults(
      validPayin('kit-test', 'apart') as unknown as FinancialEvent,
      faults as readonly StructuralFault[],
    );
    return judgeStructuralAnswer(sample, answer(faults), async () =>
      response(200, stored(sample.event as Record<string, unknown>)),
    );
  };
  return { judge, posts: () => posts };
};

const rules = (findings: readonly { violations: readonly { rule: string }[] }[]) =>
  findings.flatMap((f) => f.violations.map((v) => v.rule));

test('a 500 for one fault of a packed body is credited to that fault alone, after one request per fault', async () => {
  const target = fakeTarget((faults) => (faults.includes(CHANNEL_OBJECT) ? crash : refusal(faults)));
  const { whole, findings } = await judgeFaultsApart([CHANNEL_OBJECT, COUNTRY_ARRAY], target.judge);
  // Judged whole, the 500 replaced the answer of both faults.
  expect(whole.violations.map((v) => v.rule).sort()).toEqual(['VAL-CHANNEL-ENUM', 'VAL-COUNTRY-ISO3166']);
  expect(rules(findings)).toEqual(['VAL-CHANNEL-ENUM']);
  expect(target.posts()).toBe(3);
});

test('a 500 only for the combination, each fault answered rightly alone, breaks VAL-ALL-FAILURES', async () => {
  const target = fakeTarget((faults) => (faults.length > 1 ? crash : refusal(faults)));
  const { findings } = await judgeFaultsApart([CHANNEL_OBJECT, COUNTRY_ARRAY], target.judge);
  expect(rules(findings)).toEqual(['VAL-ALL-FAILURES', 'VAL-ALL-FAILURES']);
  expect(findings[0]?.response.status).toBe(500);
});

test('a body of readings stored changed only in combination still breaks RETRIEVE-RETURNS-EVENT', async () => {
  const target = fakeTarget(
    () => response(201, { uuid: crypto.randomUUID() }),
    (event) =>
      event.originalStatus === 42 && typeof event.payload === 'object'
        ? { ...event, countryCode: 'FR' }
        : event,
  );
  // A stored event whose country changed whenever originalStatus is a number: alone it changes too.
  const alone = await judgeFaultsApart([ORIGINAL_STATUS_NUMBER], target.judge);
  expect(rules(alone.findings)).toEqual(['RETRIEVE-RETURNS-EVENT']);
  const combined = fakeTarget(
    () => response(201, { uuid: crypto.randomUUID() }),
    (event) =>
      event.originalStatus === 42 && (event.payload as Record<string, unknown>).payerName === 42
        ? { ...event, countryCode: 'FR' }
        : event,
  );
  const { findings } = await judgeFaultsApart([ORIGINAL_STATUS_NUMBER, PAYER_NAME_NUMBER], combined.judge);
  expect(rules(findings)).toEqual(['RETRIEVE-RETURNS-EVENT']);
  expect(combined.posts()).toBe(3);
});

test('a body answered rightly, or a single fault, is never sent again', async () => {
  const right = fakeTarget(refusal);
  expect((await judgeFaultsApart([CHANNEL_OBJECT, COUNTRY_ARRAY], right.judge)).findings).toEqual([]);
  expect(right.posts()).toBe(1);
  const single = fakeTarget(() => crash);
  expect(rules((await judgeFaultsApart([CHANNEL_OBJECT], single.judge)).findings)).toEqual([
    'VAL-CHANNEL-ENUM',
  ]);
  expect(single.posts()).toBe(1);
});

test('a property takes its shrunk counterexample apart once, after shrinking, and fails with the credited violations', async () => {
  const target = { embedded: true, limits: {} } as unknown as Target;
  const crashOnChannel = fakeTarget((faults) => (faults.includes(CHANNEL_OBJECT) ? crash : refusal(faults)));
  const credited: number[] = [];
  let shrunk: string[] = [];
  const error = await checkProperty(
    {
      target,
      exchanges: [] as HttpExchange[],
      cost: { embeddedRuns: 20, requestsPerRun: 1 },
      // Every value fails with both faults in the body: shrinking cannot drop one.
      arbitrary: fc.integer({ min: 0, max: 1000 }),
      predicate: async () => {
        const whole = await crashOnChannel.judge([CHANNEL_OBJECT, COUNTRY_ARRAY]);
        shrunk = whole.violations.map((v) => v.rule).sort();
        if (whole.violations.length > 0) throw new PropertyViolation('500', whole.violations);
      },
      credit: (value, violations) => {
        credited.push(value);
        return creditTakenApart([CHANNEL_OBJECT, COUNTRY_ARRAY], violations, crashOnChannel.judge);
      },
    },
    test.info(),
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(credited).toEqual([0]);
  expect(error).toBeInstanceOf(PropertyViolation);
  expect((error as PropertyViolation).violations.map((v) => v.rule)).toEqual(['VAL-CHANNEL-ENUM']);
  // The shrunk run's own credit named both faults' rules.
  expect(shrunk).toEqual(['VAL-CHANNEL-ENUM', 'VAL-COUNTRY-ISO3166']);
});
