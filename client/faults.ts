/**
 * The faults the recording layer injects so that the client's handling of them can be seen, on a
 * deterministic schedule counted in the client's own requests (docs/client-certification.md lists it):
 *
 * - `rate-limit`: the first request of each method (the first POST, GET, PUT) and the request right after
 *   it are answered 429, without forwarding; so is a request that comes sooner than MIN_429_DELAY_MS
 *   after a 429 (up to RATE_LIMIT_EXTRA more), as a real limit keeps throttling a client that hammers
 *   it. A retry's delay is measured through two processes' scheduling: on a busy machine a retry sent
 *   at once can arrive 100 ms late, so one 429 per method (not one per run) gives CLIENT-429-DELAY
 *   several retries to judge, and a client that never waits is caught by the quickest of them.
 * - `post-500-stored`: the second POST the service answers 201 is stored, but the client gets 500 ERR-5001.
 * - `post-timeout-stored`: the third POST the service answers 201 is stored, and its answer held for
 *   HELD_ANSWER_MS (past any client's patience); a client still waiting then gets the 201.
 * - `put-500-unapplied`: the first PUT past the 429s is answered 500 ERR-5001 without forwarding: nothing changed.
 */
export const FAULT_NAMES = [
  'rate-limit',
  'post-500-stored',
  'post-timeout-stored',
  'put-500-unapplied',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export const FAULT_DESCRIPTIONS: Readonly<Record<FaultName, string>> = Object.freeze({
  'rate-limit':
    'the first request of each method (POST, GET, PUT) and the request right after it are answered 429 (not forwarded), and so is a request sooner than 100 ms after a 429 (10 more at most)',
  'post-500-stored': 'the second POST the service creates is stored, but answered 500 ERR-5001',
  'post-timeout-stored':
    'the third POST the service creates is stored, and its answer held 6 s (past the client’s time-out)',
  'put-500-unapplied':
    'the first PUT past the 429s is answered 500 ERR-5001 before it reaches the service (nothing changed)',
});

/** How long the answer of `post-timeout-stored` is held before a client still waiting gets it. */
export const HELD_ANSWER_MS = 6000;

/** The methods of the spec's operations: the first request of each starts a run of 429s. */
const RATE_LIMITED_METHODS: readonly string[] = ['POST', 'GET', 'PUT'];

/** Consecutive requests answered 429 by `rate-limit` from a method's first request. */
export const RATE_LIMIT_RUN = 2;

/** A request sooner than this after a 429 is a retry "at once": no delay in any sense the spec can mean. */
export const MIN_429_DELAY_MS = 100;

/** 429s more, at most, for requests that keep coming sooner than MIN_429_DELAY_MS after one. */
export const RATE_LIMIT_EXTRA = 10;

/** `standard` (all), `none`, or a comma-separated list of names; an unknown name is an error. */
export const parseFaults = (text: string): readonly FaultName[] => {
  const trimmed = text.trim();
  if (trimmed === 'standard' || trimmed === 'all') return FAULT_NAMES;
  if (trimmed === 'none') return [];
  const names = trimmed
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(FAULT_NAMES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0)
    throw new Error(
      `--faults: unknown fault ${unknown.join(', ') || '(none given)'}; use standard, none or a list of ${FAULT_NAMES.join(', ')}`,
    );
  return names as FaultName[];
};

/**
 * The schedule's state over one run: `beforeForward` is called once per request in arrival order (a
 * fault that answers without forwarding), `afterCreated` once for every POST the service answered 201.
 */
export class FaultSchedule {
  private rateLimitLeft = 0;
  private readonly methodsLimited = new Set<string>();
  private rateLimitExtraLeft = RATE_LIMIT_EXTRA;
  private last429At: number | undefined;
  private putsSeen = 0;
  private creations = 0;

  private readonly enabled: readonly FaultName[];
  constructor(enabled: readonly FaultName[]) {
    this.enabled = enabled;
  }

  /** `now`: milliseconds on the recording's clock, the same as `answered429`'s. */
  beforeForward(method: string, now: number): 'rate-limit' | 'put-500-unapplied' | undefined {
    if (this.enabled.includes('rate-limit')) {
      const starts = RATE_LIMITED_METHODS.includes(method) && !this.methodsLimited.has(method);
      if (this.rateLimitLeft === 0 && starts) this.rateLimitLeft = RATE_LIMIT_RUN;
      if (this.rateLimitLeft > 0) {
        this.rateLimitLeft -= 1;
        this.methodsLimited.add(method);
        return 'rate-limit';
      }
      const hammering = this.last429At !== undefined && now - this.last429At < MIN_429_DELAY_MS;
      if (hammering && this.rateLimitExtraLeft > 0) {
        this.rateLimitExtraLeft -= 1;
        return 'rate-limit';
      }
    }
    if (method === 'PUT') {
      this.putsSeen += 1;
      if (this.putsSeen === 1 && this.enabled.includes('put-500-unapplied')) return 'put-500-unapplied';
    }
    return undefined;
  }

  /** When a 429 of the schedule was answered. */
  answered429(now: number): void {
    this.last429At = now;
  }

  /** Which creation a POST is is known only once the service answered 201. */
  afterCreated(): 'post-500-stored' | 'post-timeout-stored' | undefined {
    this.creations += 1;
    if (this.creations === 2 && this.enabled.includes('post-500-stored')) return 'post-500-stored';
    if (this.creations === 3 && this.enabled.includes('post-timeout-stored')) return 'post-timeout-stored';
    return undefined;
  }
}
