/**
 * A check that spends most of its time waiting (it looks again seconds after what it did) carries
 * this tag. A conformance run needs nothing of it: the wait holds one of its workers while the others
 * go on. The self-check's batch, where each worker serves many servers one check after another, gives
 * these checks workers of their own (self-check/batch-shares.ts), or their waits would queue up one
 * behind another on the workers that keep the cores busy.
 */
export const WAITS_TAG = '@waits';
