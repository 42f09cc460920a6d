/** The outputs a conformance run writes, cleared before it starts: a run's outputs never mix with another's. */
import { rmSync } from 'node:fs';
import { outputPaths } from '../utilities/output-paths.ts';

/** What the previous run left in the output folder: this run's outputs never mix with it. */
export const clearPreviousRun = (): void => {
  const paths = outputPaths();
  for (const path of [
    paths.results,
    paths.junit,
    paths.observations,
    paths.runInfo,
    paths.runStop,
    paths.targetHealth,
    paths.unavailability,
    paths.requestStats,
    paths.heldEvents,
    paths.requestBudget,
    paths.certificate,
  ]) {
    rmSync(path, { recursive: true, force: true });
  }
};
