/**
 * k6 script `capacity`: every tenant of the tenants file (CAPACITY_TENANTS_FILE) at CAPACITY_SHARE of
 * its own limit at once, each iteration a POST, GET and PUT of one realistic event of the tenant the
 * schedule gives it. The plan, the schedule and the thresholds are in ../lib/capacity-plan.ts.
 * Its handleSummary writes the instance's segment manifest for the merge (`fei-kit load merge`);
 * the raw samples are k6's CSV output, which the runner (or the TestRun) asks for.
 * Bundled by load/bundle.ts into <output>/k6-bundles/capacity.js.
 */
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Rate } from 'k6/metrics';
import type { Options } from 'k6/options';
import {
  CAPACITY_SEGMENT_NAME,
  CAPACITY_TENANTS_FILE,
  LOAD_REPORT_DIR,
} from '../../config/settings/load-settings.ts';
import {
  type FinancialEvent,
  loadExternalId,
  realisticEvent,
  realisticUpdate,
} from '../../generators/k6-safe.ts';
import { EVENTS_PATH, eventPath } from '../../spec/http-interface.ts';
import {
  CAPACITY_METRIC_TYPES,
  CAPACITY_METRICS,
  CAPACITY_SCRIPT,
  capacityOptions,
  capacityPlan,
  capacityProductionRefusal,
  capacitySchedule,
  capacitySettings,
  capacityThresholds,
} from '../lib/capacity-plan.ts';
import { tenantOfIteration } from '../lib/capacity-schedule.ts';
import { LoadSetupError } from '../lib/env.ts';
import { newLoadRunId } from '../lib/ids.ts';
import { evaluateThresholds } from '../lib/reach.ts';
import { joinPath, REPORT_DIR_DEFAULT } from '../lib/report-files.ts';
import {
  manifestFileOf,
  ownVerdictsOf,
  SEGMENT_MANIFEST_KIND,
  type SegmentManifest,
  samplesFileOf,
  WHOLE_RUN_NAME,
} from '../lib/segment-manifest.ts';
import { collectMetrics, runDurationSeconds } from '../lib/summary-data.ts';
import { parseTenantsFile } from '../lib/tenants-file.ts';
import { textSummary } from '../lib/text-report.ts';
import { EVENT_PATH_NAME, paramsFor, uuidOf } from './http.ts';

const tenantsFile = CAPACITY_TENANTS_FILE.read(__ENV);
if (tenantsFile === undefined) {
  throw new LoadSetupError('CAPACITY_TENANTS_FILE is not set: the path of the tenants file (load/README.md)');
}
const tenants = parseTenantsFile(open(tenantsFile), 'CAPACITY_TENANTS_FILE');
const plan = capacityPlan(__ENV, tenants);
const refusal = capacityProductionRefusal(__ENV, plan.target);
if (refusal !== undefined) throw new Error(refusal);
const specs = capacityThresholds(plan);
const schedule = capacitySchedule(plan);

export const options: Options = capacityOptions(plan, __ENV);

const throttled = new Counter(CAPACITY_METRICS.throttled);
const unexpected = new Rate(CAPACITY_METRICS.unexpected);

interface SetupData {
  readonly runId: string;
}

export function setup(): SetupData {
  return { runId: plan.target.runId ?? newLoadRunId() };
}

const judge = (
  status: number,
  expected: (status: number) => boolean,
  endpoint: string,
  tenant: string,
): void => {
  if (status === 429) throttled.add(1, { tenant });
  unexpected.add(status !== 429 && !expected(status), { endpoint });
};

/**
 * Drawing a realistic event costs milliseconds of k6's interpreter, which at hundreds of iterations a
 * second would load the generator more than the service: each VU draws FIELD_POOL events and their
 * updates once and sends them again, each time under a new externalId.
 */
const FIELD_POOL = 32;
const drawn = new Map<number, { readonly event: FinancialEvent; readonly update: FinancialEvent }>();

