/**
 * The outputs of one real, small conformance run, read the way their readers read them. The run
 * (`fei-kit conformance --report --grep …`) goes against a reference server this test starts itself
 * (so it knows the tokens), with a k6 summary of the same run beside it, all into a temporary output
 * folder. Then:
 * - the Allure report in headless Chromium: the right number of tests, the rule labels, a redacted
 *   HTTP exchange, the environment and the observations, nothing requested beyond 127.0.0.1;
 * - the certificate's HTML the same way;
 * - a second report build shows the first in its history;
 * - every file the run wrote (results, Allure results and report, certificate, JUnit, traces, the
 *   console log) holds none of the tokens.
 * Screenshots go to fei-kit-output/screenshots/ (a CI artifact).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { buildReport } from '../reports/allure/build-report.ts';
import { filesUnder, scanBuffer, scanFiles } from '../reports/secret-scan/secret-scan.ts';
import { CHROMIUM, CHROMIUM_MISSING, guardPage, serveFolder } from '../reports/test-support/browser.ts';
import { testOutcomes } from '../run-records/check-record-reader.ts';
import { readObservationsFile } from '../run-records/observations.ts';
import { RULES } from '../spec/index.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { runKit } from '../utilities/test-support/run-kit.ts';
import { expect, test } from './test-support/kit-test.ts';
import {
  closePages,
  closeSharedChromium,
  openReport,
  type Run,
  sharedChromium,
  writeLoadSummary,
} from './test-support/real-run.ts';

test.describe.configure({ mode: 'serial' });

/** A few tests that send every tenant's token, create events and record observations. */
const GREP = 'AUTH-TOKEN-INVALID|ISOLATION-GET|CREATE-RETURNS-UUID|GAP-MALFORMED-JSON';
const LISTING_CHECKS = 'a listing';
const SCREENSHOTS = outputPaths({}).screenshots;
const RUN_ID = `kit-real-run-${Date.now().toString(36)}`;

let run: Run;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const root = mkdtempSync(join(tmpdir(), 'kit-real-run-'));
  const server = await startReferenceServer({ rateLimit: { requestsPerWindow: 1000, windowSeconds: 5 } });
  try {
    const target = targetEnvironmentOf(server);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      KIT_IGNORE_DOTENV: 'true',
      KIT_OUTPUT_DIR: root,
      KIT_RUN_ID: RUN_ID,
      ...target,
    };
    const paths = outputPaths(env);
    const thresholds = writeLoadSummary(paths.load, RUN_ID);
    // The checks of a listing (which the reference does not offer, so they skip) are left out: every
    // check this run selects passes. One worker: these tests read the outputs, and a target the kit did
    // not start would get five, each a process's start-up.
    const args = [
      '--grep',
      GREP,
      '--grep-invert',
      LISTING_CHECKS,
      '--workers=1',
      '--trace',
      'on',
      '--report',
    ];
    const { code, output } = await runKit(['conformance', ...args], env);
    const consoleLog = join(root, 'console.log');
    writeFileSync(consoleLog, output);
    const report = JSON.parse(readFileSync(paths.results, 'utf8')) as JSONReport;
    run = {
      root,
      paths,
      env,
      tokens: [
        target.TENANT_A_ACCESS_TOKEN,
        target.TENANT_B_ACCESS_TOKEN,
        target.RATE_LIMIT_ACCESS_TOKEN,
      ] as string[],
      code,
      console: output,
      tests: testOutcomes(report).length,
      rulesNamed: testOutcomes(report).reduce((sum, t) => sum + t.ruleIds.length, 0),
      thresholds,
    };
  } finally {
    await server.close();
  }
});

