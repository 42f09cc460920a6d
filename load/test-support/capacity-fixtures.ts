/**
 * Made-up tenants and synthetic capacity segments for the kit tests of the capacity run and its
 * merge: segment manifests and gzipped k6 CSV samples written by hand, so that a merge's verdict can
 * be known in advance.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CAPACITY_METRIC_TYPES } from '../lib/capacity-plan.ts';
import {
  manifestFileOf,
  SEGMENT_MANIFEST_KIND,
  type SegmentManifest,
  samplesFileOf,
} from '../lib/segment-manifest.ts';
import type { CapacityTenant } from '../lib/tenants-file.ts';
import type { ThresholdSpec } from '../lib/thresholds.ts';

export const fixtureTenants = (
  count: number,
  requestsPerWindow = 600,
  windowSeconds = 60,
): CapacityTenant[] =>
  Array.from({ length: count }, (_, i) => ({
    name: `t${String(i + 1).padStart(3, '0')}`,
    clientId: `0f8fad5b-d9cb-469f-a165-${String(708677289500 + i).padStart(12, '0')}`,
    accessToken: `svc_test_capacity-fixture-secret-${i}`,
    requestsPerWindow,
    windowSeconds,
  }));

export interface Sample {
  readonly metric: string;
  readonly value: number;
  readonly tags?: Readonly<Record<string, string>>;
}

const HEADER =
  'metric_name,timestamp,metric_value,check,error,error_code,expected_response,group,method,name,proto,scenario,service,status,subproto,tls_version,url,extra_tags,metadata';

/** k6's CSV line of one sample: the endpoint and tenant tags are extra tags, as k6 writes them. */
const csvLine = ({ metric, value, tags = {} }: Sample): string => {
  const extra = Object.entries(tags)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${metric},1795497540,${value.toFixed(6)},,,,,,,,,capacity,,,,,,${extra},`;
};

export const writeSegment = (
  folder: string,
  name: string,
  segment: string,
  thresholds: readonly ThresholdSpec[],
  samples: readonly Sample[],
): void => {
  mkdirSync(folder, { recursive: true });
  const manifest: SegmentManifest = {
    kind: SEGMENT_MANIFEST_KIND,
    version: 1,
    name,
    segment,
    sequence: null,
    samples: samplesFileOf(name),
    runId: 'run-synthetic-1',
    target: 'http://127.0.0.1:9 (sandbox)',
    settings: { tenants: 1, share: 0.8 },
    tenants: [{ name: 't001', requestsPerWindow: 600, windowSeconds: 60, plannedRequests: 100 }],
    metricTypes: CAPACITY_METRIC_TYPES,
    thresholds,
    ownVerdicts: [],
    testRunDurationMs: 10_000,
  };
  writeFileSync(join(folder, manifestFileOf(name)), JSON.stringify(manifest));
  writeFileSync(
    join(folder, samplesFileOf(name)),
    gzipSync(`${[HEADER, ...samples.map(csvLine)].join('\n')}\n`),
  );
};
