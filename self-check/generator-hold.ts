/**
 * A load generator held to a share of the machine: k6's process group stopped (SIGSTOP) and let go
 * (SIGCONT) in turn, `share` of every period running, the rest frozen, as a busy CI runner or a
 * CPU-limited container would starve it. The server under test runs in the self-check's own process,
 * so only the generator is held. Needs no privilege and no cgroup; POSIX only.
 */

/** A hold of `share` (0 to 1) of every `periodMs`: a quarter of a core, in a self-check row. */
export interface GeneratorHold {
  readonly share: number;
  readonly periodMs: number;
}

/** The time the generator runs and the time it is frozen in each period. */
export const holdPhases = (hold: GeneratorHold): { runMs: number; frozenMs: number } => {
  const runMs = Math.round(hold.periodMs * hold.share);
  return { runMs, frozenMs: hold.periodMs - runMs };
};

const signal = (pid: number, name: NodeJS.Signals): void => {
  try {
    process.kill(-pid, name);
  } catch {
    // the group is gone: nothing to hold
  }
};

/** Holds process group `pid` until the returned release is called, which leaves it running. */
export const holdGenerator = (pid: number, hold: GeneratorHold): (() => void) => {
  const { runMs, frozenMs } = holdPhases(hold);
  let timer: NodeJS.Timeout | undefined;
  let released = false;
  const freeze = (): void => {
    if (released) return;
    signal(pid, 'SIGSTOP');
    timer = setTimeout(thaw, frozenMs);
  };
  const thaw = (): void => {
    signal(pid, 'SIGCONT');
    if (!released) timer = setTimeout(freeze, runMs);
  };
  timer = setTimeout(freeze, runMs);
  return () => {
    released = true;
    clearTimeout(timer);
    signal(pid, 'SIGCONT');
  };
};
