/**
 * k6 script `rate-limit` (spec part 8). The plan, the scenarios and the thresholds are in
 * ../lib/rate-limit-plan.ts, which says what each threshold means; this file sends the requests and
 * counts what came back. Bundled by load/bundle.ts into <output>/k6-bundles/rate-limit.js.
 */
import exec from 'k6/execution';
import http, { type RefinedResponse, type ResponseType } from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { LOAD_REPORT_DIR } from '../../config/settings/load-settings.ts';
import { realisticEvent } from '../../generators/k6-safe.ts';
import { EVENTS_PATH, eventPath, RATE_LIMIT_HEADER_PATTERN } from '../../spec/http-interface.ts';
import { newLoadRunId, randomUuid } from '../lib/ids.ts';
import { productionRefusal } from '../lib/production-guard.ts';
import {
  EXPECTED_STATUSES,
  METRICS,
  plannedInstantMs,
  RATE_LIMIT_SCRIPT,
  REQUEST_KINDS,
  type RequestKind,
  rateLimitOptions,
  rateLimitPlan,
  rateLimitThresholds,
  windowIndex,
} from '../lib/rate-limit-plan.ts';
import { dashboardFileOf, REPORT_DIR_DEFAULT } from '../lib/report-files.ts';
import { summaryOutputs } from '../lib/summary-outputs.ts';
import { describeTarget, type LoadTenant } from '../lib/target.ts';
import { EVENT_PATH_NAME, isJsonObject, paramsFor } from './http.ts';

const refusal = productionRefusal(__ENV, RATE_LIMIT_SCRIPT);
if (refusal !== undefined) throw new Error(refusal);

const plan = rateLimitPlan(__ENV);
const specs = rateLimitThresholds(plan);

export const options: Options = rateLimitOptions(plan, __ENV);

const accepted = new Counter(METRICS.accepted);
const throttled = new Counter(METRICS.throttled);
const controlThrottled = new Counter(METRICS.controlThrottled);
const unexpectedStatus = new Counter(METRICS.unexpectedStatus);
const serverErrors = new Counter(METRICS.serverErrors);
const throttledBodyJson = new Rate(METRICS.throttledBodyJson);
const headersSent = new Counter(METRICS.headersSent);
const sent = new Counter(METRICS.sent);
const lateServed = new Counter(METRICS.lateServed);
const lateRefused = new Counter(METRICS.lateRefused);
const delay = new Trend(METRICS.delay, true);
const sendDelay = new Trend(METRICS.sendDelay, true);

/** The control scenario's events are numbered apart from the over-limit ones. */
const CONTROL_INDEX_OFFSET = 1_000_000_000;

interface SetupData {
  readonly runId: string;
}

export function setup(): SetupData {
  return { runId: plan.target.runId ?? newLoadRunId() };
}

const send = (
  tenant: LoadTenant,
  kind: RequestKind,
  index: number,
  runId: string,
): RefinedResponse<ResponseType | undefined> => {
  const expected = [...EXPECTED_STATUSES[kind], 429];
  switch (kind) {
    case 'get-unknown':
      return http.get(
        `${plan.target.baseUrl}${eventPath(randomUuid())}`,
        paramsFor(tenant, { kind, name: EVENT_PATH_NAME }, expected),
      );
    case 'invalid-post':
      // amount 0: ERR-3005, a validation failure that must count toward the limit like any request.
      return http.post(
        `${plan.target.baseUrl}${EVENTS_PATH}`,
        JSON.stringify({ ...realisticEvent(plan.seed, runId, index), amount: 0 }),
        paramsFor(tenant, { kind }, expected),
      );
    case 'valid-post':
      return http.post(
        `${plan.target.baseUrl}${EVENTS_PATH}`,
        JSON.stringify(realisticEvent(plan.seed, runId, index)),
        paramsFor(tenant, { kind }, expected),
      );
  }
};

