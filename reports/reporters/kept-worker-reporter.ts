/**
 * A failed check need not cost a worker restart: a worker's set-up (the target, the connection pool,
 * the pacing) is paid again after every failure otherwise, which made a broken deployment take many
 * times as long to judge as a conforming one. This reporter, listed first, asks the workers to keep
 * themselves after a failed check (KIT_KEEP_WORKER_ON_FAILURE, set before any worker starts; the fixture
 * `keepWorker` marks such a check as failing as expected) and turns every such check back into the
 * unexpected failure it is before any other reporter, the exit status or `--max-failures` sees it. A
 * worker with requests still in flight, or a check with a retry left, is not kept (fixtures.ts).
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { KIT_KEEP_WORKER_ON_FAILURE } from '../../config/settings/index.ts';
import { KEPT_WORKER_ANNOTATION } from '../../run-records/kept-worker.ts';

const withoutKeptMark = (annotations: TestResult['annotations']): void => {
  for (let index = annotations.length - 1; index >= 0; index -= 1) {
    if (annotations[index]?.type === KEPT_WORKER_ANNOTATION) annotations.splice(index, 1);
  }
};

/** Puts a kept failure back as a failure; true when the test was one. */
export const restoreKeptFailure = (test: TestCase, result: TestResult): boolean => {
  if (!result.annotations.some((a) => a.type === KEPT_WORKER_ANNOTATION)) return false;
  test.expectedStatus = 'passed';
  withoutKeptMark(result.annotations);
  withoutKeptMark(test.annotations);
  return true;
};

export default class KeptWorkerReporter implements Reporter {
  constructor() {
    KIT_KEEP_WORKER_ON_FAILURE.write('true');
  }

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    restoreKeptFailure(test, result);
  }
}
