import { expect, test } from '@playwright/test';
import * as fc from 'fast-check';
import type { Target } from '../../config/index.ts';
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
      // Shrinking toward the bound takes far more steps than the budget leaves.
      arbitrary: fc.integer({ min: 1_000_000, max: 2_000_000_000 }),
      predicate: async (value) => {
        calls += 1;
        if (value > 1_000_500) throw new Error(`too large: ${value}`);
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
