/**
 * What each k6 instance of a capacity run leaves for the merge, beside its raw samples: which
 * execution segment it ran, the plan's thresholds (so the merge judges exactly what the script
 * planned), the settings, the tenants by name, and k6's own verdicts of its share. Written by the
 * script's handleSummary as `<name>.segment.json`; its samples are k6's CSV output
 * `<name>.samples.csv.gz` in the same folder. No secret: tenants by name only.
 * Pure and k6-safe: no k6 import, no Node API.
 */
import type { ThresholdResult } from './threshold-results.ts';
import type { ThresholdSpec } from './thresholds.ts';

export const SEGMENT_MANIFEST_KIND = 'kit-capacity-segment';
export const SEGMENT_MANIFEST_SUFFIX = '.segment.json';
export const SAMPLES_SUFFIX = '.samples.csv.gz';
/** The name of a run's only instance when nobody names it (CAPACITY_SEGMENT_NAME). */
export const WHOLE_RUN_NAME = 'whole';

export interface SegmentManifest {
  readonly kind: typeof SEGMENT_MANIFEST_KIND;
  readonly version: 1;
  readonly name: string;
  /** k6's `--execution-segment` of this instance, `0:1` for a whole run. */
  readonly segment: string;
  /** k6's `--execution-segment-sequence`, when set. */
  readonly sequence: string | null;
  readonly samples: string;
  readonly runId: string | null;
  readonly target: string;
  readonly settings: Readonly<Record<string, string | number | boolean>>;
  readonly tenants: readonly {
    readonly name: string;
    readonly requestsPerWindow: number;
    readonly windowSeconds: number;
    readonly plannedRequests: number;
  }[];
  readonly metricTypes: Readonly<Record<string, string>>;
  readonly thresholds: readonly ThresholdSpec[];
  /** This instance's own verdicts (k6's with thresholds on; with --no-thresholds, evaluated over its share alone). */
  readonly ownVerdicts: readonly {
    readonly metric: string;
    readonly expression: string;
    readonly verdict: string;
    readonly observed: number | null;
  }[];
  readonly testRunDurationMs: number;
}

export const samplesFileOf = (name: string): string => `${name}${SAMPLES_SUFFIX}`;
export const manifestFileOf = (name: string): string => `${name}${SEGMENT_MANIFEST_SUFFIX}`;

/** The verdicts as the manifest keeps them. */
export const ownVerdictsOf = (results: readonly ThresholdResult[]): SegmentManifest['ownVerdicts'] =>
  results.map((r) => ({
    metric: r.spec.metric,
    expression: r.spec.expression,
    verdict: r.verdict,
    observed: r.observed ?? null,
  }));
