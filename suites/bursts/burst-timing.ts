/**
 * The pure parts of a last-byte-synchronised burst (last-byte-burst.ts): how a request's bytes are split
 * for the release, and how the timing of one burst is summed up from the clock readings taken around it.
 */

/** A request's bytes but its last, written and flushed ahead, and the one byte the release writes. */
export interface SplitBody {
  readonly held: Uint8Array;
  readonly last: Uint8Array;
}

/** Splits a body for the release; a body must have at least one byte (a JSON body always has). */
export const splitForRelease = (body: Uint8Array): SplitBody => {
  if (body.length === 0) throw new Error('a burst request needs a body of at least one byte');
  return { held: body.subarray(0, body.length - 1), last: body.subarray(body.length - 1) };
};

/** Clock readings of one burst, in nanoseconds of one monotonic clock (process.hrtime.bigint()). */
export interface BurstClock {
  /** Just before the first final byte was written. */
  readonly releaseStart: bigint;
  /** Just after each request's final byte was written, in the order of the release. */
  readonly released: readonly bigint[];
  /** When each request's response head had arrived, or undefined when none came. */
  readonly answered: readonly (bigint | undefined)[];
}

/** What a burst achieved, in milliseconds, as recorded with the verdict. */
export interface BurstTiming {
  readonly requests: number;
  /**
   * From just before the first final byte to just after the last one was handed to the kernel: every
   * request was complete on the wire within this span of the client's clock.
   */
  readonly releaseSpreadMs: number;
  /** From the release's start to the first and to the last response head this process read. */
  readonly firstAnswerMs: number | undefined;
  readonly lastAnswerMs: number | undefined;
}

const msBetween = (from: bigint, to: bigint): number => Number(to - from) / 1e6;

/** Rounded to microseconds: finer figures are noise, and a record should read plainly. */
const toMicros = (ms: number): number => Math.round(ms * 1000) / 1000;

export const burstTiming = (clock: BurstClock): BurstTiming => {
  const lastRelease = clock.released.reduce((latest, t) => (t > latest ? t : latest), clock.releaseStart);
  const answers = clock.answered
    .filter((t): t is bigint => t !== undefined)
    .map((t) => msBetween(clock.releaseStart, t));
  return {
    requests: clock.released.length,
    releaseSpreadMs: toMicros(msBetween(clock.releaseStart, lastRelease)),
    firstAnswerMs:
      answers.length > 0 ? toMicros(answers.reduce((first, t) => Math.min(first, t))) : undefined,
    lastAnswerMs: answers.length > 0 ? toMicros(answers.reduce((last, t) => Math.max(last, t))) : undefined,
  };
};

/** `12 requests released within 0.182 ms; answers 1.9–6.3 ms after`: one burst on a line. */
export const describeBurstTiming = (timing: BurstTiming): string => {
  const answers =
    timing.firstAnswerMs === undefined
      ? 'no answers'
      : `answers ${timing.firstAnswerMs.toFixed(1)}–${(timing.lastAnswerMs ?? timing.firstAnswerMs).toFixed(1)} ms after`;
  return `${timing.requests} requests released within ${timing.releaseSpreadMs.toFixed(3)} ms; ${answers}`;
};
