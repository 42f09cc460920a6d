/**
 * How the Allure report links a rule, from the labels the suites write and from the results the report
 * builder adds: to the rule's entry in the catalog, in the kit's repository.
 */
import type { Rule } from '../spec/index.ts';

export const ruleLink = (rule: Rule): string => `spec/rules.ts#${rule.id}`;
