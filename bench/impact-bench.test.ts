/**
 * The impact part of the bench, small: recorded traffic of a few tenants replayed against the reference
 * server comes out unaffected within each sandbox tenant's share; the row says NOT MET past the share.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { impactRow, measureImpact } from './impact-bench.ts';

test('BENCH impact: the recorded tenants replay unaffected, within the share, and the row says so', async () => {
  const figure = await measureImpact(mkdtempSync(join(tmpdir(), 'bench-impact-')), {
    tenants: 4,
    exchanges: 12,
    scale: 60,
  });
  expect(figure.unaffected).toBe(4);
  expect(figure.budget.map((b) => `${b.tenant} ${b.requests}`).sort()).toEqual(['A 24', 'B 24']);
  expect(impactRow(figure).verdict).toBe('met');
  const over = { ...figure, budget: figure.budget.map((b) => ({ ...b, busiestWindow: b.share + 1 })) };
  expect(impactRow(over).verdict).toBe('NOT MET');
  expect(impactRow({ ...figure, unaffected: 3 }).verdict).toBe('NOT MET');
  expect(impactRow(undefined).verdict).toBe('not measured');
});
