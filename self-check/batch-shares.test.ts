/** How a batch's mutants are dealt to its workers, and the filter each worker's project selects with. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  BATCH_SECOND_LOOK_PROJECT,
  BATCH_WORKERS_PER_SERVER,
  batchMarker,
  batchPacingParts,
  type SuiteProject,
} from '../run-records/batch-file.ts';
import { projectFilter, shareKindOf, sharesOfWorkers, suiteProjectOfShare } from './batch-shares.ts';

const project = (name: string, grep: string, suiteProjects: readonly SuiteProject[] = ['conformance']) => ({
  name,
  grep,
  suiteProjects,
  envFile: `/tmp/${name}.json`,
});

test('BATCH SHARES: the servers are dealt to the workers in turn, no share empty, none left out', () => {
  const projects = ['a', 'b', 'c', 'd', 'e'].map((name) => project(name, name));
  const shares = sharesOfWorkers({ workers: 2, waitingWorkers: 3, rateLimitWorkers: 4, projects });
  expect(shares.map((share) => [share.name, share.members.map((member) => member.index)])).toEqual([
    ['batch-worker-1', [0, 2, 4]],
    ['batch-worker-2', [1, 3]],
    ['batch-waiting-1', [0, 3]],
    ['batch-waiting-2', [1, 4]],
    ['batch-waiting-3', [2]],
  ]);
  expect(
    sharesOfWorkers({ workers: 8, waitingWorkers: 8, rateLimitWorkers: 1, projects: projects.slice(0, 2) }),
  ).toHaveLength(4);
  expect(sharesOfWorkers({ workers: 0, waitingWorkers: 0, rateLimitWorkers: 0, projects })).toHaveLength(2);
});

test("BATCH SHARES: a server's rate-limit checks go to the rate-limit workers, its waiting checks to the waiting workers, its other checks to the others", () => {
  const projects = [
    project('variant-a', '', ['conformance', 'ratelimit']),
    project('mutant-b', 'B', ['conformance']),
    project('mutant-c', 'C', ['ratelimit']),
    project('variant-d', '', ['conformance', 'ratelimit']),
  ];
  const shares = sharesOfWorkers({ workers: 2, waitingWorkers: 1, rateLimitWorkers: 2, projects });
  expect(
    shares.map((share) => [share.name, share.kind, share.suiteProject, share.members.map((m) => m.index)]),
  ).toEqual([
    ['batch-worker-1', 'checks', 'conformance', [0, 3]],
    ['batch-worker-2', 'checks', 'conformance', [1]],
    ['batch-waiting-1', 'waiting', 'conformance', [0, 1, 3]],
    ['batch-ratelimit-1', 'ratelimit', 'ratelimit', [0, 3]],
    ['batch-ratelimit-2', 'ratelimit', 'ratelimit', [2]],
  ]);
  // Read back from the project names the batch's report gives.
  expect(shares.map((share) => [shareKindOf(share.name), suiteProjectOfShare(share.name)])).toEqual(
    shares.map((share) => [share.kind, share.suiteProject]),
  );
  // A server is in one share of each kind at most: the pacers' part of its tenants' budget.
  for (const index of projects.keys()) {
    const holding = shares.filter((share) => share.members.some((member) => member.index === index));
    expect(holding.length).toBeLessThanOrEqual(BATCH_WORKERS_PER_SERVER);
    expect(new Set(holding.map((share) => share.kind)).size).toBe(holding.length);
  }
  // The second look runs beside the rate-limit shares, on workers that may each serve the server:
  // they take a part for every worker of the batch, so that with the rate-limit share's third the
  // tenant's budget holds (the batch config gives it as many workers as the checks' shares).
  const batchWorkers = shares.length + 2;
  const secondLookWorkers = shares.filter((share) => share.kind === 'checks').length;
  expect(batchPacingParts('batch-worker-1', batchWorkers)).toBe(BATCH_WORKERS_PER_SERVER);
  expect(
    1 / batchPacingParts('batch-ratelimit-1', batchWorkers) +
      secondLookWorkers / batchPacingParts(BATCH_SECOND_LOOK_PROJECT, batchWorkers),
  ).toBeLessThanOrEqual(1);
  // No rate-limit worker without a server that has rate-limit checks.
  expect(
    sharesOfWorkers({ workers: 2, waitingWorkers: 1, rateLimitWorkers: 2, projects: projects.slice(1, 2) }),
  ).toHaveLength(2);
});

test("BATCH SHARES: a project's filter selects a member's check under that member's marker only, by its stage's filter, case-insensitive", () => {
  const stage = (ids: string) => `(^|[ ,])(${ids})[,:]`;
  const filter = projectFilter([
    { index: 0, grep: stage('AUTH-TOKEN-MISSING') },
    { index: 2, grep: stage('VAL-TYPE-ENUM|DEDUP-EXTERNAL-ID') },
  ]);
  // As Playwright reads a title for --grep: project, file, describes, the marker, the title, the tags.
  const title = (index: number, check: string) =>
    ` batch-worker-1 auth.spec.ts POST headers ${batchMarker(index)} ${check} @auth`;
  expect(filter.test(title(0, 'AUTH-TOKEN-MISSING: POST without a token'))).toBe(true);
  expect(filter.test(title(0, 'auth-token-missing: lower case'))).toBe(true);
  expect(filter.test(title(0, 'AUTH-TOKEN-INVALID: an unknown token'))).toBe(false);
  expect(filter.test(title(1, 'AUTH-TOKEN-MISSING: another mutant, another share'))).toBe(false);
  expect(filter.test(title(2, 'VAL-TYPE-ENUM, DEDUP-EXTERNAL-ID: both'))).toBe(true);
  expect(filter.test(title(2, 'AUTH-TOKEN-MISSING: not this member’s stage'))).toBe(false);
  // Marker 1 is no part of marker 11 (index 0 and index 10).
  expect(batchMarker(10)).toContain('1');
  expect(filter.test(title(10, 'AUTH-TOKEN-MISSING: x'))).toBe(false);
  expect(projectFilter([]).test(title(0, 'AUTH-TOKEN-MISSING: x'))).toBe(false);
  // Every check of a server whose stage has no filter (a variant's); a required pattern narrows it.
  const everyCheck = projectFilter([{ index: 1, grep: '' }], '@ratelimit');
  expect(everyCheck.test(`${title(1, 'RATE-LIMIT-429: x')} @ratelimit`)).toBe(true);
  expect(everyCheck.test(title(1, 'AUTH-TOKEN-MISSING: x'))).toBe(false);
  expect(projectFilter([{ index: 1, grep: '' }]).test(title(1, 'AUTH-TOKEN-MISSING: x'))).toBe(true);
  // Members of one stage filter are asked as one, each still only under its own marker.
  const sameStage = projectFilter([
    { index: 1, grep: '' },
    { index: 3, grep: stage('VAL-TYPE-ENUM') },
    { index: 4, grep: '' },
  ]);
  expect([1, 3, 4, 5].map((index) => sameStage.test(title(index, 'AUTH-TOKEN-MISSING: x')))).toEqual([
    true,
    false,
    true,
    false,
  ]);
  expect(sameStage.test(title(3, 'VAL-TYPE-ENUM: y'))).toBe(true);
});