/** Counts one response; returns whether it was a 429. */
const record = (kind: RequestKind, response: RefinedResponse<ResponseType | undefined>): boolean => {
  const { status, body } = response;
  const isThrottled = status === 429;
  // Part 8: "Rate-limit response headers are not returned", on a 429 or on a served request alike.
  const limitHeaders = Object.keys(response.headers).filter((name) => RATE_LIMIT_HEADER_PATTERN.test(name));
  headersSent.add(limitHeaders.length > 0 ? 1 : 0, { kind });
  if (isThrottled) throttledBodyJson.add(isJsonObject(body), { kind });
  else if (!EXPECTED_STATUSES[kind].includes(status))
    unexpectedStatus.add(1, { kind, status: String(status) });
  if (status >= 500) serverErrors.add(1, { kind, status: String(status) });
  return isThrottled;
};

const kindOf = (iteration: number): RequestKind =>
  REQUEST_KINDS[iteration % REQUEST_KINDS.length] as RequestKind;

/** Milliseconds since the scenario began. */
const sinceStart = (): number => Date.now() - exec.scenario.startTime;

/** Milliseconds since the first window began (negative in the warm-up). */
const sinceWindows = (): number => sinceStart() - plan.warmUpSeconds * 1000;

/** Scenario over_limit: the rate-limit tenant, above its limit. */
export function overLimit(data: SetupData): void {
  const iteration = exec.scenario.iterationInTest;
  const kind = kindOf(iteration);
  const sentAt = sinceWindows();
  if (sentAt < 0) {
    // The warm-up (WARM_UP_SECONDS): checked as every request is, in no window.
    record(kind, send(plan.limitedTenant, kind, iteration, data.runId));
    return;
  }
  const window = String(windowIndex(sentAt, plan.windowSeconds));
  sent.add(1, { window });
  sendDelay.add(sentAt + plan.warmUpSeconds * 1000 - plannedInstantMs(plan, iteration));
  const response = send(plan.limitedTenant, kind, iteration, data.runId);
  const isThrottled = record(kind, response);
  const isAccepted = EXPECTED_STATUSES[kind].includes(response.status);
  // Zeros too, so that a window or kind with no 429 at all still has samples and its threshold fails.
  throttled.add(isThrottled ? 1 : 0, { window, kind });
  accepted.add(isAccepted ? 1 : 0, { window, kind });
  // From its planned instant to its answer: a stalled generator's catch-up, a late answer.
  delay.add(sinceStart() - plannedInstantMs(plan, iteration), { window });
  // Zeros too: a window with none in flight at its end still has samples for its premises.
  const late = windowIndex(sinceWindows(), plan.windowSeconds) > Number(window);
  lateServed.add(late && isAccepted ? 1 : 0, { window });
  lateRefused.add(late && isThrottled ? 1 : 0, { window });
}

/** Scenario control: another tenant, below its limit, at the same time. */
export function control(data: SetupData): void {
  const iteration = exec.scenario.iterationInTest;
  const kind = kindOf(iteration);
  const response = send(plan.controlTenant, kind, CONTROL_INDEX_OFFSET + iteration, data.runId);
  controlThrottled.add(record(kind, response) ? 1 : 0, { kind });
}

export function handleSummary(data: { setup_data?: Partial<SetupData> }): Record<string, string> {
  const reportDir = LOAD_REPORT_DIR.read(__ENV) ?? REPORT_DIR_DEFAULT;
  return summaryOutputs(data, specs, {
    script: RATE_LIMIT_SCRIPT,
    reportDir,
    dashboard: dashboardFileOf(__ENV, RATE_LIMIT_SCRIPT, reportDir),
    target: describeTarget(plan.target),
    runId: data.setup_data?.runId ?? plan.target.runId,
    settings: {
      limit: plan.limit,
      windowSeconds: plan.windowSeconds,
      windows: plan.windows,
      warmUpSeconds: plan.warmUpSeconds,
      overload: plan.overload,
      overLimitPerWindow: plan.overLimitPerWindow,
      controlTenant: plan.controlTenant.name,
      controlPerWindow: plan.controlPerWindow,
    },
    now: new Date(),
  });
}