const eventAndUpdate = (
  runId: string,
  iteration: number,
): { event: FinancialEvent; update: FinancialEvent } => {
  const slot = iteration % FIELD_POOL;
  let pair = drawn.get(slot);
  if (pair === undefined) {
    const event = realisticEvent(plan.seed, runId, slot);
    pair = { event, update: realisticUpdate(plan.seed, event) };
    drawn.set(slot, pair);
  }
  // The update keeps its event's externalId (realisticUpdate): both take the iteration's own.
  const externalId = loadExternalId(runId, iteration);
  return { event: { ...pair.event, externalId }, update: { ...pair.update, externalId } };
};

/** Scenario capacity: one event of the scheduled tenant, created, read back and updated. */
export function tenantIteration(data: SetupData): void {
  const iteration = exec.scenario.iterationInTest;
  const { tenant } = plan.tenants[tenantOfIteration(schedule, iteration)] as (typeof plan.tenants)[number];
  const tags = (endpoint: string) => ({ endpoint, tenant: tenant.name });
  const { event, update } = eventAndUpdate(data.runId, iteration);
  const created = http.post(
    `${plan.target.baseUrl}${EVENTS_PATH}`,
    JSON.stringify(event),
    paramsFor(tenant, tags('create'), [201]),
  );
  const uuid = uuidOf(created.body);
  judge(created.status, (s) => s === 201 && uuid !== undefined, 'create', tenant.name);
  if (uuid === undefined) return;
  const retrieved = http.get(
    `${plan.target.baseUrl}${eventPath(uuid)}`,
    paramsFor(tenant, { ...tags('retrieve'), name: EVENT_PATH_NAME }, [200]),
  );
  judge(retrieved.status, (s) => s === 200, 'retrieve', tenant.name);
  const updated = http.put(
    `${plan.target.baseUrl}${eventPath(uuid)}`,
    JSON.stringify(update),
    paramsFor(tenant, { ...tags('update'), name: EVENT_PATH_NAME }, [{ min: 200, max: 299 }]),
  );
  // PUT's success status is not shown in the spec (GAP-PUT-STATUS): any 2xx.
  judge(updated.status, (s) => s >= 200 && s < 300, 'update', tenant.name);
}

const WHOLE = '0:1';

export function handleSummary(data: { setup_data?: Partial<SetupData> }): Record<string, string> {
  const reportDir = LOAD_REPORT_DIR.read(__ENV) ?? REPORT_DIR_DEFAULT;
  const name = CAPACITY_SEGMENT_NAME.read(__ENV) ?? WHOLE_RUN_NAME;
  const segment = String(exec.test.options.executionSegment ?? '') || WHOLE;
  const sequence = exec.test.options.executionSegmentSequence;
  const results = evaluateThresholds(data, specs);
  const runId = data.setup_data?.runId ?? plan.target.runId;
  const settings = capacitySettings(plan);
  const seconds = runDurationSeconds(data);
  const manifest: SegmentManifest = {
    kind: SEGMENT_MANIFEST_KIND,
    version: 1,
    name,
    segment,
    sequence: sequence ? String(sequence) : null,
    samples: samplesFileOf(name),
    runId: runId ?? null,
    target: `${plan.target.baseUrl} (${plan.target.environment}${plan.target.embedded ? ', reference server' : ''})`,
    settings,
    tenants: plan.tenants.map((t) => ({
      name: t.tenant.name,
      requestsPerWindow: t.tenant.requestsPerWindow,
      windowSeconds: t.tenant.windowSeconds,
      plannedRequests: Math.floor((t.iterationsPerPeriod * plan.durationSeconds) / plan.periodSeconds) * 3,
    })),
    metricTypes: CAPACITY_METRIC_TYPES,
    thresholds: specs,
    ownVerdicts: ownVerdictsOf(results),
    testRunDurationMs: seconds * 1000,
  };
  const manifestPath = joinPath(reportDir, manifestFileOf(name));
  const facts = { script: CAPACITY_SCRIPT, target: manifest.target, runId, settings, now: new Date() };
  const stdout =
    segment === WHOLE
      ? textSummary(results, collectMetrics(data), facts, seconds, [manifestPath])
      : `\n  load/capacity: segment ${segment} (${name}) done in ${Math.round(seconds)}s; its share alone is no verdict: the merge judges the whole (fei-kit load merge)\n  wrote ${manifestPath}\n\n`;
  return { stdout, [manifestPath]: `${JSON.stringify(manifest, null, 2)}\n` };
}
