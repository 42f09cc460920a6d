/**
 * The windows in which the deployment was unavailable, as the run's workers met them
 * (pacing/unavailability.ts tells them): one file of the run's output folder, JSON lines, a window
 * written as it opens and again once it closes. The certificate's "unavailable" section reads it, and a
 * worker whose POST met the end of a window learns from it that another worker saw the window too.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One window of unavailability, as one worker met it. */
export interface UnavailabilityWindow {
  /** When the first request that met it was sent (ISO 8601). */
  readonly since: string;
  /** When a probe was first answered again (ISO 8601); absent while it lasts. */
  readonly until?: string;
  /** What the requests met: "HTTP 503 with Retry-After: 2", "connection refused". */
  readonly what: string;
}

/** Appends a window (opened, or closed with its `until`) to the run's record. */
export const recordWindow = (file: string, window: UnavailabilityWindow): void => {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(window)}\n`);
};

/** Every window recorded, a window opened and later closed counted once (by its `since` and `what`). */
export const readWindows = (file: string): UnavailabilityWindow[] => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const windows = new Map<string, UnavailabilityWindow>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const window = JSON.parse(line) as UnavailabilityWindow;
      const key = `${window.since} ${window.what}`;
      if (window.until !== undefined || !windows.has(key)) windows.set(key, window);
    } catch {
      // A line cut by a worker that stopped mid-write: the others still count.
    }
  }
  return [...windows.values()];
};

export interface MergedWindow {
  readonly since: string;
  readonly until: string | undefined;
  /** Seconds from `since` to `until`, to a tenth; undefined while it lasts. */
  readonly seconds: number | undefined;
  /** What the requests met, each kind once. */
  readonly what: readonly string[];
}

/** The windows the workers met, overlapping ones merged into one: what the certificate says. */
export const mergeWindows = (windows: readonly UnavailabilityWindow[]): MergedWindow[] => {
  const sorted = [...windows].sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
  const merged: { since: number; until: number; what: Set<string> }[] = [];
  for (const window of sorted) {
    const since = Date.parse(window.since);
    const until = window.until === undefined ? Number.POSITIVE_INFINITY : Date.parse(window.until);
    const last = merged.at(-1);
    if (last && since <= last.until) {
      // A window left open inside a closed one was met by a request whose check ended first (its
      // other request had already stopped it): the closed window says when the deployment was back.
      if (window.until !== undefined || last.until === Number.POSITIVE_INFINITY)
        last.until = Math.max(last.until, until);
      last.what.add(window.what);
    } else merged.push({ since, until, what: new Set([window.what]) });
  }
  return merged.map((window) => {
    const open = window.until === Number.POSITIVE_INFINITY;
    return {
      since: new Date(window.since).toISOString(),
      until: open ? undefined : new Date(window.until).toISOString(),
      seconds: open ? undefined : Math.round((window.until - window.since) / 100) / 10,
      what: [...window.what].sort(),
    };
  });
};

/** A window in words: "from 12:00:01.250Z for 2.1 s (HTTP 503 with Retry-After: 2)". */
export const describeWindow = (window: MergedWindow): string =>
  `from ${window.since} ${window.seconds === undefined ? 'until the run ended' : `for ${window.seconds} s`} (${window.what.join('; ')})`;

/**
 * A window, merged as the certificate says it, that covers any moment of [from, to] (epoch ms); a
 * window still open covers up to now.
 */
export const windowCovering = (
  windows: readonly UnavailabilityWindow[],
  from: number,
  to: number,
): MergedWindow | undefined =>
  mergeWindows(windows).find((window) => {
    const until = window.until === undefined ? Number.POSITIVE_INFINITY : Date.parse(window.until);
    return Date.parse(window.since) <= to && until >= from;
  });
