/** Test titles name their rules; the kit reads them back and refuses unknown ids. */
import { expect, test } from '@playwright/test';
import { violationOf } from '../oracle/violation.ts';
import { violationAnnotation } from './result-annotations.ts';
import { parseRuleTitle, ruleTitle, titlePatternOf } from './rule-titles.ts';

test('ORACLE: titles carry one or several rule ids; unknown ones are named', () => {
  expect(ruleTitle('VAL-AMOUNT-POSITIVE', 'amount 0')).toBe('VAL-AMOUNT-POSITIVE: amount 0');
  expect(ruleTitle(['VAL-BODY-SHAPE', 'VAL-STATUS-400'], 'x')).toBe('VAL-BODY-SHAPE, VAL-STATUS-400: x');
  expect(parseRuleTitle('VAL-BODY-SHAPE, VAL-STATUS-400: x')).toEqual({
    ids: ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
    unknown: [],
  });
  expect(parseRuleTitle('VAL-AMOUNT-POSITIV: typo')).toEqual({ ids: [], unknown: ['VAL-AMOUNT-POSITIV'] });
  expect(parseRuleTitle('no rule here')).toEqual({ ids: [], unknown: [] });
  const pattern = new RegExp(titlePatternOf(['VAL-STATUS-400']));
  expect(pattern.test('VAL-BODY-SHAPE, VAL-STATUS-400: x')).toBe(true);
  expect(pattern.test('VAL-STATUS-400: x')).toBe(true);
  expect(pattern.test('VAL-STATUS-4000: x')).toBe(false);
});

test('ORACLE: a violation is shown to people as a `RULE-ID: message` annotation', () => {
  const found = violationOf('ERROR-BODY-SHAPE', 'HTTP 404 (text/html) with "<h1>", not a JSON body');
  expect(violationAnnotation(found)).toEqual({
    type: 'violation',
    description: 'ERROR-BODY-SHAPE: HTTP 404 (text/html) with "<h1>", not a JSON body',
  });
});
