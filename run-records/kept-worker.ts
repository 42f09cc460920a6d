/**
 * The annotation of a failed check whose worker was kept (the fixture option `keepWorkerOnFailure`):
 * the check was marked as failing as expected, so that Playwright went on in the same worker. Whoever
 * asked for it puts such a check back as the plain failure it is: the self-check from its batch's
 * report, the conformance run through reports/reporters/kept-worker-reporter.ts as each check ends.
 */
import { KIT_KEEP_WORKER_ON_FAILURE } from '../config/settings/index.ts';

export const KEPT_WORKER_ANNOTATION = 'kit-kept-worker';

/**
 * Set to `true` by reports/reporters/kept-worker-reporter.ts in Playwright's runner process, whose workers
 * inherit it: a worker keeps itself after a failed check only in a run whose reporting turns that
 * check back into a failure before anything reads it (a run with other reporters restarts the worker,
 * as Playwright does).
 */
export const KEEP_WORKER_VARIABLE = KIT_KEEP_WORKER_ON_FAILURE.name;
