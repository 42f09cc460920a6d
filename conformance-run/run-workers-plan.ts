/**
 * The workers a run gets: those asked for (`--workers`) or the default, but never more than the
 * selected checks make groups of (Playwright starts no more than it has groups to give).
 */
import type { Selection } from './selection.ts';

export interface WorkerChoice {
  readonly workers: number;
  /** Arguments added to Playwright's when the selection caps the workers. */
  readonly extraArguments: readonly string[];
}

export const chooseWorkers = (
  asked: number | undefined,
  defaultWorkers: number,
  selection: Pick<Selection, 'groups'> | undefined,
): WorkerChoice => {
  const workers = asked ?? defaultWorkers;
  if (!selection || selection.groups >= workers) return { workers, extraArguments: [] };
  const capped = Math.max(1, selection.groups);
  return { workers: capped, extraArguments: [`--workers=${capped}`] };
};
