/**
 * How a batch's servers are shared between its workers (batch.config.ts), and the filter that selects,
 * for each server of a share, the checks its stage selects among those registered for it.
 *
 * A server's checks of the `conformance` project and its rate-limit checks go to workers of two kinds,
 * as a conformance run gives the rate-limit checks a worker of their own beside the others: the
 * rate-limit checks mostly wait for a window to pass, the others keep a core busy. The checks of the
 * `conformance` project that wait seconds to look again (config/waiting-checks.ts) go to workers of a
 * third kind: a server's wait on a worker that serves forty servers one check after another would
 * hold that worker, and every server after it, for the whole wait.
 */

import { SECOND_LOOK_PROJECT } from '../config/index.ts';
import {
  BATCH_SECOND_LOOK_PROJECT,
  type BatchFile,
  batchMarker,
  type SuiteProject,
} from '../run-records/batch-file.ts';
import { escapeRegExp } from '../utilities/escape-pattern.ts';

export interface BatchShareMember {
  /** The server's place in the batch file (its marker). */
  readonly index: number;
  /** Its stage's filter (Playwright's --grep); empty for every check. */
  readonly grep: string;
}

/** Which checks a share's worker runs: its project's that keep a core busy, that wait, or the rate limit's. */
export type ShareKind = 'checks' | 'waiting' | 'ratelimit';

export interface BatchShare {
  /** The batch configuration's project that serves the share: a worker of its own. */
  readonly name: string;
  readonly kind: ShareKind;
  /** The conformance configuration's project whose checks it runs. */
  readonly suiteProject: SuiteProject;
  readonly members: readonly BatchShareMember[];
}

const SHARE_PREFIX: Readonly<Record<ShareKind, string>> = {
  checks: 'batch-worker-',
  waiting: 'batch-waiting-',
  ratelimit: 'batch-ratelimit-',
};

const SUITE_PROJECT_OF: Readonly<Record<ShareKind, SuiteProject>> = {
  checks: 'conformance',
  waiting: 'conformance',
  ratelimit: 'ratelimit',
};

/** The kind of a share's project (by its name). */
export const shareKindOf = (shareName: string): ShareKind =>
  shareName.startsWith(SHARE_PREFIX.ratelimit)
    ? 'ratelimit'
    : shareName.startsWith(SHARE_PREFIX.waiting)
      ? 'waiting'
      : 'checks';

/** The conformance configuration's project whose checks a share's project ran (by its name). */
export const suiteProjectOfShare = (shareName: string): SuiteProject =>
  SUITE_PROJECT_OF[shareKindOf(shareName)];

export { BATCH_SECOND_LOOK_PROJECT };

/** The conformance configuration's project a batch project's check belongs to, as a run of its own names it. */
export const runProjectOfBatchProject = (projectName: string): string =>
  projectName === BATCH_SECOND_LOOK_PROJECT ? SECOND_LOOK_PROJECT : suiteProjectOfShare(projectName);

const dealt = (members: readonly BatchShareMember[], workers: number, kind: ShareKind): BatchShare[] => {
  if (members.length === 0) return [];
  const shares: BatchShareMember[][] = Array.from(
    { length: Math.max(1, Math.min(workers, members.length)) },
    () => [],
  );
  members.forEach((member, index) => {
    shares[index % shares.length]?.push(member);
  });
  return shares.map((share, index) => ({
    name: `${SHARE_PREFIX[kind]}${index + 1}`,
    kind,
    suiteProject: SUITE_PROJECT_OF[kind],
    members: share,
  }));
};

/**
 * The servers with checks of each project dealt to that project's workers in turn, in the batch's
 * order: as many shares as workers at most, none empty.
 */
export const sharesOfWorkers = (
  batch: Pick<BatchFile, 'workers' | 'waitingWorkers' | 'rateLimitWorkers' | 'projects'>,
): BatchShare[] => {
  const membersOf = (suiteProject: SuiteProject): BatchShareMember[] =>
    batch.projects.flatMap((project, index) =>
      project.suiteProjects.includes(suiteProject) ? [{ index, grep: project.grep }] : [],
    );
  return [
    ...dealt(membersOf('conformance'), batch.workers, 'checks'),
    ...dealt(membersOf('conformance'), batch.waitingWorkers, 'waiting'),
    ...dealt(membersOf('ratelimit'), batch.rateLimitWorkers, 'ratelimit'),
  ];
};

/** A title whose first marker is one of these members'. */
const markedFor = (members: readonly BatchShareMember[]): string =>
  `[^⟦]*(?:${members.map(({ index }) => escapeRegExp(batchMarker(index))).join('|')})`;

/**
 * A check of a share's server whose title, as Playwright reads it for --grep (project, file,
 * describes, the server's marker, the check's title and tags), that server's stage filter matches:
 * case-insensitive, as Playwright's --grep reads a pattern. The marker is looked for up to the first
 * marker only, so a title is read once per member at most. `required`: a pattern every selected
 * title must match as well (a project's own filter).
 *
 * Playwright matches every project's filter against every check of the batch (a check a server), so
 * the filter first asks what all its members have in common (the required pattern, a marker of the
 * share's) and only then which member's stage the check is of, the members with one stage filter (the
 * variants' every check) asked as one: the same checks selected, in a fraction of the time.
 */
export const projectFilter = (share: readonly BatchShareMember[], required?: string): RegExp => {
  if (share.length === 0) return /(?!)/i;
  const byStage = new Map<string, BatchShareMember[]>();
  for (const member of share) byStage.set(member.grep, [...(byStage.get(member.grep) ?? []), member]);
  const stages = [...byStage].map(([grep, members]) => `(?=${markedFor(members)})(?=.*(?:${grep}))`);
  return new RegExp(
    `^${required ? `(?=.*(?:${required}))` : ''}(?=${markedFor(share)})(?:${stages.join('|')})`,
    'i',
  );
};
