/**
 * The merge of a capacity run split over k6 instances: reads every segment manifest in the given
 * folders (`<name>.segment.json`, see lib/segment-manifest.ts) and its raw samples (k6's CSV output,
 * gzipped), checks that the segments are one run's and cover the whole test exactly once, rebuilds
 * the metrics the plan's thresholds name over all samples at once (lib/sample-aggregate.ts), and
 * judges every threshold over the whole, the load generator's reach included (lib/reach.ts).
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { ENDPOINTS } from './lib/latency-plan.ts';
import { judgeThresholds } from './lib/reach.ts';
import { csvFields, extraTagsOf, SampleAggregator } from './lib/sample-aggregate.ts';
import {
  SEGMENT_MANIFEST_KIND,
  SEGMENT_MANIFEST_SUFFIX,
  type SegmentManifest,
} from './lib/segment-manifest.ts';
import type { MetricSummary } from './lib/summary-data.ts';
import type { ThresholdResult } from './lib/threshold-results.ts';
import { coverageProblem } from './segment-coverage.ts';

export class MergeInputError extends Error {
  override readonly name = 'MergeInputError';
}

const manifestSchema = z.object({
  kind: z.literal(SEGMENT_MANIFEST_KIND),
  version: z.literal(1),
  name: z.string().min(1),
  segment: z.string().min(1),
  sequence: z.string().nullable(),
  samples: z.string().regex(/^[^/\\]+$/),
  runId: z.string().nullable(),
  target: z.string(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  tenants: z.array(
    z.object({
      name: z.string(),
      requestsPerWindow: z.number(),
      windowSeconds: z.number(),
      plannedRequests: z.number(),
    }),
  ),
  metricTypes: z.record(z.string(), z.string()),
  thresholds: z.array(
    z.object({
      metric: z.string(),
      expression: z.string(),
      ruleId: z.string(),
      title: z.string(),
      abortOnFail: z.boolean().optional(),
      premise: z
        .object({
          key: z.string(),
          what: z.string(),
          planned: z.number(),
          seconds: z.number(),
          needed: z.number(),
          counts: z.enum(['sent', 'dropped', 'late', 'delay']),
        })
        .optional(),
      needs: z.array(z.array(z.string())).optional(),
      widenedBy: z
        .object({
          premises: z.array(z.string()),
          perMissing: z.number(),
          perMissingOf: z.record(z.string(), z.number()).optional(),
          spread: z
            .object({
              metric: z.string(),
              sendMetric: z.string(),
              window: z.number(),
              requestsPerMs: z.number(),
            })
            .optional(),
        })
        .optional(),
    }),
  ),
  ownVerdicts: z.array(
    z.object({
      metric: z.string(),
      expression: z.string(),
      verdict: z.string(),
      observed: z.number().nullable(),
    }),
  ),
  testRunDurationMs: z.number(),
});

export interface LoadedSegment {
  readonly manifest: SegmentManifest;
  readonly samplesFile: string;
}

/** Every segment manifest in the folders, checked to be one run's and to cover the whole test. */
export const readSegments = (folders: readonly string[]): LoadedSegment[] => {
  const segments: LoadedSegment[] = [];
  for (const folder of folders) {
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw new MergeInputError(`${folder} is not a folder`);
    }
    const files = readdirSync(folder).filter((f) => f.endsWith(SEGMENT_MANIFEST_SUFFIX));
    for (const file of files.sort()) {
      const path = join(folder, file);
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        throw new MergeInputError(`${path} is not JSON`);
      }
      const parsed = manifestSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new MergeInputError(
          `${path} is no capacity segment manifest (${issue?.path.join('.') || 'root'}: ${issue?.message})`,
        );
      }
      const samplesFile = join(folder, parsed.data.samples);
      if (!existsSync(samplesFile)) {
        throw new MergeInputError(
          `${path} names ${parsed.data.samples}, which is not beside it (k6's --out csv=…)`,
        );
      }
      segments.push({ manifest: parsed.data as SegmentManifest, samplesFile });
    }
  }
  if (segments.length === 0) {
    throw new MergeInputError(
      `no *${SEGMENT_MANIFEST_SUFFIX} in ${folders.join(', ') || '(no folder given)'}`,
    );
  }
  const [first] = segments as [LoadedSegment, ...LoadedSegment[]];
  for (const other of segments.slice(1)) {
    const a = first.manifest;
    const b = other.manifest;
    if (a.runId !== b.runId)
      throw new MergeInputError(
        `${b.name} is of run ${b.runId}, ${a.name} of run ${a.runId}: one run at a time`,
      );
    if (
      JSON.stringify(a.thresholds) !== JSON.stringify(b.thresholds) ||
      JSON.stringify(a.settings) !== JSON.stringify(b.settings)
    ) {
      throw new MergeInputError(
        `${b.name} and ${a.name} ran different plans (settings or thresholds differ)`,
      );
    }
  }
  const problem = coverageProblem(segments.map((s) => s.manifest));
  if (problem !== undefined) throw new MergeInputError(`the segments do not make one whole test: ${problem}`);
  return segments;
};