test('REAL RUN: the one-shot run exits 0 and leaves results, JUnit, certificate and report behind', () => {
  expect(run.code, run.console).toBe(0);
  expect(run.tests).toBeGreaterThanOrEqual(6);
  for (const file of [
    run.paths.results,
    run.paths.junit,
    run.paths.observations,
    run.paths.runInfo,
    join(run.paths.certificate, 'certificate.md'),
    join(run.paths.certificate, 'certificate.html'),
    join(run.paths.certificate, 'certificate.json'),
    join(run.paths.allureReport, 'index.html'),
  ]) {
    expect(existsSync(file), file).toBe(true);
  }
  expect(run.console).toMatch(/conformance: certificate: No deviation found/);
  expect(run.console).toMatch(
    new RegExp(`report: ${run.tests} test results and ${run.thresholds} k6 thresholds \\(rate-limit\\)`),
  );
  const junit = readFileSync(run.paths.junit, 'utf8');
  expect(junit).toContain('<property name="rule" value="AUTH-TOKEN-INVALID">');
  expect(junit.match(/<testcase /g)).toHaveLength(run.tests);
  // One rule property per rule id a title names: some tests check two rules.
  expect(junit.match(/<property name="rule" /g)?.length).toBe(run.rulesNamed);
  // Each observation names the test that saw it by its id, the one its check record carries.
  const observations = (readObservationsFile(run.paths.observations)?.observations ?? []).map((o) => [
    o.testId,
    o.test,
  ]);
  const report = JSON.parse(readFileSync(run.paths.results, 'utf8')) as JSONReport;
  const recorded = testOutcomes(report).map((t) => [t.testId, t.title]);
  expect(observations.length).toBeGreaterThan(0);
  for (const observation of observations) expect(recorded).toContainEqual(observation);
});

test.afterAll(async () => {
  await closeSharedChromium();
});

test('REAL RUN: the Allure report shows every test, the rule labels, a redacted exchange, and calls no one', async () => {
  test.skip(!existsSync(CHROMIUM), CHROMIUM_MISSING);
  const site = await serveFolder(run.paths.allureReport);
  const browser = await sharedChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const attempts = await guardPage(page);
    await openReport(page, `${site.url}/`);
    const total = run.tests + run.thresholds;
    const summary = await page.locator('body').innerText();
    expect(summary).toMatch(new RegExp(`Total\\s+${total}\\b`));
    expect(summary).toMatch(new RegExp(`Passed\\s+${total}\\b`));
    // The environment section: target, run id, never a token.
    expect(summary).toContain('Target base URL');
    expect(summary).toContain(run.env.TARGET_BASE_URL as string);
    expect(summary).toContain(RUN_ID);
    // The tree by rule: epic (part of the spec) › feature (area) › story (rule id).
    for (const epic of ['5. Authentication', '1. What the service does', '4. Endpoints', '8. Limits']) {
      await expect(page.getByText(epic, { exact: true })).toBeVisible();
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'allure-overview.png') });

    await page.getByText('5. Authentication', { exact: true }).click();
    await page.getByText('auth', { exact: true }).first().click();
    await page.getByText('AUTH-TOKEN-INVALID', { exact: true }).first().click();
    await page
      .getByText(/^AUTH-TOKEN-INVALID: POST with an unknown token/)
      .first()
      .click();
    await expect(page.getByText('Critical').first()).toBeVisible();
    const overview = await page.locator('body').innerText();
    expect(overview).toMatch(/epic\s+5\. Authentication/);
    expect(overview).toMatch(/feature\s+auth/);
    expect(overview).toMatch(/story\s+AUTH-TOKEN-INVALID/);
    await expect(page.getByText('rule AUTH-TOKEN-INVALID')).toBeVisible();
    // The first report of a history has no earlier result to show.
    await expect(page.getByRole('button', { name: 'History', exact: true })).toBeVisible();

    await page
      .getByText(/^Attachments/)
      .first()
      .click();
    await page
      .getByText(/^HTTP 01 POST \/api\/h2h\/ingestion\/financial-events → 401$/)
      .first()
      .click();
    const exchange = page.getByText(/X-Access-Token: svc_test_<redacted>/).first();
    await expect(exchange).toBeVisible();
    await expect(page.getByText('"errorCode": "ERR-1002"').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'allure-exchange.png') });
    const shown = await page.locator('body').innerText();
    for (const token of run.tokens) expect(shown).not.toContain(token);

    // An observation (what the target did where the spec is silent) reads inline.
    await page.goto(`${site.url}/`);
    await page.getByText('7. Errors', { exact: true }).click();
    await page.getByText('errors', { exact: true }).first().click();
    await page.getByText('GAP-MALFORMED-JSON', { exact: true }).first().click();
    await page
      .getByText(/GAP-MALFORMED-JSON: a body that is not JSON/)
      .first()
      .click();
    await page
      .getByText(/^observation GAP-MALFORMED-JSON: truncated JSON gives 400/)
      .first()
      .click();
    await expect(page.getByText('"ruleId": "GAP-MALFORMED-JSON"').first()).toBeVisible();

    // The k6 thresholds are tests of the same report, under the rule they check.
    await page.goto(`${site.url}/`);
    await page.getByText('8. Limits', { exact: true }).click();
    await page.getByText('ratelimit', { exact: true }).first().click();
    await page.getByText('RATE-LIMIT-429', { exact: true }).first().click();
    await expect(
      page.getByText(/RATE-LIMIT-429: traffic above the limit gets 429 \[throttled count>0\]/).first(),
    ).toBeVisible();
    // Each threshold links the run's web dashboard, copied beside the report, and has its summary.
    await page
      .getByText(/RATE-LIMIT-429: traffic above the limit gets 429 \[throttled count>0\]/)
      .first()
      .click();
    await expect(page.getByText('rate-limit.summary.json').first()).toBeVisible();
    // Allure marks an attachment it could not find "missed".
    await expect(page.getByText('missed', { exact: true })).toHaveCount(0);
    await expect(
      page.getByText('k6 web dashboard of the run: load/rate-limit.html, beside this report'),
    ).toBeVisible();
    await page.goto(`${site.url}/load/rate-limit.html`);
    await expect(page.getByText('rate-limit run')).toBeVisible();
    await page.goto(`${site.url}/`);

    // The run's observations and its certificate travel with the report.
    await page
      .getByText(/^Global Attachments/)
      .first()
      .click();
    await expect(page.getByText('Observations: what the target did where the spec is silent')).toBeVisible();
    await expect(page.getByText('Conformance certificate (Markdown)')).toBeVisible();
    await expect(page.getByText('k6 web dashboard: rate-limit.html')).toBeVisible();
    await page.getByText('Observations: what the target did where the spec is silent').click();
    await expect(
      page.getByText(/GAP-MALFORMED-JSON: The answer to a body that is not JSON/).first(),
    ).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'allure-observations.png') });

    expect([...attempts]).toEqual([]);
  } finally {
    await closePages(browser);
    await site.close();
  }
});

