/**
 * The conformance certificate: every rule and gap of the spec catalog (spec/rules.ts) with its
 * verdict from one run, the observations where the spec is silent, the target (never a token), the
 * kit version and the run id. Pure: the inputs are read elsewhere (write-certificate.ts).
 *
 * A rule's verdict is computed from the violations the tests recorded (oracle/), whichever test found
 * them, and from the tests that check it (those whose rule annotations name it, or that observed the gap):
 *   failed   if any test recorded a violation of it, on any attempt: a check that failed and
 *            then passed on a retry is flaky, and an answer that changes from one attempt to the
 *            next is a finding, never a pass (a crossed k6 threshold is a violation too);
 *   passed   only if every test of it that ran reached its judgement on it and found it held: it
 *            passed, or it failed on another rule in a judgement that still judged this one (a 422
 *            breaks VAL-STATUS-400 and still shows the code of a bad status); tests skipped for a
 *            reason of their own (a premise a consistent reading does not meet, tenant B missing)
 *            neither pass nor hold it back;
 *   inconclusive  ("not established") if any test of it did not reach its judgement on it, each
 *            reason kept apart: no answer from the target (the request, how long it waited), stopped
 *            at another rule's violation before this rule's part was judged, the claim could not be
 *            made (a property cut short, no simultaneous burst, out of time), or a failure inside the
 *            kit without any violation (a kit fault: never counted against the target, see kitFaults);
 *   skipped  if all were skipped, with their reasons, or none was selected by the run's filters;
 *   not applicable in production  if they were skipped (or filtered out) because production gets
 *            only the checks that create and throttle nothing;
 * and, when no test of the suite covers the rule at all:
 *   not checkable remotely  with the catalog's reason, or else
 *   not covered: never "passed". Honesty first: a rule nobody checked is not a rule that holds.
 * A failed rule the provider declared as a known deviation (DECLARED_DEVIATIONS_FILE,
 * declarations.ts) reads `declared`: shown with its declaration, and not a deviation of the run.
 */
import type { DeclaredDeviations } from '../../config/declared-deviations.ts';
import { CONTRACT_VARIABLES } from '../../contract/index.ts';
import type { SkipKind, UnansweredRequest } from '../../run-records/check-record.ts';
import { RULES, type Rule, type RuleId, SPEC_PARTS } from '../../spec/index.ts';
import type { LoadSummary } from '../allure/load-summaries.ts';
import { type RunInfo, runFilters, type TargetDescription } from '../reporters/run-info.ts';
import { applyDeclarations, type DeclarationReport, declarationNotes } from './declarations.ts';
import type { TestOutcome, TestOutcomeStatus } from './test-outcomes.ts';

export const CERTIFICATE_SCHEMA = 'conformance-certificate/v1';

export const VERDICTS = Object.freeze([
  'failed',
  'declared',
  'passed',
  'inconclusive',
  'skipped',
  'not-applicable-in-production',
  'not-checkable-remotely',
  'not-covered',
] as const);
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Readonly<Record<Verdict, string>> = Object.freeze({
  failed: 'failed',
  declared: 'failed, declared deviation',
  passed: 'passed',
  inconclusive: 'not established',
  skipped: 'skipped',
  'not-applicable-in-production': 'not applicable in production',
  'not-checkable-remotely': 'not checkable remotely',
  'not-covered': 'not covered (no test)',
});

const READONLY_TAGS: ReadonlySet<string> = new Set(['@readonly', 'readonly']);

export interface CertificateTest {
  readonly title: string;
  readonly project: string;
  readonly status: TestOutcomeStatus;
  readonly reasons?: readonly string[];
  /** The kinds of reason it was skipped for (its check record's). */
  readonly skipKinds?: readonly SkipKind[];
  readonly error?: string;
  /** The violations of this rule the test recorded. */
  readonly violations?: readonly string[];
  /** The rules of others it recorded violations of. */
  readonly otherViolations?: readonly RuleId[];
  readonly inconclusive?: string;
  /** Why it was not run (no answer, the run stopped), when it recorded no violation. */
  readonly notRun?: string;
  /** The request the target never answered, when that is why it was not run. */
  readonly unanswered?: UnansweredRequest;
  /** A failed test whose failing judgement still judged this rule (and found it held). */
  readonly judgedHere?: boolean;
}

