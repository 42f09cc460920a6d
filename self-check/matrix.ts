/**
 * The self-check's verdicts, from each run's test results (pure: no files, no processes).
 *
 * - A mutant is **caught** when at least one check failed against it and one of those checks is of a
 *   rule the mutant declares in `catchingRules`; **weakly caught** when only checks of other rules
 *   failed (reported, but not a failure of the self-check: the mutant is caught, by the wrong check);
 *   **survived** when every check passed (a failure of the self-check: the suite is too weak); **not
 *   established** when none failed and the oracle could not make the claim of a check of a declared rule
 *   (a round trip too long for the limit's rate, a machine too busy; never a time-out or a property cut
 *   short), as a load row's: said, not failed.
 * - A variant, and the reference, **passed** when no check failed and every answer its run recorded
 *   validates against the kit's OpenAPI document (answers.ts); otherwise it **failed** (a failure of the
 *   self-check: the suite or the document is too strict, or the server does not conform).
 * - A run that wrote no results, hit an error outside its tests or ran no test at all is an **error**
 *   (a failure of the self-check: it proves nothing either way).
 */
import { type AnswersCheck, answersTooFewJudged, mutantAnswersRefused } from './answers.ts';
import type { PlannedRun, ServerKind } from './plan.ts';
import type { RunResults, TestResult } from './results.ts';

export type MutantVerdict = 'caught' | 'weakly-caught' | 'not-established' | 'survived' | 'error';
export type ConformingVerdict = 'passed' | 'failed' | 'error';
export type DeploymentVerdict = 'as-declared' | 'differs' | 'error';

/** One Playwright invocation of a run (see plan.ts: stages). */
export interface StageOutcome {
  readonly label: string;
  /** undefined when the stage wrote no report. */
  readonly results: RunResults | undefined;
  readonly exitCode: number;
  readonly seconds: number;
  /** Set when the stage was stopped for taking too long. */
  readonly timedOut?: boolean;
}

export interface CompletedRun {
  readonly run: Pick<PlannedRun, 'id' | 'server' | 'projects' | 'scope'>;
  /** The stages that ran, in order. */
  readonly stages: readonly StageOutcome[];
  /** A conforming run's recorded answers against the OpenAPI document (answers.ts). */
  readonly answers?: AnswersCheck;
}

export interface FailedCheck {
  readonly ruleId: string | undefined;
  /** The rules its recorded violations broke (none for a fault of the kit). */
  readonly rules: readonly string[];
  readonly title: string;
  readonly project: string;
  readonly error: string | undefined;
}

interface EntryBase {
  readonly id: string;
  readonly kind: ServerKind;
  readonly name: string;
  readonly description: string;
  readonly projects: readonly string[];
  readonly scope: string;
  readonly seconds: number;
  readonly counts: { readonly passed: number; readonly failed: number; readonly skipped: number };
  /** What each stage ran: its label, how many checks, how many failed. */
  readonly stages: readonly { readonly label: string; readonly checks: number; readonly failed: number }[];
  /** Why the run is an error, when it is one. */
  readonly problem?: string;
}

export interface MutantEntry extends EntryBase {
  readonly kind: 'mutant';
  readonly verdict: MutantVerdict;
  readonly catchingRules: readonly string[];
  /** The checks that failed against the mutant: the ones that caught it. */
  readonly caughtBy: readonly FailedCheck[];
  /** The distinct rule ids of those checks, with how many checks of each failed. */
  readonly caughtByRules: readonly { readonly ruleId: string; readonly checks: number }[];
  /** Checks of its declared rules that could not make their claim, when nothing caught it. */
  readonly unestablished?: readonly { readonly title: string; readonly reason: string }[];
  /** A mutant whose answers have the wrong shape: its recorded answers against the OpenAPI document. */
  readonly answers?: AnswersCheck;
  /** Whether the document refused some answer of it (undefined: not judged). */
  readonly answersRefused?: boolean;
}

export interface ConformingEntry extends EntryBase {
  readonly kind: 'reference' | 'variant';
  readonly verdict: ConformingVerdict;
  readonly failures: readonly FailedCheck[];
  /** Its answers against the OpenAPI document; undefined when none were recorded (an older caller). */
  readonly answers: AnswersCheck | undefined;
}

