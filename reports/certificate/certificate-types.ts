/**
 * The certificate's shapes: the verdict words, a rule's entry with its tests, the run's outcome and
 * the whole certificate, and what it is built from. certificate.ts builds it; rule-verdict.ts decides
 * each rule's verdict; run-outcome.ts the run's outcome.
 */

import type { DeclaredDeviation, DeclaredDeviations } from '../../config/declared-deviations.ts';
import type { SkipKind, UnansweredRequest } from '../../run-records/check-record.ts';
import type { TestOutcome, TestOutcomeStatus } from '../../run-records/check-record-reader.ts';
import type { MergedWindow } from '../../run-records/unavailability-windows.ts';
import type { Rule, RuleId } from '../../spec/index.ts';
import type { LoadSummary } from '../allure/load-summaries.ts';
import type { RunInfo, TargetDescription } from '../reporters/run-info.ts';

/** What became of a declared deviation in this run (declarations.ts applies them). */
export type DeclarationStatus = 'occurs' | 'no-longer-occurs' | 'expired' | 'not-judged';

export interface DeclarationEntry extends DeclaredDeviation {
  readonly status: DeclarationStatus;
  /** The rule's verdict in this run, after the declaration. */
  readonly verdict: Verdict;
}

export interface DeclarationReport {
  /** The file the declarations came from, as a person finds it. */
  readonly file: string;
  readonly entries: readonly DeclarationEntry[];
}

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
  /** Why it was run again whole, naming the window its first run met; its status is the second run's. */
  readonly runAgain?: string;
  /** The request the target never answered, when that is why it was not run. */
  readonly unanswered?: UnansweredRequest;
  /** A failed test whose failing judgement still judged this rule (and found it held). */
  readonly judgedHere?: boolean;
}

/**
 * A check that starts afresh whose POST or PUT met a window of unavailability, run again whole once
 * the deployment was back: its verdict is that second run's. `why` names the window.
 */
export interface RunAgainFinding {
  readonly check: string;
  readonly why: string;
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
  readonly verdict: LoadSummary['verdict'];
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
  /** The windows in which the deployment was unavailable (reports/certificate/unavailable-section.ts). */
  readonly unavailable: readonly MergedWindow[];
  /** The checks run again whole after a window (absent from certificates of older kits). */
  readonly runAgain?: readonly RunAgainFinding[];
  /** Set when `--max-failures` stopped the run before its end. */
  readonly stoppedEarly: { readonly maxFailures: number; readonly notRun: number } | null;
  readonly outcome: Outcome;
  readonly outcomeText: string;
  readonly totals: {
    readonly rules: number;
    readonly gaps: number;
    readonly verdicts: Readonly<Record<Verdict, number>>;
    readonly tests: Readonly<Record<TestOutcomeStatus, number>>;
    /** Tests declared with no rule of the catalog (they count in the outcome all the same). */
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
    readonly observations: readonly {
      readonly ruleId: string;
      /** The id of the test that saw it (absent in the observations of older kits: then the test is found by its title). */
      readonly testId?: string;
      readonly test: string;
    }[];
  };
  readonly loadSummaries: readonly CertificateLoadSummary[];
  readonly rules?: readonly Rule[];
  /** Why the run was stopped before its end (the target went away, a tenant was throttled). */
  readonly stopped?: string | undefined;
  /** The windows in which the deployment was unavailable, merged (run-records/unavailability-windows.ts). */
  readonly unavailable?: readonly MergedWindow[];
  /** The provider's declared deviations (DECLARED_DEVIATIONS_FILE), when it names a file. */
  readonly declaredDeviations?: DeclaredDeviations | undefined;
}
