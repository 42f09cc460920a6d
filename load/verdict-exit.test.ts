import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { rateLimitPlan, rateLimitThresholds } from './lib/rate-limit-plan.ts';
import { evaluateThresholds } from './lib/reach.ts';
import { summaryOutputs } from './lib/summary-outputs.ts';
import { mergedVerdictCode } from './merge-cli.ts';
import type { MergedRun } from './merge-segments.ts';
import { env, machineReadableRateLimitSummary, summaryContext } from './test-support/k6-summaries.ts';
import { loadRunExit } from './verdict-exit.ts';

const specs = rateLimitThresholds(rateLimitPlan(env));

/** The summary file `handleSummary` would write for this run, in a folder of its own. */
const summaryFileOf = (summary: Parameters<typeof machineReadableRateLimitSummary>[0]): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fei-kit-verdict-exit-'));
  const outputs = summaryOutputs(machineReadableRateLimitSummary(summary), specs, {
    ...summaryContext('rate-limit'),
    reportDir: dir,
  });
  const file = join(dir, 'rate-limit.summary.json');
  writeFileSync(file, outputs[file] as string);
  return file;
};

test.describe('the exit code of a k6 run', () => {
  const folders: string[] = [];
  test.afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const file = (summary: Parameters<typeof machineReadableRateLimitSummary>[0]) => {
    const path = summaryFileOf(summary);
    folders.push(join(path, '..'));
    return path;
  };

  test('a generator short of the planned rate, and nothing the sent requests decide crossed: 3, said', () => {
    const ending = loadRunExit(99, file({ accepted: [1998, 1000, 700], sent: [2500, 2500, 1700] }));
    expect(ending.code).toBe(3);
    expect(ending.lines).toEqual([
      'NOT ESTABLISHED: RATE-LIMIT-429 [ratelimit_accepted{window:2} count>=900]: the load generator sent 1700 requests of the rate-limit tenant in window 2 in 60 s (28.33/s); the plan needs 2498 (41.63/s) of 2500 planned',
      'NOT ESTABLISHED: LOAD-OPEN-MODEL [ratelimit_sent{window:2} count>=2498]: the load generator sent 1700 requests of the rate-limit tenant in window 2 in 60 s (28.33/s); the plan needs 2498 (41.63/s) of 2500 planned',
    ]);
  });

  test('a threshold the sent requests decide, crossed: 1, even beside a shortfall', () => {
    expect(loadRunExit(99, file({ accepted: [2500, 2500, 700], sent: [2500, 2500, 1700] })).code).toBe(1);
    expect(loadRunExit(0, file({ accepted: [1998, 1000, 1000] }))).toEqual({ code: 0, lines: [] });
  });

  test('without a summary to read, k6’s own code decides, as before', () => {
    expect(loadRunExit(99, '/nonexistent/rate-limit.summary.json').code).toBe(1);
    expect(loadRunExit(107, '/nonexistent/rate-limit.summary.json').code).toBe(7);
    expect(loadRunExit(130, file({})).code).toBe(130);
  });

  test('the merged verdict over several k6 instances exits the same way', () => {
    const merged = (summary: Parameters<typeof machineReadableRateLimitSummary>[0]) =>
      ({
        results: evaluateThresholds(machineReadableRateLimitSummary(summary), specs),
      }) as unknown as MergedRun;
    expect(mergedVerdictCode(merged({ accepted: [1998, 1000, 1000] }))).toBe(0);
    expect(mergedVerdictCode(merged({ accepted: [1998, 1000, 1000], dropped: 30 }))).toBe(3);
    expect(mergedVerdictCode(merged({ accepted: [2500, 2500, 2500], dropped: 30 }))).toBe(1);
  });
});