export interface DeploymentEntry extends EntryBase {
  readonly kind: 'deployment';
  readonly verdict: DeploymentVerdict;
  /** The rules it deviates from: exactly the ones that must fail. */
  readonly expectedFailures: readonly string[];
  /** The rules its failed checks broke. */
  readonly failedRules: readonly string[];
  /** Declared rules no check failed, and rules that failed but are not declared. */
  readonly missing: readonly string[];
  readonly unexpected: readonly string[];
  readonly failures: readonly FailedCheck[];
}

export interface MatrixTotals {
  readonly mutants: {
    readonly total: number;
    readonly caught: number;
    readonly weaklyCaught: number;
    readonly notEstablished: number;
    readonly survived: number;
    readonly errors: number;
  };
  readonly variants: { readonly total: number; readonly passed: number; readonly failed: number };
  readonly deployments: { readonly total: number; readonly asDeclared: number; readonly differ: number };
  readonly reference: ConformingVerdict | 'not run';
  /** The conforming rows' answers against the OpenAPI document, summed over the rows validated. */
  readonly answers: {
    readonly rows: number;
    readonly valid: number;
    readonly outside: number;
    readonly invalid: number;
    readonly notValidated: number;
    /** The mutants whose answers have the wrong shape, judged, and how many the document refused. */
    readonly wrongShapeMutants: number;
    readonly refusedMutants: number;
  };
}

export interface Matrix {
  readonly reference: ConformingEntry | undefined;
  readonly variants: readonly ConformingEntry[];
  readonly mutants: readonly MutantEntry[];
  readonly deployments: readonly DeploymentEntry[];
  readonly totals: MatrixTotals;
}

const countsOf = (tests: readonly TestResult[]) => ({
  passed: tests.filter((t) => t.outcome === 'passed').length,
  failed: tests.filter((t) => t.outcome === 'failed').length,
  skipped: tests.filter((t) => t.outcome === 'skipped').length,
});

const failedChecks = (tests: readonly TestResult[]): FailedCheck[] =>
  tests
    .filter((t) => t.outcome === 'failed')
    .map((t) => ({
      ruleId: t.ruleId,
      rules: t.failedRules,
      title: t.title,
      project: t.project,
      error: t.error,
    }));

const testsOf = (completed: CompletedRun): TestResult[] =>
  completed.stages.flatMap((stage) => stage.results?.tests ?? []);

const stageProblem = (stage: StageOutcome): string | undefined => {
  const { results } = stage;
  if (stage.timedOut) return `${stage.label}: stopped after ${Math.round(stage.seconds)} s`;
  if (!results) return `${stage.label}: wrote no results (exit ${stage.exitCode})`;
  if (results.errors.length) return `${stage.label}: error outside the checks: ${results.errors.join('; ')}`;
  if (stage.exitCode !== 0 && !results.tests.some((t) => t.outcome === 'failed'))
    return `${stage.label}: exit ${stage.exitCode} with no failed check`;
  return undefined;
};

/** Why a run proves nothing, or undefined when its results can be judged. */
export const runProblem = (completed: CompletedRun): string | undefined => {
  const problems = completed.stages.map(stageProblem).filter((p): p is string => p !== undefined);
  if (problems.length) return problems.join('; ');
  const counts = countsOf(testsOf(completed));
  if (counts.passed + counts.failed === 0) return 'no check ran';
  return undefined;
};

const base = (completed: CompletedRun): EntryBase => {
  const { run } = completed;
  const problem = runProblem(completed);
  const seconds = completed.stages.reduce((sum, stage) => sum + stage.seconds, 0);
  return {
    id: run.id,
    kind: run.server.kind,
    name: run.server.name,
    description: run.server.description,
    projects: run.projects,
    scope: run.scope,
    seconds: Math.round(seconds * 10) / 10,
    counts: countsOf(testsOf(completed)),
    stages: completed.stages.map((stage) => {
      const tests = stage.results?.tests ?? [];
      return {
        label: stage.label,
        checks: tests.filter((t) => t.outcome !== 'skipped').length,
        failed: tests.filter((t) => t.outcome === 'failed').length,
      };
    }),
    ...(problem ? { problem } : {}),
  };
};

