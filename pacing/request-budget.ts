/**
 * The run's own request budget (docs/architecture.md): the workers' request counts summed per tenant,
 * the busiest window of each tenant (measured from the workers' counts per slot of time, to within a
 * slot), and the verdict. A 429 met outside the @ratelimit checks is a
 * breach: the run was throttled by traffic it should have paced (or the target's limit is lower than
 * the contract says). `fei-kit conformance` prints this and writes it to request-stats.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RateLimitSettings, TenantLimits, TenantName } from '../config/index.ts';
import { SHARED_LIMIT_VARIABLES } from '../contract/index.ts';
import { RUN_SHARE_OF_LIMIT, runShareOfLimit } from './request-pacer.ts';
import {
  addStats,
  emptyTenantStats,
  parseWorkerStats,
  REQUEST_SCOPES,
  type RequestScope,
  type RequestStats,
  type TenantRequestStats,
  type WorkerRequestStats,
} from './request-stats.ts';
import { SendSlots } from './send-slots.ts';

/** The tenant the @ratelimit checks throttle on purpose; it is not paced and has no budget to keep. */
export const RATE_LIMIT_TENANT = 'RATE_LIMIT';

/** The limit a recorded tenant's requests count against: requests without tenant headers are tenant A's. */
export const limitOfRecorded = (limits: TenantLimits, recorded: string): RateLimitSettings =>
  limits[(recorded === 'B' || recorded === RATE_LIMIT_TENANT ? recorded : 'A') as TenantName];

export interface RunRequestStats {
  /** Worker files read. */
  readonly workerFiles: number;
  /** Files that could not be read, with the reason. */
  readonly unreadable: readonly string[];
  /** Files of other runs found in the folder and left out. */
  readonly otherRuns: number;
  /** The run's maximum number of concurrent workers, as the workers saw it. */
  readonly workers: number | undefined;
  readonly byScope: Readonly<Record<RequestScope, RequestStats>>;
  /** Per tenant: its requests per slot of time, over every worker. */
  readonly sent: ReadonlyMap<string, SendSlots>;
  /** The most resident memory any worker reached, in kilobytes (undefined: no worker said). */
  readonly peakWorkerRssKb: number | undefined;
}

/** Sums worker files' contents. */
export const sumWorkerStats = (
  files: readonly WorkerRequestStats[],
  unreadable: readonly string[] = [],
): RunRequestStats => {
  const byScope: Record<RequestScope, RequestStats> = { conformance: {}, ratelimit: {} };
  const sent = new Map<string, SendSlots>();
  const problems = [...unreadable];
  let workers: number | undefined;
  let peakWorkerRssKb: number | undefined;
  for (const file of files) {
    for (const scope of REQUEST_SCOPES) addStats(byScope[scope], file.byScope[scope]);
    for (const [tenant, { slotMs, counts }] of Object.entries(file.sentPerSlot)) {
      const slots = sent.get(tenant) ?? new SendSlots(slotMs);
      sent.set(tenant, slots);
      // Workers of one run share one contract, so one window per tenant: other slots are another run's.
      if (slots.slotMs === slotMs) slots.addCounts(counts);
      else
        problems.push(
          `worker ${file.pid}: tenant ${tenant}'s requests in slots of ${slotMs} ms, where other workers used ${slots.slotMs} ms (left out of its busiest window)`,
        );
    }
    if (file.workers !== undefined) workers = Math.max(workers ?? 0, file.workers);
    if (file.maxRssKb !== undefined) peakWorkerRssKb = Math.max(peakWorkerRssKb ?? 0, file.maxRssKb);
  }
  return {
    workerFiles: files.length,
    unreadable: problems,
    otherRuns: 0,
    workers,
    byScope,
    sent,
    peakWorkerRssKb,
  };
};

/**
 * Reads and sums the worker files of a folder; a missing folder is a run that sent nothing. With a run
 * id, files another run left (or is writing) in the same folder are left out and counted as such.
 */
