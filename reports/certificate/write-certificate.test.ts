/**
 * Writing the certificate (write-certificate.ts): no token in any of its files, when a run is its own
 * suite listing, and the command's exit code when there is nothing to certify.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../../config/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { testOutcomes } from '../../run-records/check-record-reader.ts';
import { kitCommandArguments } from '../../utilities/kit-root.ts';
import { outputPaths } from '../../utilities/output-paths.ts';
import { fixtureReport, fixtureRun, PRODUCTION_TARGET } from '../test-support/report-fixtures.ts';
import { listsWholeSuite, writeCertificate } from './write-certificate.ts';

const TOKEN = 'svc_test_CertificateFixtureSecret0123456789';

test('CERTIFICATE: the written files hold no token, even when a failure message quotes one', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-certificate-'));
  const env = { KIT_OUTPUT_DIR: root, TENANT_A_ACCESS_TOKEN: TOKEN } as NodeJS.ProcessEnv;
  const paths = outputPaths(env);
  mkdirSync(paths.conformance, { recursive: true });
  const report = fixtureReport([
    {
      ruleIds: ['AUTH-TOKEN-MISSING'],
      title: 'AUTH-TOKEN-MISSING: echo',
      status: 'failed',
      error: `expected no echo of the token, got X-Access-Token: ${TOKEN}`,
    },
    {
      ruleIds: ['VAL-TYPE-ENUM'],
      title: `VAL-TYPE-ENUM: a title that quotes ${TOKEN.replace('svc_test_', 'svc_live_')}`,
      status: 'passed',
    },
  ]);
  writeFileSync(paths.results, JSON.stringify(report));
  writeFileSync(paths.runInfo, JSON.stringify(fixtureRun()));
  writeFileSync(
    paths.observations,
    JSON.stringify({
      runId: 'x',
      observations: [],
      byRule: { 'GAP-PUT-STATUS': { [`echoed ${TOKEN}`]: 1 } },
    }),
  );
  const written = await writeCertificate({ paths, env, suiteListing: [] });
  expect(written.files).toHaveLength(3);
  for (const file of written.files) {
    const text = readFileSync(file, 'utf8');
    expect(text, file).not.toContain(TOKEN);
    expect(text, file).not.toContain(TOKEN.slice('svc_test_'.length));
    expect(text, file).toContain('svc_test_<redacted>');
  }
  const json = JSON.parse(readFileSync(join(paths.certificate, 'certificate.json'), 'utf8'));
  expect(json.target).toEqual(fixtureRun().target);
  expect(JSON.stringify(json.target)).not.toMatch(/token/i);
});

test('CERTIFICATE: a whole run that ended normally is its own listing; anything less asks Playwright for one', () => {
  const outcomes = testOutcomes(
    fixtureReport([{ ruleIds: ['AUTH-TOKEN-MISSING'], title: 'AUTH-TOKEN-MISSING: x', status: 'passed' }]),
  );
  expect(listsWholeSuite(fixtureRun(), outcomes)).toBe(true);
  expect(listsWholeSuite(fixtureRun({ status: 'failed' }), outcomes)).toBe(true);
  // Filtered, interrupted, production read-only, no run.json or no test: the listing is needed.
  expect(listsWholeSuite(fixtureRun({ arguments: ['--grep', 'AUTH-'] }), outcomes)).toBe(false);
  expect(listsWholeSuite(fixtureRun({ status: 'interrupted' }), outcomes)).toBe(false);
  expect(listsWholeSuite(fixtureRun({ target: PRODUCTION_TARGET }), outcomes)).toBe(false);
  expect(listsWholeSuite(undefined, outcomes)).toBe(false);
  expect(listsWholeSuite(fixtureRun(), [])).toBe(false);
});

test('CERTIFICATE: `fei-kit certificate` with no results says so in one line and exits 2', () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-certificate-empty-'));
  const result = spawnSync(process.execPath, kitCommandArguments(['certificate']), {
    env: { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', KIT_OUTPUT_DIR: root },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(EXIT.badConfiguration);
  const output = `${result.stdout}${result.stderr}`.trim();
  expect(output.split('\n')).toHaveLength(1);
  expect(output).toMatch(
    /^certificate: configuration error: no results at .*results\.json: run `fei-kit conformance` first$/,
  );
});
