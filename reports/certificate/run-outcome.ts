/**
 * The run's outcome from its rules' verdicts, its checks and how it ended: incomplete (interrupted,
 * stopped, unanswered requests, a kit fault, rules not established), a deviation, declared deviations
 * only, or no deviation found; in one sentence for the certificate's first line.
 */

import type { TestOutcomeStatus } from '../../run-records/check-record-reader.ts';
import type { Certificate, Outcome, RuleEntry, UnansweredFinding } from './certificate-types.ts';
import { plural } from './rule-verdict.ts';
/** One unanswered request in words: the request, how long the kit waited, the check and its rules. */
export const describeUnanswered = (u: UnansweredFinding): string =>
  `${u.method} ${u.path}, no answer after ${u.waitedMs} ms, in "${u.check}" (${u.rules.join(', ') || 'no rule'})`;

/**
 * The outcome of a run that ran to its end with no rule failed: incomplete when it erred outside the
 * tests, passed nothing or left a rule not established; else declared deviations only, or none found.
 */
const endedOutcome = (
  rules: readonly RuleEntry[],
  testCounts: Record<TestOutcomeStatus, number>,
  runErrors: readonly string[],
  declared: readonly string[],
): { outcome: Outcome; text: string } => {
  const inconclusive = rules.filter((r) => r.verdict === 'inconclusive').length;
  if (runErrors.length > 0 || testCounts.passed + testCounts.flaky === 0 || inconclusive > 0) {
    return {
      outcome: 'incomplete',
      text:
        runErrors.length > 0
          ? `Incomplete: the run reported ${plural(runErrors.length, 'error')} outside the tests.`
          : inconclusive > 0
            ? `Incomplete: no deviation found, but ${plural(inconclusive, 'rule')} could not be checked to the end (inconclusive).`
            : 'Incomplete: no test passed in this run.',
    };
  }
  if (declared.length > 0) {
    return {
      outcome: 'declared-deviations-only',
      text: `No undeclared deviation found: only the provider's ${plural(declared.length, 'declared deviation')} occurred (${declared.join(', ')}), shown under Declared deviations. Rules not covered, skipped or not checkable are listed as such.`,
    };
  }
  return {
    outcome: 'no-deviation-found',
    text: 'No deviation found in the rules checked. Rules not covered, skipped or not checkable are listed as such.',
  };
};

export const outcomeOf = (
  rules: readonly RuleEntry[],
  testCounts: Record<TestOutcomeStatus, number>,
  runErrors: readonly string[],
  ended: {
    readonly status: string | undefined;
    readonly stopped: string | undefined;
    readonly stoppedEarly: Certificate['stoppedEarly'];
    readonly kitFaults: Certificate['kitFaults'];
    readonly unanswered: Certificate['unanswered'];
  },
): { outcome: Outcome; text: string } => {
  const failedRules = rules.filter((r) => r.verdict === 'failed').length;
  const declared = rules.filter((r) => r.verdict === 'declared').map((r) => r.id);
  const alsoDeclared =
    declared.length > 0
      ? ` ${plural(declared.length, 'declared deviation')} occurred too (${declared.join(', ')}).`
      : '';
  const found = failedRules > 0 ? ` In what ran, ${plural(failedRules, 'rule')} failed.` : '';
  const early = ended.stoppedEarly
    ? ` The run stopped early, after ${plural(ended.stoppedEarly.maxFailures, 'failure')} (--max-failures): ${plural(ended.stoppedEarly.notRun, 'check')} did not run.`
    : '';
  // A run cut short says so first: what it did not check is not a pass, and never another run's.
  if (ended.status === 'interrupted' || ended.status === 'running') {
    return {
      outcome: 'incomplete',
      text: `Incomplete: interrupted before the end (${plural(testCounts.passed + testCounts.failed + testCounts.flaky, 'test')} ran).${found}`,
    };
  }
  if (ended.stopped) {
    return { outcome: 'incomplete', text: `Incomplete: the run was stopped: ${ended.stopped}.${found}` };
  }
  const unansweredText =
    ended.unanswered.length > 0
      ? ` The target never answered ${plural(ended.unanswered.length, 'request')} (first ${describeUnanswered(ended.unanswered[0] as UnansweredFinding)}): their checks did not run.`
      : '';
  if (failedRules > 0) {
    const flaky = testCounts.flaky > 0 ? `, ${plural(testCounts.flaky, 'flaky test')}` : '';
    return {
      outcome: 'deviation-found',
      text: `Deviation found: ${plural(failedRules, 'rule')} failed (${plural(testCounts.failed, 'failed test')}${flaky}).${alsoDeclared}${unansweredText}${early}`,
    };
  }
  if (ended.unanswered.length > 0) {
    return {
      outcome: 'incomplete',
      text: `Incomplete: the target never answered ${plural(ended.unanswered.length, 'request')} while it answered others (first ${describeUnanswered(ended.unanswered[0] as UnansweredFinding)}): their checks did not run, and their rules are not established.${early}`,
    };
  }
  if (ended.kitFaults.length > 0) {
    const first = ended.kitFaults[0];
    return {
      outcome: 'incomplete',
      text: `Incomplete: ${plural(ended.kitFaults.length, 'check')} failed inside the kit without recording a violation (a fault of the kit, not a verdict on the target; their rules read inconclusive), first ${first?.title}: ${first?.error?.split('\n')[0] ?? 'no error message'}.${early}`,
    };
  }
  if (ended.stoppedEarly) {
    return { outcome: 'incomplete', text: `Incomplete:${early} No rule failed in what ran.` };
  }
  return endedOutcome(rules, testCounts, runErrors, declared);
};
