/**
 * A counter's stretch simulated for the oracle's tests: lanes of requests against a limiter of one
 * reading of the window, each request decided at a moment between its send and its answer. First the
 * counted kind alone until a 429 (the exhausting burst), then the counted kind and the probes in turn
 * until the stretch has said what it can (counterDecided). Written from part 8's readings, apart from
 * the reference server's limiters.
 */
import {
  type CounterRequest,
  type CounterWindow,
  counterBound,
  counterDecided,
  nextCounterCheck,
} from '../rate-limit-counter.ts';

/** Admits and counts one request of `key` at `at`, or refuses it. */
export type Limiter = (key: string, at: number) => boolean;

/** A fixed window that also takes back a request it counted (a limiter that gives back failures). */
export const givingBackWindow = (
  limit: number,
  windowMs: number,
): { readonly limiter: Limiter; readonly giveBack: (key: string) => void } => {
  const windows = new Map<string, { start: number; count: number }>();
  const limiter: Limiter = (key, at) => {
    let current = windows.get(key);
    if (!current || at - current.start >= windowMs) {
      current = { start: at, count: 0 };
      windows.set(key, current);
    }
    if (current.count >= limit) return false;
    current.count += 1;
    return true;
  };
  const giveBack = (key: string): void => {
    const current = windows.get(key);
    if (current) current.count = Math.max(0, current.count - 1);
  };
  return { limiter, giveBack };
};

export const fixedWindow = (limit: number, windowMs: number, alignedAt?: number): Limiter => {
  const windows = new Map<string, { start: number; count: number }>();
  return (key, at) => {
    let current = windows.get(key);
    if (!current || at - current.start >= windowMs) {
      const start =
        alignedAt === undefined ? at : alignedAt + Math.floor((at - alignedAt) / windowMs) * windowMs;
      current = { start, count: 0 };
      windows.set(key, current);
    }
    if (current.count >= limit) return false;
    current.count += 1;
    return true;
  };
};

export const slidingLog = (limit: number, windowMs: number): Limiter => {
  const logs = new Map<string, number[]>();
  return (key, at) => {
    const log = (logs.get(key) ?? []).filter((t) => at - t < windowMs);
    logs.set(key, log);
    if (log.length >= limit) return false;
    log.push(at);
    return true;
  };
};

export const tokenBucket = (limit: number, windowMs: number): Limiter => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (key, at) => {
    const bucket = buckets.get(key) ?? { tokens: limit, at };
    bucket.tokens = Math.min(limit, bucket.tokens + ((at - bucket.at) * limit) / windowMs);
    bucket.at = at;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
};

/** A small deterministic generator (mulberry32), so every case is the same each run. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export interface Simulation {
  readonly limiter: Limiter;
  /** The limiter's key of a request; undefined: the request is not counted at all. */
  readonly keyOf: (probe: boolean) => string | undefined;
  readonly window: Omit<CounterWindow, 'freshFrom'>;
  readonly lanes: number;
  /** Milliseconds from a send to its decision, and from the decision to the answer. */
  readonly legMs: () => number;
  /** When the exhausting burst begins (a whole window of silence before it). */
  readonly freshFrom: number;
  /** At most this many requests in the stretch. */
  readonly cap: number;
  /** Called with a served probe's key when it is answered (a limiter that gives back what it counted). */
  readonly answeredProbe?: (key: string) => void;
}

interface Lane {
  at: number;
  pending?: { probe: boolean; sentAt: number; decideAt: number; answeredAt?: number; throttled?: boolean };
}

/** Runs lanes until `next` gives nothing more; returns every request, answered. */
const runLanes = (
  sim: Simulation,
  startAt: number,
  next: (answered: readonly CounterRequest[], sent: number) => boolean | undefined,
): { requests: CounterRequest[]; endedAt: number } => {
  const lanes: Lane[] = Array.from({ length: sim.lanes }, () => ({ at: startAt }));
  const answered: CounterRequest[] = [];
  let sent = 0;
  let stopped = false;
  for (;;) {
    const lane = lanes.filter((l) => l.pending !== undefined || !stopped).sort((a, b) => a.at - b.at)[0];
    if (!lane) break;
    const pending = lane.pending;
    if (pending === undefined) {
      const probe = next(answered, sent);
      if (probe === undefined) {
        stopped = true;
        continue;
      }
      sent += 1;
      lane.pending = { probe, sentAt: lane.at, decideAt: lane.at + sim.legMs() };
      lane.at = lane.pending.decideAt;
    } else if (pending.answeredAt === undefined) {
      const key = sim.keyOf(pending.probe);
      pending.throttled = key === undefined ? false : !sim.limiter(key, pending.decideAt);
      pending.answeredAt = pending.decideAt + sim.legMs();
      lane.at = pending.answeredAt;
    } else {
      const key = sim.keyOf(pending.probe);
      if (pending.probe && !pending.throttled && key !== undefined) sim.answeredProbe?.(key);
      answered.push({
        probe: pending.probe,
        sentAt: pending.sentAt,
        answeredAt: pending.answeredAt,
        throttled: pending.throttled === true,
      });
      lane.pending = undefined;
    }
  }
  return {
    requests: answered,
    endedAt: answered.reduce((latest, r) => Math.max(latest, r.answeredAt), startAt),
  };
};

/** The exhausting burst, then the stretch: the stretch's requests and the window to judge them by. */
export const simulateStretch = (sim: Simulation): { requests: CounterRequest[]; window: CounterWindow } => {
  const window = { ...sim.window, freshFrom: sim.freshFrom };
  const burst = runLanes(sim, sim.freshFrom, (answered) => (answered.at(-1)?.throttled ? undefined : false));
  let check = 0;
  const stretch = runLanes(sim, burst.endedAt, (answered, sent) => {
    if (sent >= sim.cap) return undefined;
    if (answered.length >= check) {
      // Judged as the kit's sender judges it: now and then, as answers come.
      check = nextCounterCheck(answered.length);
      if (counterDecided(counterBound(answered, window), window)) return undefined;
    }
    return sent % 2 === 1;
  });
  return { requests: stretch.requests, window };
};

/**
 * The window coming back, as RATE-LIMIT-WINDOW-RESET sends it: the tenant throttled by the counted kind,
 * the counted kind again every twentieth of a window until one is served, then the counted kind and the
 * probes in turn until a refusal is answered.
 */
export const simulateComingBack = (sim: Simulation): CounterRequest[] => {
  const throttling = runLanes(sim, sim.freshFrom, (answered) =>
    answered.at(-1)?.throttled ? undefined : false,
  );
  const polled: CounterRequest[] = [];
  let at = throttling.endedAt;
  while (polled.length < 100 && !polled.some((r) => !r.throttled)) {
    at += sim.window.windowMs / 20;
    const decideAt = at + sim.legMs();
    const throttled = !sim.limiter(sim.keyOf(false) ?? '', decideAt);
    const answeredAt = decideAt + sim.legMs();
    polled.push({ probe: false, sentAt: at, answeredAt, throttled });
    at = answeredAt;
  }
  const burst = runLanes(sim, at, (answered, sent) =>
    sent >= sim.cap || answered.some((r) => r.throttled) ? undefined : sent % 2 === 1,
  );
  return [...throttling.requests, ...polled, ...burst.requests];
};