/** How each rule id's checks caught a mutant, most checks first, then by id. */
const rulesOfChecks = (checks: readonly FailedCheck[]): { ruleId: string; checks: number }[] => {
  const counts = new Map<string, number>();
  for (const check of checks) {
    const rules = check.rules.length ? check.rules : [check.ruleId ?? '(no rule id)'];
    for (const rule of rules) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([ruleId, checks]) => ({ ruleId, checks }))
    .sort((a, b) => b.checks - a.checks || a.ruleId.localeCompare(b.ruleId));
};

/** The checks of these rules that were inconclusive: what a mutant nothing caught was not established by. */
const unestablishedChecks = (
  tests: readonly TestResult[],
  catchingRules: readonly string[],
): { title: string; reason: string }[] =>
  tests.flatMap((t) =>
    t.inconclusive !== undefined && t.ruleIds.some((rule) => catchingRules.includes(rule))
      ? [{ title: t.title, reason: t.inconclusive }]
      : [],
  );

export const classifyMutant = (
  catchingRules: readonly string[],
  caughtBy: readonly FailedCheck[],
  unestablished: readonly unknown[] = [],
): Exclude<MutantVerdict, 'error'> => {
  if (caughtBy.length === 0) return unestablished.length > 0 ? 'not-established' : 'survived';
  const declared = new Set(catchingRules);
  return caughtBy.some((check) => check.rules.some((rule) => declared.has(rule)))
    ? 'caught'
    : 'weakly-caught';
};

export const mutantEntry = (completed: CompletedRun): MutantEntry => {
  const entry = base(completed);
  const tests = testsOf(completed);
  const caughtBy = failedChecks(tests);
  const catchingRules = completed.run.server.catchingRules;
  const unestablished = caughtBy.length ? [] : unestablishedChecks(tests, catchingRules);
  const refused = mutantAnswersRefused(completed.answers);
  return {
    ...entry,
    kind: 'mutant',
    catchingRules,
    caughtBy,
    caughtByRules: rulesOfChecks(caughtBy),
    ...(unestablished.length ? { unestablished } : {}),
    verdict: entry.problem ? 'error' : classifyMutant(catchingRules, caughtBy, unestablished),
    ...(completed.answers ? { answers: completed.answers } : {}),
    ...(refused === undefined ? {} : { answersRefused: refused }),
  };
};

/**
 * A conforming row fails on a failed check or on one answer outside the OpenAPI document; answers that
 * could not be read make it an error (it proves nothing about them).
 */
export const conformingEntry = (completed: CompletedRun): ConformingEntry => {
  const entry = base(completed);
  const failures = failedChecks(testsOf(completed));
  const { answers } = completed;
  const problem = [
    entry.problem,
    answers?.outcome === 'unreadable' ? `answers: ${answers.reason}` : undefined,
    answersTooFewJudged(answers),
  ]
    .filter((p): p is string => p !== undefined)
    .join('; ');
  const invalid = answers?.outcome === 'validated' && answers.invalidCount > 0;
  const verdict: ConformingVerdict = failures.length || invalid ? 'failed' : problem ? 'error' : 'passed';
  return {
    ...entry,
    ...(problem ? { problem } : {}),
    kind: completed.run.server.kind as 'reference' | 'variant',
    failures,
    verdict,
    answers,
  };
};

const answersTotals = (
  entries: readonly ConformingEntry[],
  mutants: readonly MutantEntry[],
): MatrixTotals['answers'] => {
  const validated = entries.flatMap((e) => (e.answers?.outcome === 'validated' ? [e.answers] : []));
  const judged = mutants.filter((m) => m.answersRefused !== undefined);
  return {
    wrongShapeMutants: judged.length,
    refusedMutants: judged.filter((m) => m.answersRefused).length,
    rows: validated.length,
    valid: validated.reduce((sum, a) => sum + a.valid, 0),
    outside: validated.reduce((sum, a) => sum + a.outside, 0),
    invalid: validated.reduce((sum, a) => sum + a.invalidCount, 0),
    notValidated: entries.length - validated.length,
  };
};

