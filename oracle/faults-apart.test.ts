/** The credit of a body of several faults once it is taken apart (faults-apart.ts). */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { RuleId } from '../spec/index.ts';
import { BODY_AS_A_WHOLE_RULE, creditFaultsApart, type Judged } from './faults-apart.ts';
import { violationOf } from './violation.ts';

const judged = (label: string, ...rules: RuleId[]): Judged & { label: string } => ({
  label,
  violations: rules.map((rule) => violationOf(rule, `${label} broke ${rule}`)),
});
const rulesOf = (findings: readonly Judged[]) => findings.flatMap((f) => f.violations.map((v) => v.rule));
const BODY_RULES: RuleId[] = ['VAL-CHANNEL-ENUM', 'VAL-COUNTRY-ISO3166'];

test('ORACLE: a whole body answered rightly has no findings, whatever was sent alone', () => {
  expect(creditFaultsApart(judged('whole'), [], BODY_RULES)).toEqual([]);
});

test('ORACLE: a 5xx for a body of several faults goes to the fault that shows it alone, not to every fault', () => {
  const whole = judged('whole', 'VAL-CHANNEL-ENUM', 'VAL-COUNTRY-ISO3166');
  const findings = creditFaultsApart(
    whole,
    [judged('channel alone', 'VAL-CHANNEL-ENUM'), judged('country alone')],
    BODY_RULES,
  );
  expect(findings.map((f) => f.label)).toEqual(['channel alone']);
  expect(rulesOf(findings)).toEqual(['VAL-CHANNEL-ENUM']);
});

test('ORACLE: two faults that each break their rule alone are both found', () => {
  const findings = creditFaultsApart(
    judged('whole', 'VAL-CHANNEL-ENUM', 'VAL-COUNTRY-ISO3166'),
    [judged('channel alone', 'VAL-CHANNEL-ENUM'), judged('country alone', 'VAL-COUNTRY-ISO3166')],
    BODY_RULES,
  );
  expect(rulesOf(findings)).toEqual(['VAL-CHANNEL-ENUM', 'VAL-COUNTRY-ISO3166']);
});

test('ORACLE: every fault answered rightly alone: the body as a whole broke VAL-ALL-FAILURES, not the faults’ own rules', () => {
  const findings = creditFaultsApart(
    judged('whole', 'VAL-CHANNEL-ENUM', 'VAL-COUNTRY-ISO3166'),
    [judged('channel alone'), judged('country alone')],
    BODY_RULES,
  );
  expect(findings.map((f) => f.label)).toEqual(['whole']);
  expect(rulesOf(findings)).toEqual([BODY_AS_A_WHOLE_RULE, BODY_AS_A_WHOLE_RULE]);
  expect(findings[0]?.violations[0]?.message).toMatch(/whole broke VAL-CHANNEL-ENUM.*each fault.*alone/);
});

test('ORACLE: every fault answered rightly alone: a violation of another rule (the stored event, the body shape) stands', () => {
  const findings = creditFaultsApart(
    judged('whole', 'RETRIEVE-RETURNS-EVENT', 'ERROR-BODY-SHAPE', 'VAL-ALL-FAILURES'),
    [judged('channel alone'), judged('country alone')],
    BODY_RULES,
  );
  expect(rulesOf(findings)).toEqual(['RETRIEVE-RETURNS-EVENT', 'ERROR-BODY-SHAPE', 'VAL-ALL-FAILURES']);
  expect(findings[0]?.violations[2]?.message).toBe('whole broke VAL-ALL-FAILURES');
});

test('ORACLE: a body not taken apart (one fault) keeps its own credit', () => {
  expect(rulesOf(creditFaultsApart(judged('whole', 'VAL-CHANNEL-ENUM'), [], ['VAL-CHANNEL-ENUM']))).toEqual([
    'VAL-CHANNEL-ENUM',
  ]);
});
