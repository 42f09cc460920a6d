/**
 * One rule's verdict from the tests of it that ran, the suite's listing and the run's context: the
 * rules of the verdict are those of certificate.ts's header. A rule reads passed only where every
 * check of it that ran reached its judgement on it; otherwise each reason is said apart.
 */
import { CONTRACT_VARIABLES } from '../../contract/index.ts';
import type { TestOutcome, TestOutcomeStatus } from '../../run-records/check-record-reader.ts';
import type { Rule } from '../../spec/index.ts';
import type { TargetDescription } from '../reporters/run-info.ts';
import type { CertificateTest, Verdict } from './certificate-types.ts';

const zeroCounts = (): Record<TestOutcomeStatus, number> => ({ passed: 0, failed: 0, skipped: 0, flaky: 0 });

export const countsOf = (
  tests: readonly { status: TestOutcomeStatus }[],
): Record<TestOutcomeStatus, number> => {
  const counts = zeroCounts();
  for (const test of tests) counts[test.status] += 1;
  return counts;
};

/** A check that failed on some attempt without recording a violation of any rule, nor running out of time. */
/** Tags of the checks that create and throttle nothing: what production runs. */
const READONLY_TAGS: ReadonlySet<string> = new Set(['@readonly', 'readonly']);

export const isKitFault = (t: {
  readonly status: TestOutcomeStatus;
  readonly inconclusive?: string | undefined;
  readonly notRun?: unknown;
  readonly violations?: readonly unknown[];
  readonly otherViolations?: readonly unknown[];
}): boolean =>
  (t.status === 'failed' || t.status === 'flaky') &&
  (t.violations?.length ?? 0) === 0 &&
  (t.otherViolations?.length ?? 0) === 0 &&
  !t.inconclusive &&
  !t.notRun;

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const isProductionReadOnly = (target: TargetDescription | null): boolean =>
  target !== null && target.environment === 'production' && !target.allowProductionWrites;

const PRODUCTION_REASON = `production gets only the checks that create and throttle nothing (@readonly); set ${CONTRACT_VARIABLES.allowProductionWrites}=true to run the others`;

interface VerdictDecision {
  readonly verdict: Verdict;
  readonly reason?: string;
}

/**
 * Why the tests of a rule did not establish it, each kind of reason apart, or undefined when every
 * test that ran reached its judgement on it: not run for want of an answer (or the run stopping),
 * stopped at another rule's violation before judging this one, or unable to make the claim.
 */
const notEstablished = (ran: readonly CertificateTest[]): string | undefined => {
  const notRun = ran.filter((t) => t.notRun);
  const cutShort = ran.filter((t) => !t.notRun && t.inconclusive);
  const stopped = ran.filter(
    (t) =>
      !t.notRun &&
      !t.inconclusive &&
      !t.judgedHere &&
      (t.status === 'failed' || t.status === 'flaky') &&
      (t.otherViolations?.length ?? 0) > 0,
  );
  if (notRun.length + cutShort.length + stopped.length === 0) return undefined;
  const parts: string[] = [];
  const first = notRun[0];
  if (first) {
    const request = first.unanswered
      ? ` (${first.unanswered.method} ${first.unanswered.path}, waited ${first.unanswered.waitedMs} ms)`
      : '';
    parts.push(`${plural(notRun.length, 'check')} ${first.notRun}${request}`);
  }
  if (stopped.length > 0) {
    const others = [...new Set(stopped.flatMap((t) => t.otherViolations ?? []))].sort();
    parts.push(
      `${plural(stopped.length, 'check')} stopped at violations of ${others.join(', ')} before judging it`,
    );
  }
  if (cutShort.length > 0)
    parts.push(`${plural(cutShort.length, 'check')} could not make the claim: ${cutShort[0]?.inconclusive}`);
  const held = ran.filter((t) => t.status === 'passed' || t.judgedHere).length;
  return `${parts.join('; ')}${held > 0 ? `; ${plural(held, 'check')} judged it and found it held` : ''}`;
};

/** What a decision is made from besides the rule and its tests. */
interface VerdictContext {
  readonly productionReadOnly: boolean;
  readonly filters: readonly string[];
  /** Checks of the run that did not reach their end (failed, not run, cut short, interrupted). */
  readonly unfinishedChecks?: number;
}

/** Failed: a test recorded a violation of it, on any attempt (an answer that changed is said so). */
const failedDecision = (ran: readonly CertificateTest[]): VerdictDecision | undefined => {
  const violating = ran.filter((t) => (t.violations?.length ?? 0) > 0);
  if (violating.length === 0) return undefined;
  const total = violating.reduce((sum, t) => sum + (t.violations?.length ?? 0), 0);
  const flaky = violating.filter((t) => t.status === 'flaky').length;
  const changing =
    flaky > 0
      ? `flaky: ${plural(flaky, 'check')} failed on one attempt and passed on another (the target's answer changed between attempts); `
      : '';
  return {
    verdict: 'failed',
    reason: `${changing}${plural(total, 'violation')} in ${plural(violating.length, 'test')}: ${violating[0]?.violations?.[0] ?? ''}`,
  };
};