export const deploymentEntry = (completed: CompletedRun): DeploymentEntry => {
  const entry = base(completed);
  const failures = failedChecks(testsOf(completed));
  const expectedFailures: string[] = [...(completed.run.server.expectedFailures ?? [])].sort();
  // A failed check that recorded no violation broke no rule: it is a rule of its own, never declared.
  const failedRules = [
    ...new Set(failures.flatMap((f) => (f.rules.length ? f.rules : [`(no rule: ${f.title})`]))),
  ].sort();
  const missing = expectedFailures.filter((rule) => !failedRules.includes(rule));
  const unexpected = failedRules.filter((rule) => !expectedFailures.includes(rule));
  const verdict: DeploymentVerdict = entry.problem
    ? 'error'
    : missing.length === 0 && unexpected.length === 0
      ? 'as-declared'
      : 'differs';
  return {
    ...entry,
    kind: 'deployment',
    verdict,
    expectedFailures,
    failedRules,
    missing,
    unexpected,
    failures,
  };
};

export const buildMatrix = (runs: readonly CompletedRun[]): Matrix => {
  const byName = <T extends { name: string }>(entries: T[]): T[] =>
    entries.sort((a, b) => a.name.localeCompare(b.name));
  const reference = runs.filter((r) => r.run.server.kind === 'reference').map(conformingEntry)[0];
  const variants = byName(runs.filter((r) => r.run.server.kind === 'variant').map(conformingEntry));
  const mutants = byName(runs.filter((r) => r.run.server.kind === 'mutant').map(mutantEntry));
  const deployments = byName(runs.filter((r) => r.run.server.kind === 'deployment').map(deploymentEntry));
  const count = (verdict: MutantVerdict) => mutants.filter((m) => m.verdict === verdict).length;
  return {
    reference,
    variants,
    mutants,
    deployments,
    totals: {
      mutants: {
        total: mutants.length,
        caught: count('caught'),
        weaklyCaught: count('weakly-caught'),
        notEstablished: count('not-established'),
        survived: count('survived'),
        errors: count('error'),
      },
      variants: {
        total: variants.length,
        passed: variants.filter((v) => v.verdict === 'passed').length,
        failed: variants.filter((v) => v.verdict !== 'passed').length,
      },
      deployments: {
        total: deployments.length,
        asDeclared: deployments.filter((d) => d.verdict === 'as-declared').length,
        differ: deployments.filter((d) => d.verdict !== 'as-declared').length,
      },
      reference: reference?.verdict ?? 'not run',
      answers: answersTotals([...(reference ? [reference] : []), ...variants], mutants),
    },
  };
};

/**
 * The self-check passes when every mutant is caught (weakly counts), every variant and the reference
 * pass, every deployment fails exactly the rules it deviates from, and the OpenAPI document refuses
 * some answer of each mutant whose answers have the wrong shape.
 */
export const matrixPasses = (matrix: Matrix): boolean =>
  matrix.totals.mutants.survived === 0 &&
  matrix.totals.answers.refusedMutants === matrix.totals.answers.wrongShapeMutants &&
  matrix.totals.mutants.errors === 0 &&
  matrix.totals.variants.failed === 0 &&
  matrix.totals.deployments.differ === 0 &&
  matrix.totals.reference !== 'failed' &&
  matrix.totals.reference !== 'error';

export const exitCodeOf = (matrix: Matrix): number => (matrixPasses(matrix) ? 0 : 1);

/**
 * The matrix as a Playwright JSON report's stats, for `npm test`'s closing line: one "test" per server,
 * passed when the server got its due (mutant caught, weakly or not, and a wrong-shape mutant's answers
 * refused by the OpenAPI document; variant or reference passed; deployment as declared); a mutant not
 * established is skipped.
 */
export const matrixAsReportStats = (
  matrix: Matrix,
): { expected: number; unexpected: number; skipped: number; flaky: number } => {
  const conforming = [...(matrix.reference ? [matrix.reference] : []), ...matrix.variants];
  const good =
    conforming.filter((e) => e.verdict === 'passed').length +
    matrix.mutants.filter(
      (m) => (m.verdict === 'caught' || m.verdict === 'weakly-caught') && m.answersRefused !== false,
    ).length +
    matrix.deployments.filter((d) => d.verdict === 'as-declared').length;
  const skipped = matrix.mutants.filter((m) => m.verdict === 'not-established').length;
  const total = conforming.length + matrix.mutants.length + matrix.deployments.length;
  return { expected: good, unexpected: total - good - skipped, skipped, flaky: 0 };
};