/** A request the target never answered, while it answered others: a finding of the run. */
export interface UnansweredFinding extends UnansweredRequest {
  readonly check: string;
  readonly rules: readonly RuleId[];
}

export interface Reading {
  readonly observed: string;
  readonly count: number;
}

export interface RuleEntry {
  readonly id: string;
  readonly kind: Rule['kind'];
  readonly part: string;
  readonly area: string;
  readonly severity: Rule['severity'];
  readonly title: string;
  readonly statement: string;
  readonly verdict: Verdict;
  /** Why: the skip reasons, the filter, the production rule, the catalog's reason, the failure. */
  readonly reason?: string;
  readonly counts: Readonly<Record<TestOutcomeStatus, number>>;
  readonly tests: readonly CertificateTest[];
  readonly observations: readonly Reading[];
}

export interface LoadEntry {
  readonly script: string;
  readonly runId: string | null;
  readonly generatedAt: string;
  readonly verdict: 'passed' | 'failed';
  readonly counted: boolean;
  /** Why a summary does not count toward the verdicts (another run). */
  readonly note?: string;
  /** k6's web-dashboard HTML report of the run, relative to the certificate's folder, when there is one. */
  readonly dashboard: string | null;
}

/** A k6 summary as the certificate takes it: with its dashboard's address relative to the certificate. */
export type CertificateLoadSummary = Omit<LoadSummary, 'file' | 'dashboardFile'> & {
  readonly dashboardHref?: string | undefined;
};

export type Outcome =
  | 'no-deviation-found'
  /** Every rule that failed is one the provider declared: none of the rest failed. */
  | 'declared-deviations-only'
  | 'deviation-found'
  | 'incomplete';

export interface Certificate {
  readonly schema: typeof CERTIFICATE_SCHEMA;
  readonly kitVersion: string;
  readonly runId: string | null;
  /** When the run started: the certificate of one run is the same whenever it is rewritten. */
  readonly date: string | null;
  readonly target: TargetDescription | null;
  readonly filters: readonly string[];
  /** The shard of the suite this certificate covers (`--shard 1/3`), or null for all of it. */
  readonly shard: { readonly current: number; readonly total: number } | null;
  /**
   * Checks that failed inside the kit without recording a violation (their rules read inconclusive):
   * a fault of the kit, never counted against the target.
   */
  readonly kitFaults: readonly { readonly title: string; readonly error: string | undefined }[];
  /**
   * Requests the target never answered (no answer within the time-out, a reset, a gateway's page)
   * while it answered others: each a check not run, its rules not established. The run exits 3 for
   * them unless a violation makes it 1.
   */
  readonly unanswered: readonly UnansweredFinding[];
  /** Set when `--max-failures` stopped the run before its end. */
  readonly stoppedEarly: { readonly maxFailures: number; readonly notRun: number } | null;
  readonly outcome: Outcome;
  readonly outcomeText: string;
  readonly totals: {
    readonly rules: number;
    readonly gaps: number;
    readonly verdicts: Readonly<Record<Verdict, number>>;
    readonly tests: Readonly<Record<TestOutcomeStatus, number>>;
    /** Tests whose titles name no rule of the catalog (they count in the outcome all the same). */
    readonly testsWithoutRule: number;
  };
  readonly rules: readonly RuleEntry[];
  /** The provider's declared deviations and what became of each in this run; null without a file. */
  readonly declaredDeviations: DeclarationReport | null;
  readonly runErrors: readonly string[];
  readonly load: readonly LoadEntry[];
  readonly notes: readonly string[];
}

