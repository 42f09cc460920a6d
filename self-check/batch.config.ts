/**
 * The self-check's Playwright configuration for servers in a batch (mutants and variants): one
 * invocation for many servers, so that Playwright starts, lists the suite and reports once for all of
 * them instead of once per server, and a worker starts once for a share of the servers instead of once
 * for each. Each check is registered once per server (suites/fixtures/batch-mode.ts), under a describe
 * that names it. A project per worker takes a share of the servers and its filter selects, for each of
 * them, the checks its stage selects within one of the conformance configuration's two projects: the
 * `conformance` checks (never @ratelimit) or the rate-limit checks, on workers of their own beside the
 * others as in a conformance run, and the checks that wait seconds to look again on workers of their
 * own too (batch-shares.ts). Its one worker runs them one at a time, the
 * share's servers taking turns, each server's checks in the suite's order as a run of that server's
 * own on one worker runs them (a server's answers can depend on what earlier checks stored), against
 * the server the self-check's process started, with the server's own output folder and variables; and
 * it keeps its worker when a check fails (`keepWorkerOnFailure`): a mutant is meant to fail checks.
 * The checks that look again at the end of the run (config/second-look.ts) run, for every server, in
 * a project of their own after all the others, as the conformance configuration's `second-look`.
 *
 * The servers come from the file SELF_CHECK_BATCH_FILE names (server-batch.ts writes it).
 */
import { defineConfig } from '@playwright/test';
import { readTimeouts, SECOND_LOOK_TAG, WAITS_TAG } from '../config/index.ts';
import { BATCH_FILE_VARIABLE, batchOfEnvironment } from '../run-records/batch-file.ts';
import { BATCH_SECOND_LOOK_PROJECT, projectFilter, sharesOfWorkers } from './batch-shares.ts';

const batch = batchOfEnvironment();
if (!batch) throw new Error(`${BATCH_FILE_VARIABLE} is not set: this configuration is the self-check's`);
const shares = sharesOfWorkers(batch);
const checkShares = shares.filter((share) => share.kind === 'checks');

export default defineConfig<{ keepWorkerOnFailure: boolean }>({
  testDir: '../suites',
  testMatch: '**/*.spec.ts',
  timeout: readTimeouts().testMs,
  retries: 0,
  workers: shares.length,
  outputDir: batch.outputDir,
  use: { trace: 'off', video: 'off', screenshot: 'off' },
  projects: [
    ...shares.map((share) => ({
      name: share.name,
      workers: 1,
      // A group a file (not a check): Playwright's worker prepares a group by going over every test of
      // its file, here registered once per server of the batch.
      fullyParallel: false,
      // As the conformance configuration's projects select their checks.
      ...(share.kind === 'ratelimit'
        ? { grep: projectFilter(share.members, '@ratelimit') }
        : {
            grep: projectFilter(share.members, share.kind === 'waiting' ? WAITS_TAG : undefined),
            grepInvert: [
              /@ratelimit/,
              new RegExp(SECOND_LOOK_TAG),
              ...(share.kind === 'checks' ? [new RegExp(WAITS_TAG)] : []),
            ],
            teardown: BATCH_SECOND_LOOK_PROJECT,
          }),
      use: { keepWorkerOnFailure: true },
    })),
    ...(checkShares.length === 0
      ? []
      : [
          {
            // As the conformance configuration's `second-look`: every server's look at the end of the batch.
            name: BATCH_SECOND_LOOK_PROJECT,
            workers: checkShares.length,
            fullyParallel: true,
            grep: projectFilter(
              checkShares.flatMap((share) => share.members),
              SECOND_LOOK_TAG,
            ),
            use: { keepWorkerOnFailure: true },
          },
        ]),
  ],
});
