/** Kit tests of the workers a run gets from what was asked and what the filters select. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { chooseWorkers, QUICK_CHECKS_PER_WORKER } from './run-workers-plan.ts';

test('WORKERS: the asked or default count, capped by the groups the selection makes', () => {
  expect(chooseWorkers(undefined, 5, undefined)).toEqual({ workers: 5, extraArguments: [] });
  expect(chooseWorkers(3, 5, { groups: 10 })).toEqual({ workers: 3, extraArguments: [] });
  expect(chooseWorkers(undefined, 5, { groups: 2 })).toEqual({ workers: 2, extraArguments: ['--workers=2'] });
  expect(chooseWorkers(4, 5, { groups: 0 })).toEqual({ workers: 1, extraArguments: ['--workers=1'] });
});

test('WORKERS: against the reference server, quick checks share a worker; a property check and a rate-limit file keep their own', () => {
  const quick = (groups: number) => ({ groups, rateLimitGroups: 0, propertyChecks: 0 });
  expect(chooseWorkers(undefined, 3, quick(7), true)).toEqual({
    workers: 1,
    extraArguments: ['--workers=1'],
  });
  expect(chooseWorkers(undefined, 3, quick(QUICK_CHECKS_PER_WORKER + 1), true)).toEqual({
    workers: 2,
    extraArguments: ['--workers=2'],
  });
  // Enough quick checks for every default worker: no cap.
  expect(chooseWorkers(undefined, 3, quick(3 * QUICK_CHECKS_PER_WORKER), true)).toEqual({
    workers: 3,
    extraArguments: [],
  });
  // One rate-limit file and two quick checks: the rate-limit checks' worker and one for the others.
  expect(chooseWorkers(undefined, 3, { groups: 3, rateLimitGroups: 1, propertyChecks: 0 }, true)).toEqual({
    workers: 2,
    extraArguments: ['--workers=2'],
  });
  // Two property checks and a quick one: a worker each for the properties, one for the quick check.
  expect(chooseWorkers(undefined, 5, { groups: 3, rateLimitGroups: 0, propertyChecks: 2 }, true)).toEqual({
    workers: 3,
    extraArguments: ['--workers=3'],
  });
});

test('WORKERS: a count asked for, or a deployment, is capped only by the groups', () => {
  const quick = { groups: 7, rateLimitGroups: 0, propertyChecks: 0 };
  expect(chooseWorkers(5, 3, quick, true)).toEqual({ workers: 5, extraArguments: [] });
  expect(chooseWorkers(undefined, 5, quick, false)).toEqual({ workers: 5, extraArguments: [] });
  expect(chooseWorkers(undefined, 5, { ...quick, groups: 4 }, false)).toEqual({
    workers: 4,
    extraArguments: ['--workers=4'],
  });
});
