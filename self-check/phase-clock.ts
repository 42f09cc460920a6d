/**
 * When each phase of the self-check ran (the load rows, the client rows, the fault rows, the
 * reference's run, each deployment's, the batch, the mutants' later stages, the matrix) and how many
 * of the machine's cores the self-check kept busy meanwhile: the figure that shows where its wall time
 * goes and whether the cores wait. Phases may overlap; a phase's cores are those of the whole
 * self-check during it, its neighbours' work included.
 */
import { treeCpuSeconds } from './tree-cpu.ts';

export interface PhaseTiming {
  readonly name: string;
  /** Seconds since the self-check started. */
  readonly startSeconds: number;
  readonly endSeconds: number;
  /** CPU seconds of the self-check's processes per second of the phase; absent where /proc does not say. */
  readonly coresBusy?: number;
}

export interface PhaseTimings {
  /** The phases ended so far, in the order they started. */
  readonly phases: readonly PhaseTiming[];
  /** The whole self-check until now. */
  readonly whole: PhaseTiming;
}

export interface PhaseClock {
  /** Starts the phase `name` now; the function returned ends it (once). */
  begin(name: string): () => void;
  /** Runs `work` as the phase `name`, recording its start and end. */
  timed<T>(name: string, work: () => Promise<T>): Promise<T>;
  timings(): PhaseTimings;
}

interface Reading {
  readonly seconds: number;
  readonly cpu: number | undefined;
}

const coresBetween = (from: Reading, to: Reading): number | undefined => {
  const wall = to.seconds - from.seconds;
  if (from.cpu === undefined || to.cpu === undefined || wall <= 0) return undefined;
  return Math.round(((to.cpu - from.cpu) / wall) * 100) / 100;
};

const timingOf = (name: string, from: Reading, to: Reading): PhaseTiming => {
  const cores = coresBetween(from, to);
  return {
    name,
    startSeconds: Math.round(from.seconds * 10) / 10,
    endSeconds: Math.round(to.seconds * 10) / 10,
    ...(cores === undefined ? {} : { coresBusy: cores }),
  };
};

/**
 * A clock whose first phase, `start-up`, is the process's until now (loading the kit's modules,
 * planning): `now` counts seconds from the process's start, as performance.now() does. `readCpu` and
 * `now` are the machine's unless a test hands its own.
 */
export const startPhaseClock = (
  readCpu: () => number | undefined = treeCpuSeconds,
  now: () => number = () => performance.now() / 1000,
): PhaseClock => {
  const read = (): Reading => ({ seconds: now(), cpu: readCpu() });
  const processStart: Reading = { seconds: 0, cpu: 0 };
  /** In the order the phases began; each filled in when it ends. */
  const phases: { timing?: PhaseTiming }[] = [{ timing: timingOf('start-up', processStart, read()) }];
  const begin = (name: string): (() => void) => {
    const from = read();
    const phase: { timing?: PhaseTiming } = {};
    phases.push(phase);
    return () => {
      phase.timing ??= timingOf(name, from, read());
    };
  };
  return {
    begin,
    timed: async (name, work) => {
      const end = begin(name);
      try {
        return await work();
      } finally {
        end();
      }
    },
    timings: () => ({
      phases: phases.flatMap((phase) => (phase.timing ? [phase.timing] : [])),
      whole: timingOf('self-check', processStart, read()),
    }),
  };
};

const phaseText = (phase: PhaseTiming): string =>
  `${phase.name} ${Math.round(phase.startSeconds)}–${Math.round(phase.endSeconds)} s${phase.coresBusy === undefined ? '' : ` (${phase.coresBusy.toFixed(1)} cores)`}`;

/** The phase timing line: each phase's span and cores busy, then the whole self-check's. */
export const phaseTimingLine = (timings: PhaseTimings): string => {
  const { whole } = timings;
  const cores = whole.coresBusy === undefined ? '' : `, ${whole.coresBusy.toFixed(2)} cores busy`;
  return `phases: ${timings.phases.map(phaseText).join('; ')}; in all ${Math.round(whole.endSeconds)} s${cores}`;
};