export const sumRequestStats = (folder: string, runId?: string): RunRequestStats => {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    names = [];
  }
  const files: WorkerRequestStats[] = [];
  const unreadable: string[] = [];
  let otherRuns = 0;
  for (const name of names.sort()) {
    try {
      const file = parseWorkerStats(readFileSync(join(folder, name), 'utf8'));
      if (runId !== undefined && file.runId !== runId) otherRuns += 1;
      else files.push(file);
    } catch (error) {
      unreadable.push(`${name}: ${(error as Error).message}`);
    }
  }
  return { ...sumWorkerStats(files, unreadable), otherRuns };
};

export interface TenantBudget extends TenantRequestStats {
  /** The tenant's limit, and the share of it the run allows itself (what the pacing keeps to). */
  readonly limit: {
    readonly requestsPerWindow: number;
    readonly windowSeconds: number;
    /** requestsPerWindow × runShare: the most a paced tenant should send in any window. */
    readonly runBudgetPerWindow: number;
  };
  /** Sent by the tests outside @ratelimit: the part of the run that must never be throttled. */
  readonly outsideRateLimitChecks: TenantRequestStats;
  /** Sent by the @ratelimit checks. */
  readonly inRateLimitChecks: TenantRequestStats;
  /**
   * The most requests of the tenant that surely left within one window (any start): counted per slot,
   * a thousandth of the window, so the true busiest window holds at most `peakPerWindowAtMost`.
   */
  readonly peakPerWindow: number;
  readonly peakPerWindowAtMost: number;
}

export interface RequestBudgetReport {
  readonly runId: string | undefined;
  /** The share of each tenant's limit the run allows itself (the pacers' target). */
  readonly runShare: number;
  /** The run's maximum number of concurrent workers, as the workers saw it. */
  readonly workers: number | undefined;
  readonly workerFiles: number;
  /** The most resident memory any worker reached, in kilobytes. */
  readonly peakWorkerRssKb: number | undefined;
  readonly tenants: Readonly<Record<string, TenantBudget>>;
  /** 429s met outside @ratelimit: the run was throttled by its own traffic. Non-empty fails the run. */
  readonly breaches: readonly string[];
  /** Things worth a look that do not fail the run. */
  readonly warnings: readonly string[];
}

const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;

export const requestBudgetReport = (
  stats: RunRequestStats,
  limits: TenantLimits,
  options: { runId?: string; share?: number } = {},
): RequestBudgetReport => {
  const share = options.share ?? RUN_SHARE_OF_LIMIT;
  const names = [
    ...new Set([...REQUEST_SCOPES.flatMap((scope) => Object.keys(stats.byScope[scope]))]),
  ].sort();
  const tenants: Record<string, TenantBudget> = {};
  const breaches: string[] = [];
  const warnings: string[] = [];
  for (const name of names) {
    const outside = stats.byScope.conformance[name] ?? emptyTenantStats();
    const inside = stats.byScope.ratelimit[name] ?? emptyTenantStats();
    const sum = addStats(addStats({}, { [name]: outside }), { [name]: inside })[name] as TenantRequestStats;
    const limit = limitOfRecorded(limits, name);
    const runBudgetPerWindow = runShareOfLimit(limit, share);
    const busiest = stats.sent.get(name)?.busiest(limit.windowSeconds * 1000) ?? { atLeast: 0, atMost: 0 };
    const peak = busiest.atLeast;
    tenants[name] = {
      limit: {
        requestsPerWindow: limit.requestsPerWindow,
        windowSeconds: limit.windowSeconds,
        runBudgetPerWindow,
      },
      ...sum,
      outsideRateLimitChecks: outside,
      inRateLimitChecks: inside,
      peakPerWindow: peak,
      peakPerWindowAtMost: busiest.atMost,
    };
    if (outside.throttled > 0) {
      breaches.push(
        `tenant ${name} met ${outside.throttled} × 429 outside @ratelimit (${plural(outside.retries, 'retry', 'retries')}): the run was throttled by its own traffic`,
      );
    }
    if (name !== RATE_LIMIT_TENANT && peak > runBudgetPerWindow) {
      warnings.push(
        `tenant ${name} sent ${peak} requests within one ${limit.windowSeconds} s window, more than the run's share of ${runBudgetPerWindow}: the pacing did not keep its promise`,
      );
    }
  }
  for (const file of stats.unreadable) warnings.push(`a worker's request counts could not be read: ${file}`);
  if (stats.otherRuns > 0) {
    warnings.push(
      `${plural(stats.otherRuns, 'worker file')} of another run left out: two runs shared fei-kit-output at once, and the other may have throttled this one`,
    );
  }
  return {
    runId: options.runId,
    runShare: share,
    workers: stats.workers,
    workerFiles: stats.workerFiles,
    peakWorkerRssKb: stats.peakWorkerRssKb,
    tenants,
    breaches,
    warnings,
  };
};

