/**
 * Reading the certificate's tests' results: one rule's entry by its id, and a suite listing built from
 * fixture tests.
 */
import { type TestOutcome, testOutcomes } from '../../run-records/check-record-reader.ts';
import type { RuleEntry } from '../certificate/certificate.ts';
import { type FixtureTest, fixtureReport } from './report-fixtures.ts';

export const entry = (rules: readonly RuleEntry[], id: string): RuleEntry => {
  const found = rules.find((r) => r.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
};

export const listing = (tests: readonly FixtureTest[]): TestOutcome[] => testOutcomes(fixtureReport(tests));
