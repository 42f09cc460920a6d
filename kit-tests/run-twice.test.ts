/**
 * The kit's commands twice in the same output folder, as a scheduled job runs them night after night
 * (test-support/run-twice.ts says what is compared). The commands that run k6 are
 * run-twice-k6.test.ts's, in the project `npm test` runs apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { type DeclareTest, describeChains } from './test-support/run-twice.ts';

/** Each test declared here, so that it is this file's. */
const declare: DeclareTest = (title, timeoutMs, body) =>
  test(title, async () => {
    test.setTimeout(timeoutMs);
    await body();
  });

describeChains(
  [
    {
      name: 'a conformance run and what reads it',
      steps: (folder) => [
        { args: ['conformance', '--grep', 'AUTH-TOKEN-MISSING'] },
        { args: ['certificate'] },
        // The report retypes the run's observations and marks drift in the run's own Allure results.
        { args: ['report'], marksInPlace: /^allure-results\// },
        { args: ['scan-outputs'], env: { TENANT_A_ACCESS_TOKEN: 'svc_test_never-written-anywhere' } },
        // Last, as a release gate runs it: the folder against itself.
        { args: ['compare', folder, folder] },
      ],
      after: {
        title: 'the history keeps every report, one run a line',
        check: (env) => {
          const history = outputPaths(env).history;
          expect(readFileSync(history, 'utf8').trim().split('\n')).toHaveLength(2);
        },
      },
    },
    {
      name: 'the tools',
      steps: () => [
        { args: ['openapi'] },
        {
          args: [
            'certify-client',
            '--',
            process.execPath,
            join(KIT_ROOT, 'client', 'examples', 'example-client.mjs'),
          ],
        },
        { args: ['bench', '--parts', 'proxy'] },
        { args: ['bench', 'reference'], env: { BENCH_SECONDS: '1', BENCH_ROUNDS: '1' } },
      ],
    },
    {
      name: 'the load plans and the self-check',
      steps: () => [
        { args: ['load', 'bundle'] },
        { args: ['load', 'k6-operator', '--parallelism', '2'] },
        { args: ['self-check', '--only', 'token-missing-gives-1002', '--no-load', '--no-clients'] },
      ],
    },
  ],
  declare,
);
