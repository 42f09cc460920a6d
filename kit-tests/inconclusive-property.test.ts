/**
 * A property that could not complete its runs proves nothing about the rest: it is inconclusive,
 * in the console, the JSON report, the certificate and the exit code, never passed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runConformance } from './test-support/run-conformance.ts';

test('INCONCLUSIVE: a property cut short by its time limit is inconclusive, never passed', async () => {
  test.setTimeout(120_000);
  const env = {
    KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'kit-inconclusive-')),
    // Far more runs than the 5 s the property keeps of a 21 s check can hold. The rest of the check's
    // time is the runner's own margin for its teardown (15 s): with less, a busy machine's teardown
    // runs the check out of time, and the rule reads that instead of the property cut short.
    FC_RUNS: '1000000',
    KIT_TEST_TIMEOUT_SECONDS: '21',
  };
  const run = await runConformance(env, ['--grep', 'RETRIEVE-RETURNS-EVENT: every valid event']);
  expect(run.code, run.output).toBe(EXIT.couldNotRun);
  expect(run.output).toMatch(
    /\[property\] INCONCLUSIVE RETRIEVE-RETURNS-EVENT: .*completed \d+ of its 1000000 runs/,
  );
  expect(run.output).toMatch(
    /COULD NOT RUN FULLY: Incomplete: no deviation found, but 1 rule could not be checked/,
  );
  const certificate = JSON.parse(
    readFileSync(join(outputPaths(env).certificate, 'certificate.json'), 'utf8'),
  ) as { rules: { id: string; verdict: string; reason?: string }[] };
  const rule = certificate.rules.find((r) => r.id === 'RETRIEVE-RETURNS-EVENT');
  expect(rule?.verdict).toBe('inconclusive');
  expect(rule?.reason).toMatch(/completed \d+ of its 1000000 runs before the time limit/);
});
