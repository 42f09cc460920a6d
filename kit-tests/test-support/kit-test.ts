/**
 * What the kit's own tests import in place of `@playwright/test`: the same module, but its `test` is the
 * suites' root (suites/fixtures/api-test.ts), which sets up none of a browser context's thirty-odd
 * options. Playwright's own `test` sets each of them up and tears it down, as a step whose stack it
 * captures, around every test: about 13 ms of CPU a test, some 20 s of a `npm test` whose tests open no
 * browser context (the report's browser checks launch Chromium themselves).
 */
export * from '@playwright/test';
export { test } from '../../suites/fixtures/api-test.ts';
