/**
 * No run output is tracked: what a run writes (results, reports, benches, logs, packed tarballs) lives
 * in the output folder, which git ignores. A committed output goes stale at once and may carry the
 * absolute paths of the machine that wrote it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from './test-support/kit-test.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folders and files a run writes; none of them belongs in git. */
const RUN_OUTPUTS: readonly RegExp[] = [
  /^fei-kit-output\//,
  /^reports\/output\//,
  /(^|\/)(allure-results|allure-report|test-results|playwright-report|blob-report|k6-bundles)\//,
  /(^|\/)results\.json$/,
  /-bench\.json$/,
  /\.log$/,
  /\.tgz$/,
];

/** The paths among `paths` that are run outputs. */
const runOutputsAmong = (paths: readonly string[]): string[] =>
  paths.filter((path) => RUN_OUTPUTS.some((pattern) => pattern.test(path)));

const trackedPaths = (): string[] =>
  execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '');

test('NO-TRACKED-OUTPUTS: git tracks no run output', () => {
  const tracked = trackedPaths();
  expect(tracked.length).toBeGreaterThan(300);
  expect(runOutputsAmong(tracked)).toEqual([]);
});

test('NO-TRACKED-OUTPUTS: the check sees a run output among the sources, and only that', () => {
  expect(
    runOutputsAmong([
      'reports/output/kit/results.json',
      'reports/output/bench/reference-bench.json',
      'fei-kit-output/certificate/certificate.json',
      'kit-tests/test-results/x/trace.zip',
      'financial-events-conformance-kit-0.2.0.tgz',
      'reports/reporters/results-reporter.ts',
      'self-check/results.ts',
      'bench/reference-bench.ts',
    ]),
  ).toEqual([
    'reports/output/kit/results.json',
    'reports/output/bench/reference-bench.json',
    'fei-kit-output/certificate/certificate.json',
    'kit-tests/test-results/x/trace.zip',
    'financial-events-conformance-kit-0.2.0.tgz',
  ]);
});

test('NO-TRACKED-OUTPUTS: git ignores the output folders, so a run cannot add one by mistake', () => {
  const probes = ['fei-kit-output/x.json', 'reports/output/kit/results.json', 'fei-kit-0.2.0.tgz', 'run.log'];
  const ignored = execFileSync('git', ['check-ignore', '--no-index', ...probes], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((line) => line !== '');
  expect(ignored).toEqual(probes);
});