export interface CertificateInput {
  readonly kitVersion: string;
  readonly run: RunInfo | undefined;
  readonly runIdFallback: string | undefined;
  readonly dateFallback: string | undefined;
  /** The tests of the run (results.json). */
  readonly outcomes: readonly TestOutcome[];
  readonly runErrors: readonly string[];
  /** Every test of the suite, run or not (`playwright test --list`), when it could be listed. */
  readonly suiteListing: readonly TestOutcome[] | undefined;
  /** The run's observations (observations.json): the readings by rule id, and which test saw each. */
  readonly observations: {
    readonly byRule: Readonly<Record<string, Readonly<Record<string, number>>>>;
    readonly observations: readonly { readonly ruleId: string; readonly test: string }[];
  };
  readonly loadSummaries: readonly CertificateLoadSummary[];
  readonly rules?: readonly Rule[];
  /** Why the run was stopped before its end (the target went away, a tenant was throttled). */
  readonly stopped?: string | undefined;
  /** The provider's declared deviations (DECLARED_DEVIATIONS_FILE), when it names a file. */
  readonly declaredDeviations?: DeclaredDeviations | undefined;
}

const zeroCounts = (): Record<TestOutcomeStatus, number> => ({ passed: 0, failed: 0, skipped: 0, flaky: 0 });

const countsOf = (tests: readonly { status: TestOutcomeStatus }[]): Record<TestOutcomeStatus, number> => {
  const counts = zeroCounts();
  for (const test of tests) counts[test.status] += 1;
  return counts;
};

