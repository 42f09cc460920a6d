/**
 * A worker's guard of the run, consulted by the service client around every request: it refuses to
 * send once the run is stopped (run-records/run-stop.ts), stops the run when the target is gone
 * (target-health.ts, or unavailable longer than a restart takes: unavailability.ts), when a tenant's
 * credentials stop working, or at the first 429 a paced tenant meets outside the rate-limit checks (the
 * pacing keeps the run at 80 % of the limit, so that is a limit lower than the contract says, and every
 * request sent after it would only be throttled too), keeps the record of the windows in which the
 * deployment was unavailable, and marks the test that meets any of this as *not run* rather than failed.
 */
import { test } from '@playwright/test';
import type { NotRunKind, UnansweredRequest } from '../run-records/check-record.ts';
import { markCheckNotRun } from '../run-records/check-record-writer.ts';
import type { HttpExchange } from '../run-records/http-exchange.ts';
import { NOT_RUN_ANNOTATION } from '../run-records/result-annotations.ts';
import { type RunStop, RunStopWatch, stopRun } from '../run-records/run-stop.ts';
import {
  type MergedWindow,
  readWindows,
  recordWindow,
  type UnavailabilityWindow,
  windowCovering,
} from '../run-records/unavailability-windows.ts';
import { redact } from '../utilities/redaction.ts';
import { fateOf, TargetHealth } from './target-health.ts';

/** Marks the running test (if any) as not run, with why, and the exchange left unanswered if any. */
export const markNotRun = (kind: NotRunKind, reason: string, unanswered?: HttpExchange): void => {
  try {
    const info = test.info();
    const { annotations } = info;
    const description = redact(reason);
    markCheckNotRun(info, kind, description, unanswered ? unansweredRequestOf(unanswered) : undefined);
    if (!annotations.some((a) => a.type === NOT_RUN_ANNOTATION && a.description === description))
      annotations.push({ type: NOT_RUN_ANNOTATION, description });
  } catch {
    // Not inside a test (a kit test of the client): nothing to mark.
  }
};

/** The request of an exchange that got no answer, as the certificate names it. */
const unansweredRequestOf = (exchange: HttpExchange): UnansweredRequest => {
  const url = new URL(exchange.request.url);
  return {
    method: exchange.request.method,
    path: `${url.pathname}${url.search}`,
    waitedMs: Math.round(exchange.durationMs),
  };
};

/** The run was stopped: nothing more is sent. */
export class RunStoppedError extends Error {
  override readonly name = 'RunStopped';
}

export class RunGuard {
  readonly #watch: RunStopWatch;
  readonly #health: TargetHealth;

  readonly stopFile: string;
  readonly unavailabilityFile: string | undefined;

  private readonly now: () => number;
  constructor(
    files: { readonly runStop: string; readonly targetHealth: string; readonly unavailability?: string },
    now: () => number = Date.now,
  ) {
    this.now = now;
    this.stopFile = files.runStop;
    this.unavailabilityFile = files.unavailability;
    // Read before every request, not every 200 ms: once a worker has stopped the run, the others send
    // nothing new (a stat of one file costs microseconds; a request, a millisecond at least).
    this.#watch = new RunStopWatch(files.runStop, 0);
    this.#health = new TargetHealth(files.targetHealth);
  }

  #stopped(stop: RunStop): RunStoppedError {
    const why =
      stop.reason === 'throttled'
        ? `tenant ${stop.tenant} throttled`
        : stop.reason === 'credentials-refused'
          ? `tenant ${stop.tenant}'s credentials stopped working`
          : 'the target went away';
    const reason = `not run: the run was stopped (${why})`;
    markNotRun('run-stopped', reason);
    return new RunStoppedError(reason);
  }

  /** Whether a loss of the target may be under way: the client then waits less for an answer. */
  suspect(): boolean {
    return this.#health.suspect();
  }

  /** Throws when the run is stopped: called before every request. */
  beforeRequest(): void {
    const stop = this.#watch.current();
    if (stop) throw this.#stopped(stop);
  }

  /** Judges the target's health from a request's fate; stops the run when it is gone. */
  afterRequest(exchange: HttpExchange): void {
    const loss = this.#health.record(fateOf(exchange.response, exchange.error), exchange.startedAt);
    if (!loss) return;
    stopRun(this.stopFile, {
      reason: 'target-lost',
      at: loss.since,
      line: `TARGET LOST: ${loss.lost}; the tests already done are kept, the rest are not run`,
    });
  }

  /**
   * A 429 met by a paced tenant outside the rate-limit checks: the run stops at the first. Any such
   * 429 already fails the run (exit 6, request-budget.ts), so nothing a later request could show is
   * worth sending to a tenant the target throttles. Returns the error to throw.
   */
  throttled(tenant: string): RunStoppedError {
    const at = new Date(this.now()).toISOString();
    stopRun(this.stopFile, {
      reason: 'throttled',
      at,
      tenant,
      line: `THROTTLED: tenant ${tenant} met a 429 outside the rate-limit checks`,
    });
    return this.#stopped({ reason: 'throttled', at, tenant, line: '' });
  }

  /** Records a window of unavailability as it opens, and again once it closes (with its `until`). */
  recordUnavailability(window: UnavailabilityWindow): void {
    if (this.unavailabilityFile) recordWindow(this.unavailabilityFile, window);
  }

  /** A window any worker recorded that covers a moment of [from, to] (epoch ms), if any. */
  unavailableDuring(from: number, to: number): MergedWindow | undefined {
    return this.unavailabilityFile
      ? windowCovering(readWindows(this.unavailabilityFile), from, to)
      : undefined;
  }

  /** The deployment did not come back within the wait a restart gets: the run stops. Returns the error to throw. */
  unavailableForGood(since: string, line: string): RunStoppedError {
    const stop: RunStop = { reason: 'target-lost', at: since, line };
    stopRun(this.stopFile, stop);
    return this.#stopped(stop);
  }

  /**
   * A tenant's own credentials, which the deployment took before, are refused (401) to a request and
   * to a probe that creates nothing: expired, rotated or revoked. The run stops, naming the tenant and
   * when (never the token); no rule is judged on those answers. Returns the error to throw.
   */
  credentialsRefused(tenant: string, at: string, line: string): RunStoppedError {
    const stop: RunStop = { reason: 'credentials-refused', at, tenant, line };
    stopRun(this.stopFile, stop);
    return this.#stopped(stop);
  }
}
