/**
 * How a batch's mutants are shared between its workers (batch.config.ts), and the filter that selects,
 * for each mutant of a share, the checks its stage selects among those registered for it.
 */
import { type BatchFile, batchMarker } from '../run-records/batch-file.ts';

export interface BatchShareMember {
  /** The mutant's place in the batch file (its marker). */
  readonly index: number;
  /** Its stage's filter (Playwright's --grep). */
  readonly grep: string;
}

/** The mutants dealt to the workers in turn, in the batch's order: as many shares as workers, none empty. */
export const sharesOfWorkers = (batch: Pick<BatchFile, 'workers' | 'projects'>): BatchShareMember[][] => {
  const shares: BatchShareMember[][] = Array.from(
    { length: Math.max(1, Math.min(batch.workers, batch.projects.length)) },
    () => [],
  );
  batch.projects.forEach((project, index) => {
    shares[index % shares.length]?.push({ index, grep: project.grep });
  });
  return shares;
};

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A check of a share's mutant whose title, as Playwright reads it for --grep (project, file,
 * describes, the mutant's marker, the check's title and tags), that mutant's stage filter matches:
 * case-insensitive, as Playwright's --grep reads a pattern. The marker is looked for up to the first
 * marker only, so a title is read once per member at most.
 */
export const projectFilter = (share: readonly BatchShareMember[]): RegExp =>
  new RegExp(
    share.map(({ index, grep }) => `^(?=[^⟦]*${escaped(batchMarker(index))})(?=.*(?:${grep}))`).join('|') ||
      '(?!)',
    'i',
  );
