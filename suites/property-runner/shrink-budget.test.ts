import * as fc from 'fast-check';
import type { Target } from '../../config/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { HttpExchange } from '../../run-records/http-exchange.ts';
import { checkProperty } from './property-runner.ts';
import { shrinkBudget } from './shrink-budget.ts';

test('SHRINK-BUDGET: shrinking gets what the property had left of its runs when it first failed', () => {
  const budget = shrinkBudget(10);
  for (let run = 0; run < 3; run += 1) expect(budget.mayRun()).toBe(true);
  budget.failed();
  expect(budget.budget).toBe(7);
  for (let step = 0; step < 7; step += 1) {
    expect(budget.mayRun()).toBe(true);
    budget.failed();
  }
  expect(budget.budget).toBe(7);
  expect(budget.spent()).toBe(false);
  expect(budget.mayRun()).toBe(false);
  expect(budget.spent()).toBe(true);
});

test('SHRINK-BUDGET: a property that never fails runs all it planned', () => {
  const budget = shrinkBudget(2);
  for (let run = 0; run < 50; run += 1) expect(budget.mayRun()).toBe(true);
  expect(budget.budget).toBeUndefined();
});

test('SHRINK-BUDGET: a failed property runs no more than planned, and still reports its seed, path and replay', async () => {
  const target = { embedded: true, limits: {} } as unknown as Target;
  let calls = 0;
  const planned = 30;
  const run = checkProperty(
    {
      target,
      exchanges: [] as HttpExchange[],
      cost: { embeddedRuns: planned, requestsPerRun: 1 },
      // Whatever the seed, shrinking takes far more steps than the budget leaves: each of forty
      // nonzero items is one step toward zero, with any other left the run still fails.
      arbitrary: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 40, maxLength: 40 }),
      predicate: async (values: number[]) => {
        calls += 1;
        const sum = values.reduce((a, b) => a + b, 0);
        if (sum > 0) throw new Error(`a sum of ${sum}`);
      },
    },
    test.info(),
  );
  const error = await run.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error?.message).toMatch(/\{ seed: -?\d+, path: "\d+(:\d+)*" \}/);
  expect(error?.message).toContain('Replay exactly this counterexample');
  expect(error?.message).toContain('Shrinking stopped at its budget');
  expect(calls).toBeLessThanOrEqual(planned);
  expect(calls).toBeGreaterThan(1);
});
