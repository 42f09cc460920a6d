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

import type { TestOutcomeStatus } from '../../run-records/check-record-reader.ts';
import { RULES, type RuleId, SPEC_PARTS } from '../../spec/index.ts';
import { runFilters } from '../reporters/run-info.ts';
import type {
  Certificate,
  CertificateInput,
  CertificateTest,
  LoadEntry,
  RuleEntry,
  Verdict,
} from './certificate-types.ts';
import { CERTIFICATE_SCHEMA, VERDICTS } from './certificate-types.ts';
import { applyDeclarations, declarationNotes } from './declarations.ts';
import { modelTallyNotes } from './model-tally-note.ts';
import { countsOf, decideVerdict, isKitFault, isProductionReadOnly } from './rule-verdict.ts';
import { outcomeOf } from './run-outcome.ts';

export * from './certificate-types.ts';
export { decideVerdict } from './rule-verdict.ts';
export { describeUnanswered } from './run-outcome.ts';

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
            ? {
                inconclusive:
                  threshold.verdict === 'not-established'
                    ? `not established: ${threshold.reason ?? 'the load generator did not reach the planned rate'}`
                    : 'threshold not evaluated: no value in the k6 summary',
              }
            : {}),
      });
    }
  }

  // A test covers the rules it is declared with, and every rule or gap it recorded an observation
  // for: joined by the test's id, so two checks of one title keep their own. Observations written by
  // older kits name their test by title only, and are joined by it.
  const observedBy = new Map<string, Set<string>>();
  const observedByTitle = new Map<string, Set<string>>();
  for (const { ruleId, testId, test } of input.observations.observations) {
    const byKey = testId === undefined ? observedByTitle : observedBy;
    const keys = byKey.get(ruleId) ?? new Set<string>();
    keys.add(testId ?? test);
    byKey.set(ruleId, keys);
  }

  const judged: RuleEntry[] = rules.map((rule) => {
    const observing = observedBy.get(rule.id);
    const observingByTitle = observedByTitle.get(rule.id);
    const ran: CertificateTest[] = [
      ...input.outcomes
        .filter(
          (t) =>
            t.ruleIds.includes(rule.id) ||
            (t.testId !== undefined && observing?.has(t.testId)) ||
            observingByTitle?.has(t.title) ||
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
    ...modelTallyNotes(input.outcomes),
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
    unavailable: input.unavailable ?? [],
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
