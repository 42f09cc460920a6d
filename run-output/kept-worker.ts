/**
 * The annotation of a failed check whose worker was kept (the fixture option `keepWorkerOnFailure`):
 * the check was marked as failing as expected, so that Playwright went on in the same worker. The
 * self-check, which asks for it, puts such a check back as the plain failure it is.
 */
export const KEPT_WORKER_ANNOTATION = 'kit-kept-worker';
