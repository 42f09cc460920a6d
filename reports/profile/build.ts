/**
 * Builds a behaviour profile from a run's outputs, read as data: the certificate's JSON (a verdict per
 * rule and gap), observations.json (the readings of the gaps, with the test that saw each), run.json
 * (which run it was) and the k6 summaries of the same run. Pure: the files are read in from-outputs.ts.
 * Tolerant of what it does not know: any verdict word is kept as it is, unknown fields are ignored.
 */
import { z } from 'zod';
import { normaliseReading } from './normalise.ts';
import { type Behaviour, type LoadScriptProfile, PROFILE_SCHEMA, type Profile } from './profile.ts';

/** The few fields of certificate.json a profile needs; any other field, or a new verdict word, is fine. */
export const certificateFieldsSchema = z.object({
  runId: z.string().nullish(),
  date: z.string().nullish(),
  kitVersion: z.string().nullish(),
  filters: z.array(z.string()).optional(),
  target: z
    .object({ baseUrl: z.string(), environment: z.string(), embedded: z.boolean().optional() })
    .nullish(),
  rules: z.array(z.object({ id: z.string(), kind: z.string().optional(), verdict: z.string() })),
});
export type CertificateFields = z.infer<typeof certificateFieldsSchema>;

export const observationsFieldsSchema = z.object({
  runId: z.string().nullish(),
  observations: z.array(z.object({ ruleId: z.string(), observed: z.string(), test: z.string() })),
});
export type ObservationsFields = z.infer<typeof observationsFieldsSchema>;

export interface RunFields {
  readonly runId?: string | undefined;
  readonly startedAt?: string | undefined;
  readonly kitVersion?: string | undefined;
  readonly target?: { readonly baseUrl: string; readonly environment: string; readonly embedded?: boolean };
  readonly filters?: readonly string[];
}

/** One k6 summary: its verdicts, and the metrics it carries (`{ name: { values } }`). */
export interface LoadSummaryFields {
  readonly script: string;
  readonly runId?: string | null | undefined;
  readonly verdict: string;
  readonly thresholds: readonly {
    readonly ruleId: string;
    readonly metric: string;
    readonly expression: string;
    readonly verdict: string;
  }[];
  readonly metrics: Readonly<Record<string, { readonly values?: Readonly<Record<string, number>> }>>;
}

export interface ProfileInputs {
  readonly certificate: CertificateFields;
  readonly observations: ObservationsFields | undefined;
  readonly run: RunFields | undefined;
  readonly loadSummaries: readonly LoadSummaryFields[];
  /** What reading the outputs already found missing or unreadable. */
  readonly notes?: readonly string[];
}

/** The latency statistics a profile keeps for each endpoint, in milliseconds. */
export const LATENCY_STATS = Object.freeze(['med', 'p(90)', 'p(95)', 'p(99)'] as const);
const ENDPOINT_METRIC = /^http_req_duration\{endpoint:([^},]+)\}$/;

/** The reference server listens on a new port each run: it is named, not addressed. */
const describeTarget = (target: RunFields['target'] | CertificateFields['target']): string | null => {
  if (!target) return null;
  return target.embedded
    ? `the reference server (${target.environment})`
    : `${target.baseUrl} (${target.environment})`;
};

const sortedRecord = <T>(entries: Iterable<[string, T]>): Record<string, T> =>
  Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const loadProfileOf = (summary: LoadSummaryFields): LoadScriptProfile => {
  const latency: [string, Record<string, number>][] = [];
  for (const [name, metric] of Object.entries(summary.metrics)) {
    const endpoint = ENDPOINT_METRIC.exec(name)?.[1];
    if (!endpoint || !metric.values) continue;
    const stats: Record<string, number> = {};
    for (const stat of LATENCY_STATS) {
      const value = metric.values[stat];
      if (typeof value === 'number' && Number.isFinite(value)) stats[stat] = Math.round(value * 100) / 100;
    }
    if (Object.keys(stats).length > 0) latency.push([endpoint, stats]);
  }
  return {
    verdict: summary.verdict,
    thresholds: sortedRecord(
      summary.thresholds.map(
        (t) => [`${t.ruleId} ${t.metric} ${t.expression}`, t.verdict] as [string, string],
      ),
    ),
    latency: sortedRecord(latency),
  };
};

export const buildProfile = (inputs: ProfileInputs): Profile => {
  const { certificate, observations, run } = inputs;
  const runId = run?.runId ?? certificate.runId ?? observations?.runId ?? null;
  const notes = [...(inputs.notes ?? [])];

  const rules = sortedRecord(
    certificate.rules.map((r) => [r.id, { kind: r.kind ?? 'rule', verdict: r.verdict }] as const),
  );

  const readings = new Map<string, Map<string, Set<string>>>();
  for (const observation of observations?.observations ?? []) {
    const byTest = readings.get(observation.ruleId) ?? new Map<string, Set<string>>();
    readings.set(observation.ruleId, byTest);
    const test = normaliseReading(observation.test, runId);
    const seen = byTest.get(test) ?? new Set<string>();
    byTest.set(test, seen);
    seen.add(normaliseReading(observation.observed, runId));
  }

  const load: [string, LoadScriptProfile][] = [];
  for (const summary of inputs.loadSummaries) {
    if (runId === null || summary.runId !== runId) {
      notes.push(
        `k6 ${summary.script} summary of another run (${summary.runId ?? 'no run id'}) left out: only the k6 runs of the same run id count`,
      );
      continue;
    }
    load.push([summary.script, loadProfileOf(summary)]);
  }

  const behaviour: Behaviour = {
    rules,
    readings: sortedRecord(
      [...readings].map(([gap, byTest]) => [
        gap,
        sortedRecord([...byTest].map(([test, seen]) => [test, [...seen].sort()])),
      ]),
    ),
    load: sortedRecord(load),
  };
  return {
    schema: PROFILE_SCHEMA,
    run: {
      runId,
      startedAt: run?.startedAt ?? certificate.date ?? null,
      kitVersion: run?.kitVersion ?? certificate.kitVersion ?? null,
      target: describeTarget(run?.target ?? certificate.target),
      filters: [...(run?.filters ?? certificate.filters ?? [])],
    },
    behaviour,
    notes,
  };
};
