/**
 * The one place a judgement becomes a verdict (verdicts.ts): a pass hands the check the judgement's
 * evidence; violations are recorded once each, with their exchange, and fail the check; at a check's
 * end only violations not recorded before fail it.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { judgementOf, violationOf } from '../../oracle/index.ts';
import { VIOLATION_ANNOTATION } from '../../run-records/result-annotations.ts';
import { serviceResponse } from '../transport/test-support/service-responses.ts';
import { RuleViolation } from './checks.ts';
import { check, settle } from './verdicts.ts';

const recorded = () => test.info().annotations.filter((a) => a.type === VIOLATION_ANNOTATION);

test('VERDICTS: a judgement that holds passes and hands the check its evidence', () => {
  expect(check.verdict(judgementOf([], { uuid: 'u-1' }))).toEqual({ uuid: 'u-1' });
  expect(check.created(serviceResponse(201, { uuid: crypto.randomUUID() }))).toMatch(/^[0-9a-f-]{36}$/);
  expect(recorded()).toEqual([]);
});

test('VERDICTS: violations are recorded with their exchange and fail the check; at its end, only new ones fail it', () => {
  const answer = serviceResponse(200, { externalId: 'e' });
  const broken = violationOf('RETRIEVE-UNKNOWN-404', 'expected HTTP 404 ERR-4002, got HTTP 200');
  const failure = (() => {
    try {
      check.verdict(judgementOf([broken]), answer);
    } catch (error) {
      return error;
    }
    return undefined;
  })();
  expect(failure).toBeInstanceOf(RuleViolation);
  expect((failure as RuleViolation).message).toMatch(
    /^RETRIEVE-UNKNOWN-404: expected HTTP 404 ERR-4002, got HTTP 200\n--- exchange ---\n/,
  );
  expect(recorded()).toHaveLength(1);
  expect(recorded()[0]?.description).toContain(`${broken.message} [`);
  // The same violation again, at the check's end: already recorded, it does not fail the check twice.
  expect(() =>
    settle([{ judgement: judgementOf([broken]), exchange: answer.exchange }], 'new'),
  ).not.toThrow();
  const another = violationOf('ERROR-BODY-SHAPE', 'HTTP 500 with an empty body, not a JSON body');
  expect(() => settle([{ judgement: judgementOf([another]), exchange: answer.exchange }], 'new')).toThrow(
    RuleViolation,
  );
  expect(recorded()).toHaveLength(2);
});
