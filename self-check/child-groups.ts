/**
 * The process groups the self-check started (Playwright runs, k6 runs), kept while they run, so that
 * Ctrl-C or SIGTERM stops every one of them, and the self-check ends with 130 or 143.
 */
export interface ChildGroups {
  /** A tracker for one child at a time: called with its pid when it starts, with undefined when it ends. */
  tracked(): (pid: number | undefined) => void;
  /** For runners that report start and end as a flag (the k6 rows). */
  onChild(pid: number, running: boolean): void;
}

export const watchChildGroups = (): ChildGroups => {
  const children = new Set<number>();
  const stopAll = (signal: NodeJS.Signals): void => {
    for (const pid of children) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stopAll).once('SIGTERM', stopAll);
  return {
    tracked: () => {
      let current: number | undefined;
      return (pid) => {
        if (pid !== undefined) {
          current = pid;
          children.add(pid);
        } else if (current !== undefined) children.delete(current);
      };
    },
    onChild: (pid, running) => {
      if (running) children.add(pid);
      else children.delete(pid);
    },
  };
};
