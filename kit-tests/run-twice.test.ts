/**
 * The kit's commands twice in the same output folder, as a scheduled job runs them night after night
 * (test-support/run-twice.ts says what is compared). The commands that run k6 are
 * run-twice-k6.test.ts's, in the project `npm test` runs apart; certify-client's is package.test.ts's
 * (the worked example, night after night). Each run is the least that writes every kind of its
 * command's files: one check, a bench of a second.
 */
import { readFileSync } from 'node:fs';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
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
        // One check in one worker: the run's every kind of file, at the least a run costs.
        { args: ['conformance', '--grep', 'AUTH-TOKEN-MISSING: GET', '--workers=1'] },
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
        // certify-client twice in one folder is package.test.ts's, from the project that installed the kit.
        { args: ['bench', '--parts', 'proxy'], env: { BENCH_PROXY_REQUESTS: '100' } },
        {
          args: ['bench', 'reference'],
          env: { BENCH_SECONDS: '1', BENCH_ROUNDS: '1', BENCH_WARMUP_SECONDS: '0' },
        },
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