const describeCounts = (s: TenantRequestStats): string =>
  `${plural(s.requests, 'request')}, ${s.throttled} × 429, ${plural(s.retries, 'retry', 'retries')}`;

/** `800`, or `799 to 801` when a slot's requests may have fallen either side of the busiest window. */
const busiestText = (t: TenantBudget): string =>
  t.peakPerWindowAtMost === t.peakPerWindow
    ? `${t.peakPerWindow}`
    : `${t.peakPerWindow} to ${t.peakPerWindowAtMost}`;

/** The report as lines for the console; a breach is impossible to miss. */
export const describeRequestBudget = (report: RequestBudgetReport): string[] => {
  const workers = report.workers === undefined ? '' : `, ${plural(report.workers, 'worker')}`;
  const lines = [
    `requests sent by the run (each paced tenant kept to ${Math.round(report.runShare * 100)} % of its limit${workers}):`,
  ];
  const names = Object.keys(report.tenants);
  if (names.length === 0) lines.push('  no requests recorded');
  for (const name of names) {
    const t = report.tenants[name] as TenantBudget;
    const where =
      t.inRateLimitChecks.requests === 0
        ? ''
        : t.outsideRateLimitChecks.requests === 0
          ? name === RATE_LIMIT_TENANT
            ? ' (all in @ratelimit checks, which throttle it on purpose)'
            : ' (all in @ratelimit checks)'
          : ` (outside @ratelimit: ${describeCounts(t.outsideRateLimitChecks)})`;
    const limit = `limit ${t.limit.requestsPerWindow} per ${t.limit.windowSeconds} s`;
    const budget = name === RATE_LIMIT_TENANT ? limit : `${limit}, run's share ${t.limit.runBudgetPerWindow}`;
    lines.push(
      `  ${name}: ${describeCounts(t)}; ${busiestText(t)} in the busiest ${t.limit.windowSeconds} s window (${budget})${where}`,
    );
  }
  for (const warning of report.warnings) lines.push(`warning: ${warning}`);
  if (report.breaches.length === 0) {
    lines.push('request budget kept: no 429 met outside @ratelimit');
    return lines;
  }
  const banner = '!'.repeat(100);
  for (const item of [
    banner,
    `!!! REQUEST BUDGET BREACH: ${plural(report.breaches.length, 'tenant')} throttled outside @ratelimit`,
    ...report.breaches.map((breach) => `!!!   ${breach}`),
    '!!! The suite paces itself under the limit, so a 429 here means the limit in the target contract',
    `!!! (the tenant's own limit variables, or the shared ${SHARED_LIMIT_VARIABLES.requestsPerWindow}, ${SHARED_LIMIT_VARIABLES.windowSeconds})`,
    '!!! is higher than the tenant really has, something else used the tenant during the run, or the',
    '!!! target does not keep a separate limit per tenant.',
    banner,
  ])
    lines.push(item);
  return lines;
};
