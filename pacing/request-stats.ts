/**
 * What a worker sent, per tenant: requests, 429s met, retries, split by where they came from (the
 * @ratelimit checks, which throttle on purpose, or the rest of the run, which must never be throttled),
 * and when (counted per slot of the tenant's window, send-slots.ts, from which the run's busiest window
 * is measured: the record does not grow with the requests sent). Written to a file when the worker
 * ends; request-budget.ts sums the files and reports them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractVariable, TEST_PARALLEL_INDEX } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { SendSlots, type SlotCounts, slotMsOf } from './send-slots.ts';

export interface TenantRequestStats {
  requests: number;
  throttled: number;
  retries: number;
}

export type RequestStats = Record<string, TenantRequestStats>;

/** The tag of the checks that exhaust a tenant's budget on purpose. */
export const RATE_LIMIT_TAG = '@ratelimit';

/** `ratelimit`: sent by a @ratelimit check; `conformance`: sent by any other test (the run's budget). */
export type RequestScope = 'conformance' | 'ratelimit';

export const REQUEST_SCOPES: readonly RequestScope[] = ['conformance', 'ratelimit'];

export const WORKER_STATS_FORMAT = 'conformance-kit/request-stats/4';

/** A tenant's sends per slot of its window: the slot's width, and the counts of the slots that saw one. */
export interface TenantSendSlots {
  readonly slotMs: number;
  readonly counts: SlotCounts;
}

/** One worker's file. */
export interface WorkerRequestStats {
  readonly format: typeof WORKER_STATS_FORMAT;
  /** The run the worker belonged to (KIT_RUN_ID): files of another run in the folder are not summed. */
  readonly runId: string | undefined;
  readonly pid: number;
  /** Playwright's parallel index of the worker (its slot among the concurrent workers). */
  readonly parallelIndex: string | undefined;
  /** The run's maximum number of concurrent workers, as the worker saw it (its pacing divides by it). */
  readonly workers: number | undefined;
  readonly byScope: Readonly<Record<RequestScope, RequestStats>>;
  /** Per tenant: how many requests left in each slot of epoch time. */
  readonly sentPerSlot: Readonly<Record<string, TenantSendSlots>>;
  /** The worker's peak resident memory, in kilobytes, when it wrote the file. */
  readonly maxRssKb?: number;
}

/**
 * What the recorder needs to know about the moment a request is sent: Playwright's running test in a
 * worker (playwright-recorder-context.ts, apart so that the kit's command line, which sums the files,
 * never loads Playwright), a fake in the kit's tests.
 */
export interface RecorderContext {
  scope(): RequestScope;
  /** Epoch milliseconds, finer than whole ones, comparable between the workers of one machine. */
  now(): number;
  workers(): number | undefined;
}

export const emptyTenantStats = (): TenantRequestStats => ({ requests: 0, throttled: 0, retries: 0 });

export class RequestStatsRecorder {
  readonly #byScope: Record<RequestScope, RequestStats> = { conformance: {}, ratelimit: {} };
  readonly #sent = new Map<string, SendSlots>();
  #workers: number | undefined;

  private readonly context: RecorderContext;
  private readonly windowMsOf: (tenant: string) => number;
  /** `windowMsOf`: each tenant's window (its slots are a thousandth of it); the spec's minute unless told. */
  constructor(context: RecorderContext, windowMsOf: (tenant: string) => number = () => 60_000) {
    this.context = context;
    this.windowMsOf = windowMsOf;
  }

  #of(tenant: string): TenantRequestStats {
    const stats = this.#byScope[this.context.scope()];
    stats[tenant] ??= emptyTenantStats();
    return stats[tenant];
  }

  sent(tenant: string): void {
    this.#of(tenant).requests += 1;
    let slots = this.#sent.get(tenant);
    if (!slots) {
      slots = new SendSlots(slotMsOf(this.windowMsOf(tenant)));
      this.#sent.set(tenant, slots);
    }
    slots.add(this.context.now());
    this.#workers ??= this.context.workers();
  }

  throttled(tenant: string): void {
    this.#of(tenant).throttled += 1;
  }

  retried(tenant: string): void {
    this.#of(tenant).retries += 1;
  }

  /** Requests of every scope, per tenant. */
  snapshot(): RequestStats {
    const total: RequestStats = {};
    for (const scope of REQUEST_SCOPES) addStats(total, this.#byScope[scope]);
    return total;
  }

  toJSON(): WorkerRequestStats {
    return {
      format: WORKER_STATS_FORMAT,
      runId: contractVariable(CONTRACT_VARIABLES.runId).read(),
      pid: process.pid,
      parallelIndex: TEST_PARALLEL_INDEX.read(),
      workers: this.#workers,
      byScope: structuredClone(this.#byScope),
      sentPerSlot: Object.fromEntries(
        [...this.#sent].map(([tenant, slots]) => [tenant, { slotMs: slots.slotMs, counts: slots.counts() }]),
      ),
      maxRssKb: process.resourceUsage().maxRSS,
    };
  }

  /** One file per worker process: a worker restarted after a failure keeps its slot but not its pid. */
  writeTo(folder: string, workerId: string): void {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `worker-${workerId}-${process.pid}.json`), JSON.stringify(this.toJSON()));
  }
}

/** Adds `more` into `into`, tenant by tenant. */
export const addStats = (into: RequestStats, more: Readonly<RequestStats>): RequestStats => {
  for (const [tenant, counts] of Object.entries(more)) {
    into[tenant] ??= emptyTenantStats();
    const sum = into[tenant];
    sum.requests += counts.requests;
    sum.throttled += counts.throttled;
    sum.retries += counts.retries;
  }
  return into;
};

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

const isRequestStats = (value: unknown): value is RequestStats =>
  value !== null &&
  typeof value === 'object' &&
  Object.values(value).every(
    (s) =>
      s !== null &&
      typeof s === 'object' &&
      isCount((s as TenantRequestStats).requests) &&
      isCount((s as TenantRequestStats).throttled) &&
      isCount((s as TenantRequestStats).retries),
  );

const isTenantSendSlots = (value: unknown): value is TenantSendSlots => {
  const { slotMs, counts } = (value ?? {}) as Partial<TenantSendSlots>;
  return (
    typeof slotMs === 'number' &&
    slotMs > 0 &&
    Array.isArray(counts) &&
    counts.every(
      (pair) => Array.isArray(pair) && pair.length === 2 && Number.isInteger(pair[0]) && isCount(pair[1]),
    )
  );
};

/** A worker file's content, checked; throws with the reason when it is not one. */
export const parseWorkerStats = (text: string): WorkerRequestStats => {
  const value = JSON.parse(text) as Partial<WorkerRequestStats> | null;
  if (value?.format !== WORKER_STATS_FORMAT) throw new Error(`not a ${WORKER_STATS_FORMAT} file`);
  const byScope = value.byScope as Partial<Record<RequestScope, unknown>> | undefined;
  if (!byScope || !REQUEST_SCOPES.every((scope) => isRequestStats(byScope[scope]))) {
    throw new Error('byScope must hold request counts for every scope');
  }
  const sent = value.sentPerSlot;
  if (!sent || typeof sent !== 'object' || !Object.values(sent).every(isTenantSendSlots)) {
    throw new Error('sentPerSlot must map tenants to the counts of requests that left in each slot');
  }
  if (value.maxRssKb !== undefined && !isCount(value.maxRssKb))
    throw new Error('maxRssKb must be a count of kilobytes');
  return value as WorkerRequestStats;
};
