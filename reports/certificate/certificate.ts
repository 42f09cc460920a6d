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

import type { Rule } from '../../spec/index.ts';
import { RULES, SPEC_PARTS } from '../../spec/index.ts';
import { runFilters } from '../reporters/run-info.ts';
import { certificateNotes, unknownObservationsOf } from './certificate-notes.ts';
import type { Certificate, CertificateInput, CertificateTest, RuleEntry } from './certificate-types.ts';
import { CERTIFICATE_SCHEMA } from './certificate-types.ts';
import { counterTallyNotes } from './counter-tally-note.ts';
import { applyDeclarations } from './declarations.ts';
import { type LoadTest, loadEntriesOf } from './load-entries.ts';
import { modelTallyNotes } from './model-tally-note.ts';
import { observersOf, testsOfRule } from './rule-tests.ts';
import { countsOf, decideVerdict, isProductionReadOnly } from './rule-verdict.ts';
import {
  kitFaultsOf,
  runAgainOf,
  unansweredOf,
  unfinishedChecksOf,
  verdictCountsOf,
} from './run-findings.ts';
import { outcomeOf } from './run-outcome.ts';

export * from './certificate-types.ts';
export { decideVerdict } from './rule-verdict.ts';
export { describeUnanswered } from './run-outcome.ts';

/** The facts of the run the certificate is of, from its run.json or the fallbacks beside it. */
const runFactsOf = (input: CertificateInput) => ({
  target: input.run?.target ?? null,
  runId: input.run?.runId ?? input.runIdFallback ?? null,
  date: input.run?.startedAt ?? input.dateFallback ?? null,
  filters: input.run ? runFilters(input.run) : [],
  shard: input.run?.shard ?? null,
  stoppedEarly: input.run?.stoppedEarly ?? null,
});
type RunFacts = ReturnType<typeof runFactsOf>;

/** One rule's entry: its catalog facts, the tests credited to it, their verdict and the readings seen. */
const ruleEntryOf = (
  rule: Rule,
  tests: CertificateTest[],
  decision: ReturnType<typeof decideVerdict>,
  byRule: CertificateInput['observations']['byRule'],
): RuleEntry => ({
  id: rule.id,
  kind: rule.kind,
  part: SPEC_PARTS[rule.part],
  area: rule.area,
  severity: rule.severity,
  title: rule.title,
  statement: rule.statement,
  verdict: decision.verdict,
  ...(decision.reason ? { reason: decision.reason } : {}),
  counts: countsOf(tests),
  tests,
  observations: Object.entries(byRule[rule.id] ?? {})
    .map(([observed, count]) => ({ observed, count }))
    .sort((a, b) => a.observed.localeCompare(b.observed)),
});

/** Every rule of the catalog judged from the tests credited to it, before any declaration. */
const judgeRules = (
  rules: readonly Rule[],
  input: CertificateInput,
  loadTests: readonly LoadTest[],
  run: RunFacts,
): RuleEntry[] => {
  const observers = observersOf(input.observations.observations);
  const context = {
    productionReadOnly: isProductionReadOnly(run.target),
    filters: run.filters,
    unfinishedChecks: unfinishedChecksOf(input.outcomes, input.run?.status),
  };
  return rules.map((rule) => {
    const tests = testsOfRule(rule.id, input.outcomes, observers, loadTests);
    const decision = decideVerdict(rule, tests, input.suiteListing, context);
    return ruleEntryOf(rule, tests, decision, input.observations.byRule);
  });
};

export const buildCertificate = (input: CertificateInput): Certificate => {
  const rules = input.rules ?? RULES;
  const run = runFactsOf(input);
  const { load, loadTests } = loadEntriesOf(input.loadSummaries, run.runId);
  const runDay = (run.date ?? new Date().toISOString()).slice(0, 10);
  const declarations = applyDeclarations(
    judgeRules(rules, input, loadTests, run),
    input.declaredDeviations,
    runDay,
  );
  const entries = declarations.rules;
  const testCounts = countsOf([...input.outcomes, ...loadTests]);
  const kitFaults = kitFaultsOf(input.outcomes);
  const unanswered = unansweredOf(input.outcomes);
  const ended = outcomeOf(entries, testCounts, input.runErrors, {
    status: input.run?.status,
    stopped: input.stopped,
    stoppedEarly: run.stoppedEarly,
    kitFaults,
    unanswered,
  });
  // A shard's certificate says so in its first sentence: the other shards' checks are not in it.
  const shardText = run.shard
    ? ` This certificate covers shard ${run.shard.current} of ${run.shard.total} only.`
    : '';
  const notes = [
    ...certificateNotes({
      shard: run.shard,
      filters: run.filters,
      listed: input.suiteListing !== undefined,
      hasRunInfo: input.run !== undefined,
      unknownObservations: unknownObservationsOf(
        input.observations.byRule,
        rules.map((r) => r.id),
      ),
      declarations: declarations.report,
    }),
    ...modelTallyNotes(input.outcomes),
    ...counterTallyNotes(input.outcomes),
  ];
  return {
    schema: CERTIFICATE_SCHEMA,
    kitVersion: input.kitVersion,
    runId: run.runId,
    date: run.date,
    target: run.target,
    filters: run.filters,
    shard: run.shard,
    kitFaults,
    unanswered,
    unavailable: input.unavailable ?? [],
    runAgain: runAgainOf(input.outcomes),
    stoppedEarly: run.stoppedEarly,
    outcome: ended.outcome,
    outcomeText: `${ended.text}${shardText}`,
    totals: {
      rules: entries.filter((e) => e.kind === 'rule').length,
      gaps: entries.filter((e) => e.kind === 'gap').length,
      verdicts: verdictCountsOf(entries),
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