test('REAL RUN: the guard sees a third-party call: Allure’s page as generated would reach the tag manager', async () => {
  test.skip(!existsSync(CHROMIUM), CHROMIUM_MISSING);
  // The page before the builder cleaned it: the template's loader back in, no policy.
  const folder = mkdtempSync(join(tmpdir(), 'kit-real-run-raw-'));
  const cleaned = readFileSync(join(run.paths.allureReport, 'index.html'), 'utf8');
  writeFileSync(
    join(folder, 'index.html'),
    cleaned
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace(
        '</body>',
        '<script async src="https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0"></script></body>',
      ),
  );
  const site = await serveFolder(folder);
  const browser = await sharedChromium();
  try {
    const page = await browser.newPage();
    const attempts = await guardPage(page);
    await openReport(page, `${site.url}/`);
    await expect.poll(() => [...attempts].some((url) => url.includes('googletagmanager.com'))).toBe(true);
  } finally {
    await closePages(browser);
    await site.close();
  }
});

test('REAL RUN: the certificate in Chromium lists every rule with its verdict and what the target did', async () => {
  test.skip(!existsSync(CHROMIUM), CHROMIUM_MISSING);
  // The output folder as published: the certificate and the load runs' dashboards side by side.
  const site = await serveFolder(run.paths.root);
  const browser = await sharedChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
    const attempts = await guardPage(page);
    await page.goto(`${site.url}/certificate/certificate.html`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Conformance certificate: Financial Events Ingestion Service',
    );
    await expect(page.locator('[data-outcome]')).toHaveAttribute('data-outcome', 'no-deviation-found');
    await expect(page.locator('tr[data-rule]')).toHaveCount(RULES.length);
    const verdict = (id: string) => page.locator(`tr[data-rule="${id}"] [data-verdict]`);
    await expect(verdict('AUTH-TOKEN-INVALID')).toHaveText('passed');
    await expect(verdict('CREATE-RETURNS-UUID')).toHaveText('passed');
    // Counted from the k6 summary of the same run.
    await expect(verdict('RATE-LIMIT-429')).toHaveText('passed');
    // Filtered out by --grep: skipped and why, never passed.
    await expect(verdict('VAL-TYPE-ENUM')).toHaveText('skipped');
    await expect(page.locator('tr[data-rule="VAL-TYPE-ENUM"]')).toContainText(
      "not selected by this run's filters",
    );
    await expect(verdict('AUTH-SANDBOX-IP-ALLOWLIST')).toHaveText('not checkable remotely');
    await expect(page.locator('tr[data-rule="GAP-MALFORMED-JSON"]')).toContainText('gives 400');
    const facts = page.locator('table.facts');
    await expect(facts).toContainText(run.env.TARGET_BASE_URL as string);
    await expect(facts).toContainText(RUN_ID);
    await expect(facts).toContainText(run.env.TENANT_A_CLIENT_ID as string);
    await expect(facts).toContainText(`--grep ${GREP}`);
    const text = await page.locator('body').innerText();
    for (const token of run.tokens) expect(text).not.toContain(token);
    await page.screenshot({ path: join(SCREENSHOTS, 'certificate.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'certificate-full-page.png'), fullPage: true });
    // The load section links the run's web dashboard.
    await page.getByRole('link', { name: 'rate-limit.html' }).click();
    await expect(page).toHaveURL(`${site.url}/load/rate-limit.html`);
    await expect(page.getByText('rate-limit run')).toBeVisible();
    expect([...attempts]).toEqual([]);
  } finally {
    await closePages(browser);
    await site.close();
  }
});

test('REAL RUN: the next report of the same history shows the first run in a test’s history', async () => {
  const before = readFileSync(run.paths.history, 'utf8').trim().split('\n');
  expect(before).toHaveLength(1);
  const outcome = await buildReport(run.paths, run.env);
  expect(outcome.code).toBe(0);
  expect(readFileSync(run.paths.history, 'utf8').trim().split('\n')).toHaveLength(2);
  test.skip(!existsSync(CHROMIUM), CHROMIUM_MISSING);
  const site = await serveFolder(run.paths.allureReport);
  const browser = await sharedChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const attempts = await guardPage(page);
    await openReport(page, `${site.url}/`);
    await page.getByText('5. Authentication', { exact: true }).click();
    await page.getByText('auth', { exact: true }).first().click();
    await page.getByText('AUTH-TOKEN-INVALID', { exact: true }).first().click();
    await page
      .getByText(/^AUTH-TOKEN-INVALID: POST with an unknown token/)
      .first()
      .click();
    // One earlier result of this test, from the first report, with its date.
    const tab = page.getByRole('button', { name: 'History 1', exact: true });
    await expect(tab).toBeVisible();
    await tab.click();
    // The report writes dates in the browser's locale, month and day unpadded (12/1/2026 at 00:11:25).
    await expect(page.getByText(/^\d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2}:\d{2}/).first()).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'allure-history.png') });
    // The trend: the status dynamics chart has a point for the earlier run beside the latest.
    await page.getByText('Report', { exact: true }).first().click();
    await page.getByText('Graphs', { exact: true }).first().click();
    await expect(page.getByText('Status dynamics')).toBeVisible();
    const graphs = await page.locator('body').innerText();
    expect(graphs).toMatch(/Status dynamics\s+\d{1,2}\/\d{1,2}\/\d{4}\s+Latest/);
    await page.screenshot({ path: join(SCREENSHOTS, 'allure-graphs.png') });
    expect([...attempts]).toEqual([]);
  } finally {
    await closePages(browser);
    await site.close();
  }
});

