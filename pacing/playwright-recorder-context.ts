/** What the request-stats recorder of a worker knows of the moment a request is sent, from Playwright. */
import { test } from '@playwright/test';
import { RATE_LIMIT_TAG, type RecorderContext } from './request-stats.ts';

/** The test that sends a request decides its scope; a request outside any test counts against the budget. */
export const playwrightContext: RecorderContext = {
  scope: () => {
    try {
      return test.info().tags.includes(RATE_LIMIT_TAG) ? 'ratelimit' : 'conformance';
    } catch {
      return 'conformance';
    }
  },
  now: () => performance.timeOrigin + performance.now(),
  workers: () => {
    try {
      return test.info().config.workers;
    } catch {
      return undefined;
    }
  },
};
