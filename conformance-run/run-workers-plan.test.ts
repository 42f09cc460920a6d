/** Kit tests of the workers a run gets from what was asked and what the filters select. */
import { expect, test } from '@playwright/test';
import { chooseWorkers } from './run-workers-plan.ts';

test('WORKERS: the asked or default count, capped by the groups the selection makes', () => {
  expect(chooseWorkers(undefined, 5, undefined)).toEqual({ workers: 5, extraArguments: [] });
  expect(chooseWorkers(3, 5, { groups: 10 })).toEqual({ workers: 3, extraArguments: [] });
  expect(chooseWorkers(undefined, 5, { groups: 2 })).toEqual({ workers: 2, extraArguments: ['--workers=2'] });
  expect(chooseWorkers(4, 5, { groups: 0 })).toEqual({ workers: 1, extraArguments: ['--workers=1'] });
});
