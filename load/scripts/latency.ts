/**
 * k6 script `latency`: POST, GET and PUT of one realistic event per iteration, at a share of tenant
 * A's limit. The plan, the scenario, the thresholds and their defaults are in
 * ../lib/latency-plan.ts. Bundled by load/bundle.ts into <output>/k6-bundles/latency.js.
 */
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import type { Options } from 'k6/options';
import { LOAD_REPORT_DIR } from '../../config/settings/load-settings.ts';
import { realisticEvent, realisticUpdate } from '../../generators/k6-safe.ts';
import { EVENTS_PATH, eventPath } from '../../spec/http-interface.ts';
import { newLoadRunId } from '../lib/ids.ts';
import {
  LATENCY_METRICS,
  LATENCY_SCRIPT,
  latencyOptions,
  latencyPlan,
  latencyThresholds,
} from '../lib/latency-plan.ts';
import { productionRefusal } from '../lib/production-guard.ts';
import { dashboardFileOf, REPORT_DIR_DEFAULT } from '../lib/report-files.ts';
import { summaryOutputs } from '../lib/summary-outputs.ts';
import { describeTarget } from '../lib/target.ts';
import { EVENT_PATH_NAME, paramsFor, uuidOf } from './http.ts';

const refusal = productionRefusal(__ENV, LATENCY_SCRIPT);
if (refusal !== undefined) throw new Error(refusal);

const plan = latencyPlan(__ENV);
const specs = latencyThresholds(plan);
const tenant = plan.target.tenantA;

export const options: Options = latencyOptions(plan, __ENV);

const throttled = new Counter(LATENCY_METRICS.throttled);

interface SetupData {
  readonly runId: string;
}

export function setup(): SetupData {
  return { runId: plan.target.runId ?? newLoadRunId() };
}

const countThrottled = (status: number, endpoint: string): void => {
  throttled.add(status === 429 ? 1 : 0, { endpoint });
};

/** Scenario create_retrieve_update: one event, created, read back and updated. */
export function createRetrieveUpdate(data: SetupData): void {
  const event = realisticEvent(plan.seed, data.runId, exec.scenario.iterationInTest);
  const created = http.post(
    `${plan.target.baseUrl}${EVENTS_PATH}`,
    JSON.stringify(event),
    paramsFor(tenant, { endpoint: 'create' }, [201]),
  );
  countThrottled(created.status, 'create');
  const uuid = uuidOf(created.body);
  check(created, {
    'create: POST answers 201': (r) => r.status === 201,
    'create: the body holds the uuid': () => uuid !== undefined,
  });
  if (uuid === undefined) return;

  const retrieved = http.get(
    `${plan.target.baseUrl}${eventPath(uuid)}`,
    paramsFor(tenant, { endpoint: 'retrieve', name: EVENT_PATH_NAME }, [200]),
  );
  countThrottled(retrieved.status, 'retrieve');
  check(retrieved, { 'retrieve: GET answers 200': (r) => r.status === 200 });

  const updated = http.put(
    `${plan.target.baseUrl}${eventPath(uuid)}`,
    JSON.stringify(realisticUpdate(plan.seed, event)),
    paramsFor(tenant, { endpoint: 'update', name: EVENT_PATH_NAME }, [{ min: 200, max: 299 }]),
  );
  countThrottled(updated.status, 'update');
  // PUT's success status is not shown in the spec (GAP-PUT-STATUS): any 2xx.
  check(updated, { 'update: PUT answers 2xx': (r) => r.status >= 200 && r.status < 300 });
}

export function handleSummary(data: { setup_data?: Partial<SetupData> }): Record<string, string> {
  const reportDir = LOAD_REPORT_DIR.read(__ENV) ?? REPORT_DIR_DEFAULT;
  return summaryOutputs(data, specs, {
    script: LATENCY_SCRIPT,
    reportDir,
    dashboard: dashboardFileOf(__ENV, LATENCY_SCRIPT, reportDir),
    target: describeTarget(plan.target),
    runId: data.setup_data?.runId ?? plan.target.runId,
    settings: {
      share: plan.share,
      limit: plan.target.limits.A.requestsPerWindow,
      windowSeconds: plan.windowSeconds,
      iterationsPerWindow: plan.iterationsPerWindow,
      requestsPerIteration: 3,
      durationSeconds: plan.durationSeconds,
      ...Object.fromEntries(
        Object.entries(plan.limits).flatMap(([endpoint, l]) => [
          [`${endpoint}P95Ms`, l.p95],
          [`${endpoint}P99Ms`, l.p99],
        ]),
      ),
    },
    now: new Date(),
  });
}
