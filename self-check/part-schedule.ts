/**
 * Which parts of the self-check go side by side. The suite's rows keep both cores busy; the load
 * rows, the client rows and the fault rows mostly wait on clocks (k6 paces its requests, a client waits
 * out its retry delays, a fault row waits 4 s for each answer or for a deployment to come back), so
 * they leave cores idle unless something CPU-bound runs beside them. What may go beside the suite is
 * what its load cannot change the verdict of: the client rows (their one timing rule bounds a client's
 * delay after a 429 from below, which a busy machine only lengthens for a client that waits, and a
 * client that retries at once is caught by any one of its dozen retries sent within 100 ms) and the
 * fault rows (a user's run must say the fault whatever the machine's speed). The load rows may not: a k6 generator starved of CPU sends in
 * bursts afterwards, which a conforming server may rightly answer with 429s (a token bucket serves the
 * tokens it saved), and a row that must pass would read not established; they go first, alone.
 */

export type SelfCheckPart = 'load rows' | 'client rows' | 'fault rows' | 'suite rows';

export interface PartProfile {
  /** It keeps the machine's cores busy by itself. */
  readonly keepsCoresBusy: boolean;
  /** Its verdict can change when it is starved of CPU, so nothing CPU-bound goes beside it. */
  readonly needsIdleCores: boolean;
}

export const PART_PROFILES: Readonly<Record<SelfCheckPart, PartProfile>> = Object.freeze({
  'load rows': { keepsCoresBusy: false, needsIdleCores: true },
  'client rows': { keepsCoresBusy: false, needsIdleCores: false },
  'fault rows': { keepsCoresBusy: false, needsIdleCores: false },
  'suite rows': { keepsCoresBusy: true, needsIdleCores: false },
});

/** The parts in the order a user reads them, which is also the order of the schedule's steps. */
const PARTS: readonly SelfCheckPart[] = ['load rows', 'client rows', 'fault rows', 'suite rows'];

/**
 * The steps, one after another, each a set of parts side by side: first each part that needs idle
 * cores, alone; then every other part together, the CPU-bound ones filling the cores the waiting ones
 * leave idle.
 */
export const partSchedule = (
  profiles: Readonly<Record<SelfCheckPart, PartProfile>> = PART_PROFILES,
): SelfCheckPart[][] => {
  const alone = PARTS.filter((part) => profiles[part].needsIdleCores).map((part) => [part]);
  const together = PARTS.filter((part) => !profiles[part].needsIdleCores);
  return [...alone, ...(together.length ? [together] : [])];
};

/**
 * Runs the parts step by step (each part's runner started when its step begins, a step ended when all
 * its parts have) and returns every part's result.
 */
export const runPartsInSteps = async <R extends Record<SelfCheckPart, () => Promise<unknown>>>(
  steps: readonly (readonly SelfCheckPart[])[],
  runners: R,
): Promise<{ [P in SelfCheckPart]: Awaited<ReturnType<R[P]>> }> => {
  const results: Partial<Record<SelfCheckPart, unknown>> = {};
  for (const step of steps)
    await Promise.all(
      step.map(async (part) => {
        results[part] = await runners[part]();
      }),
    );
  return results as { [P in SelfCheckPart]: Awaited<ReturnType<R[P]>> };
};
