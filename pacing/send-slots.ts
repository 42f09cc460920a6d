/**
 * When a tenant's requests left, kept as counts per slot of time rather than one entry per request:
 * a tenant whose limit is 100,000 a minute is sent hundreds of thousands of requests, and the record of
 * them must not grow with that. A slot is a thousandth of the tenant's window (SLOTS_PER_WINDOW), so
 * the busiest window is known to within one slot's requests: at least the most counted in any
 * thousand consecutive slots (all of them left within one window), at most the most in any thousand
 * and one (a window touches no more). Only slots that saw a request are kept.
 */

/** Slots a window is cut into: the busiest window is known to within one slot of it. */
export const SLOTS_PER_WINDOW = 1000;

export const slotMsOf = (windowMs: number): number => windowMs / SLOTS_PER_WINDOW;

/** `[slot index, requests]` pairs, the slot index being `floor(epoch ms / slotMs)`. */
export type SlotCounts = readonly (readonly [number, number])[];

/** The busiest window, to within a slot: `atLeast` requests surely left within one window, never more than `atMost`. */
export interface BusiestWindow {
  readonly atLeast: number;
  readonly atMost: number;
}

export class SendSlots {
  readonly #counts = new Map<number, number>();

  readonly slotMs: number;
  constructor(slotMs: number) {
    if (!(slotMs > 0) || !Number.isFinite(slotMs))
      throw new RangeError(`a slot must be a positive number of milliseconds; got ${slotMs}`);
    this.slotMs = slotMs;
  }

  /** One request (or `count`) left at `epochMs`. */
  add(epochMs: number, count = 1): void {
    const slot = Math.floor(epochMs / this.slotMs);
    this.#counts.set(slot, (this.#counts.get(slot) ?? 0) + count);
  }

  /** Adds counts recorded with the same slot width (another worker's). */
  addCounts(counts: SlotCounts): void {
    for (const [slot, count] of counts) this.#counts.set(slot, (this.#counts.get(slot) ?? 0) + count);
  }

  get total(): number {
    let total = 0;
    for (const count of this.#counts.values()) total += count;
    return total;
  }

  /** The counts, oldest slot first. */
  counts(): SlotCounts {
    return [...this.#counts.entries()].sort((a, b) => a[0] - b[0]);
  }

  /** Requests that left from `fromMs` up to `toMs`, counted whole slot by slot (about, to a slot either side). */
  countBetween(fromMs: number, toMs: number): number {
    const first = Math.floor(fromMs / this.slotMs);
    const last = Math.floor(toMs / this.slotMs);
    let sum = 0;
    for (const [slot, count] of this.#counts) if (slot >= first && slot <= last) sum += count;
    return sum;
  }

  /** The busiest span of `windowMs` (any start), to within a slot. */
  busiest(windowMs: number): BusiestWindow {
    const sorted = this.counts();
    const inside = Math.max(1, Math.floor(windowMs / this.slotMs + 1e-9));
    const touched = Math.ceil(windowMs / this.slotMs - 1e-9) + 1;
    return { atLeast: mostInSlots(sorted, inside), atMost: mostInSlots(sorted, touched) };
  }
}

/** The most requests in any `slots` consecutive slots (a run of them always ends at a slot that saw one). */
const mostInSlots = (sorted: SlotCounts, slots: number): number => {
  let most = 0;
  let sum = 0;
  for (let first = 0, last = 0; last < sorted.length; last += 1) {
    const [lastSlot, lastCount] = sorted[last] as readonly [number, number];
    sum += lastCount;
    while ((sorted[first] as readonly [number, number])[0] <= lastSlot - slots) {
      sum -= (sorted[first] as readonly [number, number])[1];
      first += 1;
    }
    most = Math.max(most, sum);
  }
  return most;
};
