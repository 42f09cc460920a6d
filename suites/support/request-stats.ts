/**
 * What a worker sent, per tenant: requests, 429s met, retries. Written to a file when the worker
 * ends, and summed by the run, which reports them (expected: zero 429s outside @ratelimit).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TenantRequestStats {
  requests: number;
  throttled: number;
  retries: number;
}

export type RequestStats = Record<string, TenantRequestStats>;

export class RequestStatsRecorder {
  readonly #stats: RequestStats = {};

  #of(tenant: string): TenantRequestStats {
    this.#stats[tenant] ??= { requests: 0, throttled: 0, retries: 0 };
    return this.#stats[tenant];
  }

  sent(tenant: string): void {
    this.#of(tenant).requests += 1;
  }

  throttled(tenant: string): void {
    this.#of(tenant).throttled += 1;
  }

  retried(tenant: string): void {
    this.#of(tenant).retries += 1;
  }

  snapshot(): RequestStats {
    return structuredClone(this.#stats);
  }

  writeTo(folder: string, workerId: string): void {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `worker-${workerId}-${process.pid}.json`), JSON.stringify(this.#stats));
  }
}

export const sumRequestStats = (folder: string): RequestStats => {
  const total: RequestStats = {};
  let files: string[];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return total;
  }
  for (const file of files) {
    const stats = JSON.parse(readFileSync(join(folder, file), 'utf8')) as RequestStats;
    for (const [tenant, counts] of Object.entries(stats)) {
      const sum = total[tenant] ?? { requests: 0, throttled: 0, retries: 0 };
      total[tenant] = sum;
      sum.requests += counts.requests;
      sum.throttled += counts.throttled;
      sum.retries += counts.retries;
    }
  }
  return total;
};