/** A check that failed on some attempt without recording a violation of any rule, nor running out of time. */
const isKitFault = (t: {
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

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const isProductionReadOnly = (target: TargetDescription | null): boolean =>
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

export const decideVerdict = (
  rule: Rule,
  ran: readonly CertificateTest[],
  listed: readonly TestOutcome[] | undefined,
  context: {
    readonly productionReadOnly: boolean;
    readonly filters: readonly string[];
    /** Checks of the run that did not reach their end (failed, not run, cut short, interrupted). */
    readonly unfinishedChecks?: number;
  },
): VerdictDecision => {
  const counts = countsOf(ran);
  const violating = ran.filter((t) => (t.violations?.length ?? 0) > 0);
  if (violating.length > 0) {
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
  }
  // A test of this rule failed (on any attempt) without recording any violation: the check itself
  // broke (a fault of the kit, or its worker died), which says nothing about the target.
  const kitFaults = ran.filter(isKitFault);
  if (kitFaults.length > 0) {
    return {
      verdict: 'inconclusive',
      reason:
        `${plural(kitFaults.length, 'check')} failed inside the kit without recording a violation (not a verdict on the target): ${kitFaults[0]?.error?.split('\n')[0] ?? kitFaults[0]?.title ?? ''}`.trim(),
    };
  }
  const unestablished = notEstablished(ran);
  if (unestablished) return { verdict: 'inconclusive', reason: unestablished };
  const established = ran.filter((t) => t.status === 'passed' || t.judgedHere).length;
  if (established > 0) {
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
  }
  if (ran.length > 0) {
    const reasons = [...new Set(ran.flatMap((t) => t.reasons ?? []))].sort();
    const forProduction = (t: CertificateTest) =>
      (t.skipKinds?.length ?? 0) > 0 && t.skipKinds?.every((kind) => kind === 'production-read-only');
    if (ran.every(forProduction)) {
      return { verdict: 'not-applicable-in-production', reason: PRODUCTION_REASON };
    }
    return { verdict: 'skipped', reason: reasons.join('; ') || 'skipped without a reason' };
  }
  const inSuite = listed?.filter((t) => t.ruleIds.includes(rule.id)) ?? [];
  if (inSuite.length > 0) {
    if (context.productionReadOnly && !inSuite.some((t) => t.tags.some((tag) => READONLY_TAGS.has(tag)))) {
      return { verdict: 'not-applicable-in-production', reason: PRODUCTION_REASON };
    }
    return {
      verdict: 'skipped',
      reason:
        context.filters.length > 0
          ? `not selected by this run's filters (see Filters above)`
          : `the suite has ${plural(inSuite.length, 'test')} for it, but none ran`,
    };
  }
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

/** One unanswered request in words: the request, how long the kit waited, the check and its rules. */
export const describeUnanswered = (u: UnansweredFinding): string =>
  `${u.method} ${u.path}, no answer after ${u.waitedMs} ms, in "${u.check}" (${u.rules.join(', ') || 'no rule'})`;

const outcomeOf = (
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

const byTitle = (a: CertificateTest, b: CertificateTest): number =>
  a.title.localeCompare(b.title) || a.project.localeCompare(b.project);

export const buildCertificate = (input: CertificateInput): Certificate => {
  const rules = input.rules ?? RULES;
  const target = input.run?.target ?? null;
  const runId = input.run?.runId ?? input.runIdFallback ?? null;
  const filters = input.run ? runFilters(input.run) : [];
  const unfinishedChecks = input.outcomes.filter(
    (t) =>
      t.status === 'failed' || t.status === 'flaky' || t.notRun !== undefined || t.inconclusive !== undefined,
  ).length;
  const context = {
    productionReadOnly: isProductionReadOnly(target),
    filters,
    // A run cut short (interrupted, timed out, killed) left checks it never listed as results.
    unfinishedChecks: ['interrupted', 'timedout', 'running'].includes(input.run?.status ?? '')
      ? Math.max(1, unfinishedChecks)
      : unfinishedChecks,
  };

  const load: LoadEntry[] = [];
  const loadTests: (CertificateTest & { ruleId: string })[] = [];
  for (const summary of [...input.loadSummaries].sort((a, b) => a.script.localeCompare(b.script))) {
    const counted = runId !== null && summary.runId === runId;
    load.push({
      script: summary.script,
      runId: summary.runId ?? null,
      generatedAt: summary.generatedAt,
      verdict: summary.verdict,
      counted,
      dashboard: summary.dashboardHref ?? null,
      ...(counted ? {} : { note: `from another run (${summary.runId ?? 'no run id'}): not counted` }),
    });
    if (!counted) continue;
    for (const threshold of summary.thresholds) {
      const status: TestOutcomeStatus = threshold.verdict === 'passed' ? 'passed' : 'failed';
      loadTests.push({
        ruleId: threshold.ruleId,
        title: `${threshold.ruleId}: ${threshold.title} [${threshold.metric} ${threshold.expression}]`,
        project: `k6 ${summary.script}`,
        status,
        // A crossed threshold is a violation of its rule; one k6 could not evaluate is a run that
        // could not measure, never a verdict on the target.
        ...(threshold.verdict === 'failed'
          ? {
              error: `threshold crossed: observed ${threshold.observed ?? 'nothing'}`,
              violations: [`threshold crossed: observed ${threshold.observed ?? 'nothing'}`],
            }
          : status === 'failed'
            ? { inconclusive: 'threshold not evaluated: no value in the k6 summary' }
            : {}),
      });
    }
  }

  // A test covers the rule its title names, and every rule or gap it recorded an observation for.
  const observedBy = new Map<string, Set<string>>();
  for (const { ruleId, test } of input.observations.observations) {
    const titles = observedBy.get(ruleId) ?? new Set<string>();
    titles.add(test);
    observedBy.set(ruleId, titles);
  }

  const judged: RuleEntry[] = rules.map((rule) => {
    const observing = observedBy.get(rule.id);
    const ran: CertificateTest[] = [
      ...input.outcomes
        .filter(
          (t) =>
            t.ruleIds.includes(rule.id) ||
            observing?.has(t.title) ||
            t.violations.some((v) => v.rule === rule.id),
        )
        .map((t) => {
          const own = t.violations.filter((v) => v.rule === rule.id).map((v) => v.message);
          const others = [...new Set(t.violations.filter((v) => v.rule !== rule.id).map((v) => v.rule))];
          return {
            title: t.fullTitle,
            project: t.project,
            status: t.status,
            ...(t.reasons.length > 0 ? { reasons: t.reasons } : {}),
            ...(t.skipKinds.length > 0 ? { skipKinds: t.skipKinds } : {}),
            ...(t.error ? { error: t.error } : {}),
            ...(own.length > 0 ? { violations: own } : {}),
            ...(others.length > 0 ? { otherViolations: others } : {}),
            ...(t.inconclusive ? { inconclusive: t.inconclusive } : {}),
            ...(t.notRun ? { notRun: t.notRun.text } : {}),
            ...(t.notRun?.request ? { unanswered: t.notRun.request } : {}),
            ...(own.length === 0 && t.judged.includes(rule.id as RuleId) ? { judgedHere: true } : {}),
          };
        }),
      ...loadTests.filter((t) => t.ruleId === rule.id).map(({ ruleId: _ruleId, ...test }) => test),
    ].sort(byTitle);
    const decision = decideVerdict(rule, ran, input.suiteListing, context);
    const readings = Object.entries(input.observations.byRule[rule.id] ?? {})
      .map(([observed, count]) => ({ observed, count }))
      .sort((a, b) => a.observed.localeCompare(b.observed));
    return {
      id: rule.id,
      kind: rule.kind,
      part: SPEC_PARTS[rule.part],
      area: rule.area,
      severity: rule.severity,
      title: rule.title,
      statement: rule.statement,
      verdict: decision.verdict,
      ...(decision.reason ? { reason: decision.reason } : {}),
      counts: countsOf(ran),
      tests: ran,
      observations: readings,
    };
  });

  const date = input.run?.startedAt ?? input.dateFallback ?? null;
  const declarations = applyDeclarations(
    judged,
    input.declaredDeviations,
    (date ?? new Date().toISOString()).slice(0, 10),
  );
  const entries = declarations.rules;
  const verdicts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const entry of entries) verdicts[entry.verdict] += 1;
  const allTests = [...input.outcomes, ...loadTests];
  const testCounts = countsOf(allTests);
  const shard = input.run?.shard ?? null;
  const stoppedEarly = input.run?.stoppedEarly ?? null;
  const kitFaults = input.outcomes.filter(isKitFault).map((t) => ({ title: t.fullTitle, error: t.error }));
  const unanswered = input.outcomes.flatMap((t) =>
    t.notRun?.kind === 'no-answer' && t.notRun.request
      ? [{ check: t.fullTitle, rules: t.ruleIds, ...t.notRun.request }]
      : [],
  );
  const ended = outcomeOf(entries, testCounts, input.runErrors, {
    status: input.run?.status,
    stopped: input.stopped,
    stoppedEarly,
    kitFaults,
    unanswered,
  });
  const outcome = ended.outcome;
  // A shard's certificate says so in its first sentence: the other shards' checks are not in it.
  const text = shard
    ? `${ended.text} This certificate covers shard ${shard.current} of ${shard.total} only.`
    : ended.text;
  const unknownObservations = Object.keys(input.observations.byRule)
    .filter((id) => !rules.some((r) => r.id === id))
    .sort();
  const notes = [
    ...(shard
      ? [
          `Shard ${shard.current} of ${shard.total}: the rules checked only by the other shards read "skipped"; merge the shards' reports (docs/scaling.md) for the whole suite.`,
        ]
      : []),
    ...(filters.length > 0
      ? [`This run was filtered (${filters.join(', ')}): it is not a certificate of the whole suite.`]
      : []),
    ...(input.suiteListing === undefined
      ? ['The suite could not be listed: rules without a test in this run are shown as not covered.']
      : []),
    ...(input.run === undefined ? ['The run left no run.json: the target is not recorded.'] : []),
    ...unknownObservations.map((id) => `Observations for ${id}, which is not in the catalog, are not shown.`),
    ...declarationNotes(declarations.report),
  ];

  return {
    schema: CERTIFICATE_SCHEMA,
    kitVersion: input.kitVersion,
    runId,
    date,
    target,
    filters,
    shard,
    kitFaults,
    unanswered,
    stoppedEarly,
    outcome,
    outcomeText: text,
    totals: {
      rules: entries.filter((e) => e.kind === 'rule').length,
      gaps: entries.filter((e) => e.kind === 'gap').length,
      verdicts,
      tests: testCounts,
      testsWithoutRule: input.outcomes.filter((t) => t.ruleIds.length === 0).length,
    },
    rules: entries,
    declaredDeviations: declarations.report,
    runErrors: [...input.runErrors],
    load,
    notes,
  };
};
