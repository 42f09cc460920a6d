/**
 * When the recording could not run, and when the machine let no thread run. A delay the grader
 * measures between a 429 and its retry is time on the wall clock, and on a machine busier than its
 * cores every process waits for its turn: a retry sent at once can be taken 100 ms later when the
 * client's process and the recording's wait for a core in turn. Two timers tick every STALL_TICK_MS; a
 * tick that came late says its thread could not run for that long:
 *
 * - `process`: this process's own event loop, the one that takes the client's requests. Its stalls
 *   are the machine's waits and this process's own work (starting up, collecting garbage): the time
 *   a request that arrived waited before it was taken.
 * - `machine`: a thread of its own that does nothing else. Its stalls are only the machine's waits,
 *   which any other process, the client's too, met around the same time.
 *
 * The grader leaves a delay it cannot tell from such waits not established, never passed.
 */
import { Worker } from 'node:worker_threads';

/** A stretch a thread could not run: from `endedAt - ms` to `endedAt`, on the recording's clock. */
export interface Stall {
  readonly endedAt: number;
  readonly ms: number;
  readonly of: 'process' | 'machine';
}

/** How often each timer asks for its turn. */
export const STALL_TICK_MS = 10;

/** A tick this much later than asked is a stall; less is a timer's ordinary lateness. */
export const STALL_MIN_MS = 5;

export interface StallMonitor {
  /** The stalls seen so far, in the order they ended. */
  stalls(): readonly Stall[];
  /** Whether the machine's timer runs (a thread that could not start measures nothing). */
  readonly machineMeasured: boolean;
  stop(): void;
}

/**
 * A timer that reports each tick later than `minMs` past `tickMs` as a stall ending then: the same
 * function on both threads. It uses nothing from outside its parameters, since the machine's thread
 * gets it as source text.
 */
const tickStalls = (
  now: () => number,
  tickMs: number,
  minMs: number,
  onStall: (endedAt: number, ms: number) => void,
): ReturnType<typeof setInterval> => {
  let last = now();
  return setInterval(() => {
    const at = now();
    const late = at - last - tickMs;
    if (late >= minMs) onStall(Math.round(at), Math.round(late));
    last = at;
  }, tickMs);
};

/**
 * The machine's timer: JavaScript evaluated in a worker thread (no loader: the ticker's source is
 * JavaScript once the kit's TypeScript is read; a dynamic import, which a script and a module both
 * have, since the thread may read it as either), on the same clock as the recording's by the epoch both
 * threads share (`timeOrigin`).
 */
const MACHINE_TIMER = `
import('node:worker_threads').then(({ parentPort, workerData }) => {
  const { startedAt, tickMs, minMs } = workerData;
  const now = () => performance.timeOrigin + performance.now() - startedAt;
  parentPort.postMessage('ready');
  (${tickStalls.toString()})(now, tickMs, minMs, (endedAt, ms) => parentPort.postMessage([endedAt, ms]));
});
`;

/** How long a thread may take to start before the monitor goes on without it. */
const MACHINE_START_MS = 5000;

/** The machine's timer, started: resolves once it ticks, or undefined when the thread cannot start. */
const startMachineTimer = (startedAt: number, seen: Stall[]): Promise<Worker | undefined> =>
  new Promise((resolve) => {
    let machine: Worker;
    try {
      machine = new Worker(MACHINE_TIMER, {
        eval: true,
        workerData: {
          startedAt: performance.timeOrigin + startedAt,
          tickMs: STALL_TICK_MS,
          minMs: STALL_MIN_MS,
        },
      });
    } catch {
      resolve(undefined);
      return;
    }
    const gaveUp = setTimeout(() => {
      resolve(undefined);
      void machine.terminate();
    }, MACHINE_START_MS);
    machine.on('message', (message: 'ready' | [number, number]) => {
      if (message !== 'ready') {
        seen.push(Object.freeze({ endedAt: message[0], ms: message[1], of: 'machine' }));
        return;
      }
      clearTimeout(gaveUp);
      // Neither timer keeps the command alive by itself.
      machine.unref();
      resolve(machine);
    });
    // A thread that fails measures nothing more; the process's own timer still does.
    machine.on('error', () => resolve(undefined));
    machine.once('exit', () => {
      clearTimeout(gaveUp);
      resolve(undefined);
    });
  });

/**
 * Starts both timers, once the machine's ticks (a thread starts in tens of milliseconds, and the
 * client's first requests meet the first 429s); `startedAt` is `performance.now()` when the recording's
 * clock read 0.
 */
export const startStallMonitor = async (startedAt: number): Promise<StallMonitor> => {
  const seen: Stall[] = [];
  const machine = await startMachineTimer(startedAt, seen);
  const now = () => performance.now() - startedAt;
  const timer = tickStalls(now, STALL_TICK_MS, STALL_MIN_MS, (endedAt, ms) => {
    seen.push(Object.freeze({ endedAt, ms, of: 'process' }));
  });
  timer.unref();
  let stoppedAt = Number.POSITIVE_INFINITY;
  return {
    // A tick the thread posted before it was told to stop may still come in: only those before count.
    stalls: () => seen.filter((s) => s.endedAt <= stoppedAt).sort((a, b) => a.endedAt - b.endedAt),
    machineMeasured: machine !== undefined,
    stop: () => {
      if (stoppedAt !== Number.POSITIVE_INFINITY) return;
      stoppedAt = now();
      clearInterval(timer);
      void machine?.terminate();
    },
  };
};

/** The longest stall of `of` that overlaps the stretch from `from` to `to` (0 when none does). */
export const longestStallWithin = (
  stalls: readonly Stall[],
  of: Stall['of'],
  from: number,
  to: number,
): number =>
  stalls.reduce(
    (longest, stall) =>
      stall.of === of && stall.endedAt - stall.ms < to && stall.endedAt > from
        ? Math.max(longest, stall.ms)
        : longest,
    0,
  );
