/**
 * The bench's capacity part: `fei-kit load capacity` as a user runs it, against the reference server
 * with BENCH_CAPACITY_TENANTS made-up tenants (default 50) at BENCH_CAPACITY_SHARE of their limits
 * (default 0.8 of 1000 per 60 s) for BENCH_CAPACITY_SECONDS (default 60), split into
 * BENCH_CAPACITY_SEGMENTS local k6 instances (default 2); then the merge step alone
 * (`fei-kit load merge`) timed over the segments it left. Figures: the request rate k6 achieved
 * against the planned one, and the merge's time and input size. A threshold crossed is a figure, not
 * a failure: on a loaded machine the generator falls behind, which is what the achieved rate shows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Row } from './figure-row.ts';
import { timedRun } from './timed-run.ts';

export interface CapacityFigure {
  readonly code: number;
  readonly tenants: number;
  readonly seconds: number;
  readonly share: number;
  readonly segments: number;
  readonly plannedPerSecond: number;
  readonly achievedPerSecond: number;
  readonly verdict: string;
  readonly runSeconds: number;
  readonly mergeSeconds: number;
  readonly sampleBytes: number;
}

const summarySchema = z.object({
  verdict: z.string(),
  settings: z.object({ plannedIterations: z.number(), durationSeconds: z.number() }),
  metrics: z.object({ http_reqs: z.object({ values: z.object({ count: z.number() }) }) }),
});

const summaryOf = (folder: string) =>
  summarySchema.parse(JSON.parse(readFileSync(join(folder, 'capacity.summary.json'), 'utf8')));

export interface CapacitySettings {
  readonly tenants: number;
  readonly seconds: number;
  readonly share: string;
  readonly segments: number;
}

export const measureCapacity = async (
  folder: string,
  settings: CapacitySettings,
  env: NodeJS.ProcessEnv,
): Promise<CapacityFigure> => {
  const reportDir = join(folder, 'load');
  const run = await timedRun(
    ['load', 'capacity', '--segments', String(settings.segments), '--quiet'],
    {
      ...env,
      LOAD_REPORT_DIR: reportDir,
      CAPACITY_TENANTS_FILE: '',
      CAPACITY_TENANT_COUNT: String(settings.tenants),
      CAPACITY_SHARE: settings.share,
      LOAD_DURATION: `${settings.seconds}s`,
    },
    join(folder, 'capacity.log'),
  );
  // 1 is a crossed threshold: the run was measured all the same.
  if (run.code !== 0 && run.code !== 1)
    throw new Error(`the capacity run exited ${run.code}; see ${join(folder, 'capacity.log')}`);
  const segmentsDir = join(reportDir, 'capacity-segments');
  const merge = await timedRun(
    ['load', 'merge', segmentsDir],
    { ...env, LOAD_REPORT_DIR: join(folder, 'merged') },
    join(folder, 'merge.log'),
  );
  if (merge.code !== 0 && merge.code !== 1)
    throw new Error(`the merge exited ${merge.code}; see ${join(folder, 'merge.log')}`);
  const summary = summaryOf(join(folder, 'merged'));
  const sampleBytes = readdirSync(segmentsDir)
    .filter((f) => f.endsWith('.samples.csv.gz'))
    .reduce((sum, f) => sum + statSync(join(segmentsDir, f)).size, 0);
  return {
    code: 0,
    tenants: settings.tenants,
    seconds: settings.seconds,
    share: Number(settings.share),
    segments: settings.segments,
    plannedPerSecond: (summary.settings.plannedIterations * 3) / summary.settings.durationSeconds,
    // Over the planned duration: the share of the planned requests k6 really sent.
    achievedPerSecond: summary.metrics.http_reqs.values.count / summary.settings.durationSeconds,
    verdict: summary.verdict,
    runSeconds: run.seconds,
    mergeSeconds: merge.seconds,
    sampleBytes,
  };
};

const one = (value: number): string => value.toFixed(1);

export const capacityRows = (figure: CapacityFigure | undefined): Row[] =>
  figure
    ? [
        {
          measure: `capacity run, ${figure.tenants} tenants at ${Math.round(figure.share * 100)}% of 1000 per 60 s for ${figure.seconds} s, ${figure.segments} local k6 segments, reference server`,
          figure: `achieved ${one(figure.achievedPerSecond)} of ${one(figure.plannedPerSecond)} planned requests/s (${Math.round((100 * figure.achievedPerSecond) / figure.plannedPerSecond)}%), verdict ${figure.verdict}, ${one(figure.runSeconds)} s wall`,
          goal: '',
          verdict: '',
        },
        {
          measure: `merge step of that run (${figure.segments} segments, ${Math.round(figure.sampleBytes / 1000)} kB of gzipped samples)`,
          figure: `${one(figure.mergeSeconds)} s wall (a Node start included)`,
          goal: '',
          verdict: '',
        },
      ]
    : [{ measure: 'capacity run and merge', figure: 'not measured', goal: '', verdict: 'not measured' }];
