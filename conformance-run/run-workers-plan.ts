/**
 * The workers a run gets: those asked for (`--workers`) or the default, but never more than the
 * selected checks make groups of (Playwright starts no more than it has groups to give).
 *
 * Against the reference server the run is CPU work on this machine, and starting a worker (Node,
 * Playwright, the fixtures) costs more CPU than a few quick checks: unless a count is asked for, a
 * small selection's quick checks share a worker, a few to each, so that no worker is started for one
 * check. A property check and each rate-limit file (whose checks wait out their tenant's windows)
 * still get a worker of their own. Against a deployment a check mostly waits on round trips, and each
 * group keeps its worker.
 */
import type { Selection } from './selection.ts';

/** The quick checks a worker is started for, at least, in a small selection against the reference server. */
export const QUICK_CHECKS_PER_WORKER = 8;

export interface WorkerChoice {
  readonly workers: number;
  /** Arguments added to Playwright's when the selection caps the workers. */
  readonly extraArguments: readonly string[];
}

type Groups = Pick<Selection, 'groups'> & Partial<Pick<Selection, 'rateLimitGroups' | 'propertyChecks'>>;

/** The workers a selection's groups can keep busy: shared by quick checks when `shareQuick`. */
const workersFor = (selection: Groups, shareQuick: boolean): number => {
  if (!shareQuick) return Math.max(1, selection.groups);
  const own = (selection.rateLimitGroups ?? 0) + (selection.propertyChecks ?? 0);
  const quick = Math.max(0, selection.groups - own);
  return Math.max(1, own + Math.ceil(quick / QUICK_CHECKS_PER_WORKER));
};

export const chooseWorkers = (
  asked: number | undefined,
  defaultWorkers: number,
  selection: Groups | undefined,
  /** Whether the target is the reference server on this machine (the run is then CPU work). */
  embedded = false,
): WorkerChoice => {
  const workers = asked ?? defaultWorkers;
  if (!selection) return { workers, extraArguments: [] };
  const cap = workersFor(selection, embedded && asked === undefined);
  if (cap >= workers) return { workers, extraArguments: [] };
  return { workers: cap, extraArguments: [`--workers=${cap}`] };
};