test('REAL RUN: no file the run wrote holds a token: results, Allure, report, certificate, JUnit, traces, log', () => {
  // The check can fail: the tokens were real, and the search finds each of them where it is.
  for (const token of run.tokens) {
    expect(token).toMatch(/^svc_test_/);
    expect(scanBuffer(Buffer.from(`x-access-token: ${token}`), 'probe', [token])).not.toEqual([]);
  }
  expect(run.env.TENANT_A_ACCESS_TOKEN).toBe(run.tokens[0]);
  const traces = filesUnder([join(run.root, 'conformance', 'test-results')]).filter((f) =>
    f.endsWith('trace.zip'),
  );
  expect(traces.length, 'traces were written (--trace on)').toBeGreaterThan(0);
  // The run's request counts are named too: they must exist and be scanned, wherever the layout puts them.
  const runFiles = outputPaths(run.env);
  expect(existsSync(runFiles.requestStats), 'the workers wrote their request counts').toBe(true);
  expect(existsSync(runFiles.requestBudget), 'the run wrote its request budget').toBe(true);
  const paths = [run.root, runFiles.requestStats, runFiles.requestBudget];
  const { files, hits } = scanFiles(paths, run.tokens);
  const written = new Set(files.map((f) => f.slice(run.root.length + 1).split('/')[0]));
  for (const part of [
    'conformance',
    'allure-results',
    'allure-results-extra',
    'allure-report',
    'certificate',
    'history',
    'load',
    'console.log',
  ]) {
    expect(written, part).toContain(part);
  }
  expect(hits).toEqual([]);
});
