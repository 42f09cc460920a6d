/** What comparing two behaviour profiles found: plain data, written as comparison.json beside the certificate. */
import type { ProfileRun } from '../profile/profile.ts';

export const COMPARISON_SCHEMA = 'profile-comparison/v1';
export const COMPARISON_FILE = 'comparison.json';

export interface VerdictChange {
  readonly id: string;
  readonly kind: string;
  /** null: the rule is not in that profile (a kit of another version). */
  readonly from: string | null;
  readonly to: string | null;
}

export interface ReadingPair {
  /** null: not observed by this test in the baseline. */
  readonly from: string | null;
  /** null: no longer observed by this test. */
  readonly to: string | null;
}

export interface ReadingChange {
  readonly gap: string;
  /** The title of the test that observed it. */
  readonly test: string;
  readonly changes: readonly ReadingPair[];
}

export interface LatencyChange {
  readonly script: string;
  readonly endpoint: string;
  readonly stat: string;
  readonly from: number;
  readonly to: number;
  /** (to - from) / from, in percent (null when from is 0). */
  readonly percent: number | null;
}

export interface ThresholdChange {
  readonly script: string;
  readonly threshold: string;
  readonly from: string | null;
  readonly to: string | null;
}

export interface LatencyTolerance {
  /** A percentile may grow by this many percent before it counts as a regression. */
  readonly percent: number;
  /** …and by at least this many milliseconds: tiny latencies move by large ratios. */
  readonly ms: number;
}

/** unchanged: nothing moved; improved: only improvements; drift: gap readings or latency moved; deviation: a rule newly fails. */
export type ComparisonOutcome = 'unchanged' | 'improved' | 'drift' | 'deviation';

export interface Comparison {
  readonly schema: typeof COMPARISON_SCHEMA;
  readonly baseline: ProfileRun;
  readonly current: ProfileRun;
  readonly tolerance: LatencyTolerance;
  readonly rules: {
    readonly newlyFailing: readonly VerdictChange[];
    readonly newlyPassing: readonly VerdictChange[];
    /** Any other change of verdict (passed → skipped, not covered → passed, a new verdict word…). */
    readonly otherChanges: readonly VerdictChange[];
    /** Failed in both runs: not a change, but no gate should forget it. */
    readonly stillFailing: readonly string[];
    /**
     * Changes from or to a declared deviation (a failure the provider declared), shown apart: never a
     * deviation of the comparison; one that newly occurs (from passed) is drift.
     */
    readonly declared: readonly VerdictChange[];
    /** Declared deviations in both runs. */
    readonly stillDeclared: readonly string[];
    readonly unchanged: number;
  };
  readonly readings: {
    readonly changed: readonly ReadingChange[];
    /** Tests whose readings were compared (they observed something in both runs). */
    readonly comparedTests: number;
    /** Tests that observed something in one run only (filtered out, skipped, new or removed): not compared. */
    readonly notCompared: readonly { readonly test: string; readonly in: 'baseline' | 'current' }[];
  };
  readonly latency: {
    readonly regressions: readonly LatencyChange[];
    readonly improvements: readonly LatencyChange[];
    readonly compared: number;
  };
  readonly thresholds: {
    readonly newlyFailing: readonly ThresholdChange[];
    readonly newlyPassing: readonly ThresholdChange[];
  };
  readonly outcome: ComparisonOutcome;
  readonly notes: readonly string[];
}
