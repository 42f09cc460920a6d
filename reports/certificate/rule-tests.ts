/**
 * The tests a rule is credited with. A test covers the rules it is declared with, every rule it
 * recorded a violation of, and every rule or gap it recorded an observation for: joined by the test's
 * id, so two checks of one title keep their own. Observations written by older kits name their test by
 * title only, and are joined by it.
 */
import type { TestOutcome } from '../../run-records/check-record-reader.ts';
import type { RuleId } from '../../spec/index.ts';
import type { CertificateInput, CertificateTest } from './certificate-types.ts';
import type { LoadTest } from './load-entries.ts';

/** Which tests observed each rule or gap: by test id, and by title for older kits' observations. */
export interface Observers {
  readonly byTestId: ReadonlyMap<string, ReadonlySet<string>>;
  readonly byTitle: ReadonlyMap<string, ReadonlySet<string>>;
}

export const observersOf = (observations: CertificateInput['observations']['observations']): Observers => {
  const byTestId = new Map<string, Set<string>>();
  const byTitle = new Map<string, Set<string>>();
  for (const { ruleId, testId, test } of observations) {
    const byKey = testId === undefined ? byTitle : byTestId;
    const keys = byKey.get(ruleId) ?? new Set<string>();
    keys.add(testId ?? test);
    byKey.set(ruleId, keys);
  }
  return { byTestId, byTitle };
};

const covers = (outcome: TestOutcome, ruleId: string, observers: Observers): boolean =>
  outcome.ruleIds.includes(ruleId as RuleId) ||
  (outcome.testId !== undefined && observers.byTestId.get(ruleId)?.has(outcome.testId) === true) ||
  observers.byTitle.get(ruleId)?.has(outcome.title) === true ||
  outcome.violations.some((v) => v.rule === ruleId);

/** One test as the entry of one rule shows it: its own violations apart from the other rules'. */
export const certificateTestOf = (outcome: TestOutcome, ruleId: string): CertificateTest => {
  const own = outcome.violations.filter((v) => v.rule === ruleId).map((v) => v.message);
  const others = [...new Set(outcome.violations.filter((v) => v.rule !== ruleId).map((v) => v.rule))];
  return {
    title: outcome.fullTitle,
    project: outcome.project,
    status: outcome.status,
    ...(outcome.reasons.length > 0 ? { reasons: outcome.reasons } : {}),
    ...(outcome.skipKinds.length > 0 ? { skipKinds: outcome.skipKinds } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(own.length > 0 ? { violations: own } : {}),
    ...(others.length > 0 ? { otherViolations: others } : {}),
    ...(outcome.inconclusive ? { inconclusive: outcome.inconclusive } : {}),
    ...(outcome.notRun ? { notRun: outcome.notRun.text } : {}),
    ...(outcome.notRun?.request ? { unanswered: outcome.notRun.request } : {}),
    ...(outcome.runAgain ? { runAgain: outcome.runAgain } : {}),
    ...(own.length === 0 && outcome.judged.includes(ruleId as RuleId) ? { judgedHere: true } : {}),
  };
};

const byTitle = (a: CertificateTest, b: CertificateTest): number =>
  a.title.localeCompare(b.title) || a.project.localeCompare(b.project);

/** The run's tests and the run's k6 thresholds that cover one rule, in a stable order. */
export const testsOfRule = (
  ruleId: string,
  outcomes: readonly TestOutcome[],
  observers: Observers,
  loadTests: readonly LoadTest[],
): CertificateTest[] =>
  [
    ...outcomes.filter((t) => covers(t, ruleId, observers)).map((t) => certificateTestOf(t, ruleId)),
    ...loadTests.filter((t) => t.ruleId === ruleId).map(({ ruleId: _ruleId, ...test }) => test),
  ].sort(byTitle);
