/**
 * The kit's commands that run k6, twice in the same output folder (test-support/run-twice.ts says what
 * is compared): short runs against the reference server, a 2 s window of 40, as the other real-k6
 * tests run. In the project `npm test` runs apart: k6's open model is timed.
 */
import { join } from 'node:path';
import { findK6 } from '../load/find-k6.ts';
import { test } from './test-support/kit-test.ts';
import { type DeclareTest, describeChains } from './test-support/run-twice.ts';

const SHORT_LOAD = {
  RATE_LIMIT_PER_MINUTE: '40',
  RATE_LIMIT_WINDOW_SECONDS: '2',
  LOAD_DURATION: '4s',
  LOAD_DROPPED_TOLERANCE: '0.05',
  RATE_LIMIT_TOLERANCE: '0.25',
};

const k6 = findK6(process.env);
test.skip(!k6.found, 'k6 is not installed');

/** Each test declared here, so that it is this file's. */
const declare: DeclareTest = (title, timeoutMs, body) =>
  test(title, async () => {
    test.setTimeout(timeoutMs);
    await body();
  });

// Three chains, side by side: the rate-limit and the latency runs read nothing of another command's,
// and the capacity run reads only the tenants file of its own chain. One chain of all five ended the
// real-k6 step alone, its runs one after another (about 60 s of a 66 s step).
describeChains(
  [
    {
      name: 'the rate-limit run',
      steps: () => [{ args: ['load', 'rate-limit'], env: SHORT_LOAD, timed: true }],
    },
    { name: 'the latency run', steps: () => [{ args: ['load', 'latency'], env: SHORT_LOAD, timed: true }] },
    {
      name: 'the capacity run',
      steps: (folder) => [
        { args: ['load', 'tenants', '--count', '2'] },
        {
          args: ['load', 'capacity', '--segments', '2'],
          env: { ...SHORT_LOAD, CAPACITY_TENANTS_FILE: join(folder, 'tenants.json') },
          timed: true,
        },
        // The merge judges the segments' counts against the thresholds: as timed as the runs were.
        { args: ['load', 'merge', join(folder, 'load', 'capacity-segments')], timed: true },
      ],
    },
  ],
  declare,
  k6.found ? k6.path : undefined,
);
