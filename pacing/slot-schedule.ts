/**
 * One tenant's schedule of send slots: at most `perSpan` slots in any span of `spanMs`, whatever the
 * order and timing of the asks, and spaced evenly (`spanMs / perSpan` apart) so that a fixed window, a
 * sliding log and a token bucket all see an even rate. A slot may hold several requests that leave
 * together (a burst of concurrent POSTs): the spacing after it grows with its size.
 *
 * Why a log beside the even spacing: spacing alone keeps the count in a span to ceil(span / interval),
 * which floating-point rounding can push one over; the log refuses any slot that would make a span
 * hold more than `perSpan`, exactly. Two instants belong to one span when the later is less than
 * `spanMs` after the earlier (a sliding log's half-open window); the budget report measures the same way.
 */
export class SlotSchedule {
  readonly intervalMs: number;
  /** Slot times still inside the span of the latest slot, oldest first, one entry per request. */
  readonly #log: number[] = [];
  #nextEven = Number.NEGATIVE_INFINITY;

  readonly perSpan: number;
  readonly spanMs: number;
  constructor(perSpan: number, spanMs: number) {
    this.perSpan = perSpan;
    this.spanMs = spanMs;
    if (!Number.isInteger(perSpan) || perSpan < 1) {
      throw new RangeError(
        `a schedule needs a whole number of requests per span, at least 1; got ${perSpan}`,
      );
    }
    if (!(spanMs > 0) || !Number.isFinite(spanMs)) {
      throw new RangeError(`a schedule's span must be a positive number of milliseconds; got ${spanMs}`);
    }
    this.intervalMs = spanMs / perSpan;
  }

  /**
   * The earliest slot at `now` or later at which `count` requests may leave together, reserved at
   * once (so concurrent askers get successive slots). A slot that goes unused only leaves room.
   */
  reserve(now: number, count = 1): number {
    if (!Number.isInteger(count) || count < 1 || count > this.perSpan) {
      throw new RangeError(
        `${count} requests cannot leave together within a share of ${this.perSpan} per ${this.spanMs} ms`,
      );
    }
    const log = this.#log;
    let slot = Math.max(now, this.#nextEven);
    for (;;) {
      while (log.length > 0 && (log[0] as number) + this.spanMs <= slot) log.shift();
      const over = log.length + count - this.perSpan;
      if (over <= 0) break;
      // The over-th oldest slot must have left the span: wait until it has.
      slot = (log[over - 1] as number) + this.spanMs;
    }
    for (let i = 0; i < count; i += 1) log.push(slot);
    this.#nextEven = slot + count * this.intervalMs;
    return slot;
  }
}

/**
 * The most instants of `times` within any span of `spanMs` (the later less than `spanMs` after the
 * earlier): the true sliding-window peak, as the strictest limiter counts.
 */
export const peakInAnySpan = (times: readonly number[], spanMs: number): number => {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let first = 0, last = 0; last < sorted.length; last += 1) {
    while ((sorted[first] as number) + spanMs <= (sorted[last] as number)) first += 1;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
};