/** The metric keys the merged verdict and its page show, besides the thresholds' own. */
export const reportKeys = (manifest: SegmentManifest): string[] => [
  'http_reqs',
  'iterations',
  'dropped_iterations',
  'http_req_duration',
  ...ENDPOINTS.map((e) => `http_req_duration{endpoint:${e}}`),
  ...manifest.tenants.map((t) => `http_reqs{tenant:${t.name}}`),
];

const STANDARD_TAGS = [
  'check',
  'error',
  'error_code',
  'expected_response',
  'group',
  'method',
  'name',
  'proto',
  'scenario',
  'service',
  'status',
  'subproto',
  'tls_version',
  'url',
];

const readSamples = async (file: string, into: SampleAggregator): Promise<number> => {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let columns: Map<string, number> | undefined;
  let rows = 0;
  try {
    for await (const line of lines) {
      if (line === '') continue;
      // Most rows are metrics no threshold reads: skip them before splitting the line.
      if (columns !== undefined && !into.wants(line.slice(0, line.indexOf(',')))) continue;
      const fields = csvFields(line);
      if (columns === undefined) {
        columns = new Map(fields.map((name, index) => [name, index]));
        if (columns.get('metric_name') !== 0 || !columns.has('metric_value')) {
          throw new MergeInputError(`${file} is not k6's CSV output (no metric_name/metric_value header)`);
        }
        continue;
      }
      const header = columns;
      const name = fields[header.get('metric_name') as number] ?? '';
      if (!into.wants(name)) continue;
      const value = Number(fields[header.get('metric_value') as number]);
      let extra: Map<string, string> | undefined;
      into.add(name, value, (tag) => {
        if (STANDARD_TAGS.includes(tag)) {
          const at = header.get(tag);
          const v = at === undefined ? undefined : fields[at];
          return v === '' ? undefined : v;
        }
        extra ??= extraTagsOf(fields[header.get('extra_tags') ?? -1] ?? '');
        return extra.get(tag);
      });
      rows += 1;
    }
  } catch (error) {
    if (error instanceof MergeInputError) throw error;
    throw new MergeInputError(
      `${file} could not be read as gzipped CSV: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  return rows;
};

export interface MergedRun {
  readonly segments: readonly LoadedSegment[];
  readonly manifest: SegmentManifest;
  readonly metrics: ReadonlyMap<string, MetricSummary>;
  readonly results: readonly ThresholdResult[];
  readonly durationSeconds: number;
  readonly samples: number;
}

/** Reads, merges and judges the segments in `folders`. */
export const mergeSegments = async (folders: readonly string[]): Promise<MergedRun> => {
  const segments = readSegments(folders);
  const manifest = (segments[0] as LoadedSegment).manifest;
  const aggregator = new SampleAggregator(
    [...manifest.thresholds.map((t) => t.metric), ...reportKeys(manifest)],
    manifest.metricTypes,
  );
  let samples = 0;
  for (const segment of segments) samples += await readSamples(segment.samplesFile, aggregator);
  const durationSeconds =
    segments.reduce((most, s) => Math.max(most, s.manifest.testRunDurationMs), Number.NEGATIVE_INFINITY) /
    1000;
  const metrics = aggregator.metrics(durationSeconds);
  const results = judgeThresholds(manifest.thresholds, metrics);
  return { segments, manifest, metrics, results, durationSeconds, samples };
};