/**
 * A test of this rule failed (on any attempt) without recording any violation: the check itself
 * broke (a fault of the kit, or its worker died), which says nothing about the target.
 */
const kitFaultDecision = (ran: readonly CertificateTest[]): VerdictDecision | undefined => {
  const kitFaults = ran.filter(isKitFault);
  if (kitFaults.length === 0) return undefined;
  return {
    verdict: 'inconclusive',
    reason:
      `${plural(kitFaults.length, 'check')} failed inside the kit without recording a violation (not a verdict on the target): ${kitFaults[0]?.error?.split('\n')[0] ?? kitFaults[0]?.title ?? ''}`.trim(),
  };
};

/** Passed: some test reached its judgement on it and found it held (every other one did too, or skipped). */
const passedDecision = (ran: readonly CertificateTest[]): VerdictDecision | undefined => {
  const counts = countsOf(ran);
  const established = ran.filter((t) => t.status === 'passed' || t.judgedHere).length;
  if (established === 0) return undefined;
  const inFailed = established - counts.passed;
  const reason = [
    inFailed > 0
      ? `${plural(inFailed, 'check')} that failed on another rule judged it and found it held`
      : '',
    counts.skipped > 0 ? `${counts.skipped} skipped` : '',
  ]
    .filter((part) => part !== '')
    .join('; ');
  return reason ? { verdict: 'passed', reason } : { verdict: 'passed' };
};

/** Every test of it that ran was skipped: with their reasons, or as production's when that is why. */
const skippedDecision = (ran: readonly CertificateTest[]): VerdictDecision | undefined => {
  if (ran.length === 0) return undefined;
  const forProduction = (t: CertificateTest) =>
    (t.skipKinds?.length ?? 0) > 0 && t.skipKinds?.every((kind) => kind === 'production-read-only');
  if (ran.every(forProduction)) return { verdict: 'not-applicable-in-production', reason: PRODUCTION_REASON };
  const reasons = [...new Set(ran.flatMap((t) => t.reasons ?? []))].sort();
  return { verdict: 'skipped', reason: reasons.join('; ') || 'skipped without a reason' };
};

/** The suite has tests of it, and none ran: production's read-only run, the run's filters, or neither. */
const unrunDecision = (
  rule: Rule,
  listed: readonly TestOutcome[] | undefined,
  context: VerdictContext,
): VerdictDecision | undefined => {
  const inSuite = listed?.filter((t) => t.ruleIds.includes(rule.id)) ?? [];
  if (inSuite.length === 0) return undefined;
  if (context.productionReadOnly && !inSuite.some((t) => t.tags.some((tag) => READONLY_TAGS.has(tag))))
    return { verdict: 'not-applicable-in-production', reason: PRODUCTION_REASON };
  return {
    verdict: 'skipped',
    reason:
      context.filters.length > 0
        ? `not selected by this run's filters (see Filters above)`
        : `the suite has ${plural(inSuite.length, 'test')} for it, but none ran`,
  };
};

/** No test of the run covers it: not checkable remotely, a gap a part of the suite cannot tell, or not covered. */
const uncoveredDecision = (
  rule: Rule,
  listed: readonly TestOutcome[] | undefined,
  context: VerdictContext,
): VerdictDecision => {
  if (rule.notCheckableRemotely)
    return { verdict: 'not-checkable-remotely', reason: rule.notCheckableRemotely };
  // A gap is observed by the tests of other rules: a run of part of the suite cannot tell whether
  // a gap it did not observe is observed by no test at all.
  if (rule.kind === 'gap' && (context.filters.length > 0 || context.productionReadOnly)) {
    const part = context.filters.length > 0 ? 'filtered' : 'production: only @readonly checks';
    return {
      verdict: 'skipped',
      reason: `not observed in this run, which ran part of the suite (${part}); only a whole run tells whether any test observes it`,
    };
  }
  // Nor can a run whose checks did not all reach their end: the one that observes it may have stopped.
  if (rule.kind === 'gap' && (context.unfinishedChecks ?? 0) > 0) {
    return {
      verdict: 'skipped',
      reason: `not observed in this run, in which ${plural(context.unfinishedChecks ?? 0, 'check')} did not reach their end; only a whole run whose checks all end tells whether any test observes it`,
    };
  }
  const what = rule.kind === 'gap' ? 'observes this gap' : 'checks this rule';
  return {
    verdict: 'not-covered',
    reason: listed ? `no test of the suite ${what}` : `no test of this run ${what}`,
  };
};

/** The first decision that applies, in the order of certificate.ts's header. */
export const decideVerdict = (
  rule: Rule,
  ran: readonly CertificateTest[],
  listed: readonly TestOutcome[] | undefined,
  context: VerdictContext,
): VerdictDecision => {
  const unestablished = notEstablished(ran);
  return (
    failedDecision(ran) ??
    kitFaultDecision(ran) ??
    (unestablished ? { verdict: 'inconclusive', reason: unestablished } : undefined) ??
    passedDecision(ran) ??
    skippedDecision(ran) ??
    unrunDecision(rule, listed, context) ??
    uncoveredDecision(rule, listed, context)
  );
};
