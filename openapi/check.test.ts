/**
 * `fei-kit openapi --check`, run as a user runs it: on a description of the public deployment written
 * from its documented facts it names exactly the rules that deployment deviates from (and observes its
 * listing), on the kit's own document it agrees, with the deviations declared it exits 0; a URL is read
 * as a file is, and what cannot be read ends in the table's codes. Then, in process, each kind of
 * difference on the kit's own document changed in one place.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { DEPLOYMENTS } from '../reference/index.ts';
import { runKit } from '../utilities/test-support/run-kit.ts';
import { SPEC_CATALOG } from './catalog.ts';
import type { DescriptionCheck } from './check/check-description.ts';
import { descriptionFindings } from './check/description-findings.ts';
import { readProviderDescription } from './check/provider-description.ts';
import { buildOpenApiDocument } from './document.ts';

const PUBLIC_DEPLOYMENT = join(import.meta.dirname, 'test-support', 'public-deployment.openapi.yaml');

const kit = (root: string, args: readonly string[]) =>
  runKit(['openapi', ...args], { PATH: process.env.PATH, KIT_IGNORE_DOTENV: 'true', KIT_OUTPUT_DIR: root });

const checkOf = (root: string): DescriptionCheck =>
  JSON.parse(readFileSync(join(root, 'openapi', 'check.json'), 'utf8')) as DescriptionCheck;

const rulesWith = (check: DescriptionCheck, verdict: string) =>
  check.rules.filter((rule) => rule.verdict === verdict).map((rule) => rule.rule);

const temporary = () => mkdtempSync(join(tmpdir(), 'fei-openapi-check-'));

test('OPENAPI CHECK: the public deployment differs in exactly the rules it deviates from, its listing observed', async () => {
  const root = temporary();
  const run = await kit(root, ['--check', PUBLIC_DEPLOYMENT]);
  expect(run.code, run.output).toBe(1);
  const check = checkOf(root);
  const deployment = DEPLOYMENTS.find((d) => d.name === 'public-deployment');
  expect(rulesWith(check, 'differs').sort()).toEqual([...(deployment?.deviatesFrom ?? [])].sort());
  expect(run.stdout).toContain(
    "DIFFERS AUTH-TOKEN-PREFIX: The deployment's tokens carry the spec's prefix of their environment",
  );
  expect(run.stdout).toContain('type allows BANK_MOVEMENT, which the spec does not');
  expect(run.stdout).toContain('th_live_, th_test_');
  const other = check.rules.find((rule) => rule.rule === 'GAP-OTHER-OPERATIONS');
  expect(other?.verdict).toBe('observed');
  expect(other?.places).toEqual([
    { where: 'GET /api/h2h/ingestion/financial-events', what: 'an operation the spec does not show' },
  ]);
});

test('OPENAPI CHECK: with those deviations declared the public deployment exits 0, each shown as declared', async () => {
  const root = temporary();
  const declared = join(root, 'declared.yaml');
  writeFileSync(
    declared,
    [
      'deviations:',
      '  - { rule: AUTH-TOKEN-PREFIX, differs: tokens are th_live_ and th_test_, reason: brand, acceptedBy: QA }',
      '  - { rule: VAL-TYPE-ENUM, differs: BANK_MOVEMENT, reason: bank feeds, acceptedBy: QA }',
    ].join('\n'),
  );
  const run = await kit(root, ['--check', PUBLIC_DEPLOYMENT, '--deviations', declared]);
  expect(run.code, run.output).toBe(0);
  expect(rulesWith(checkOf(root), 'declared').sort()).toEqual(['AUTH-TOKEN-PREFIX', 'VAL-TYPE-ENUM']);
  expect(rulesWith(checkOf(root), 'differs')).toEqual([]);
});

test("OPENAPI CHECK: the kit's own document, written by fei-kit openapi and read from a URL, agrees", async () => {
  const root = temporary();
  const written = await kit(root, []);
  expect(written.code, written.output).toBe(0);
  const yaml = readFileSync(join(root, 'openapi', 'openapi.yaml'), 'utf8');
  const server = createServer((_request, response) => response.end(yaml));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
    const run = await kit(root, ['--check', url]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain('agrees with the spec');
    expect(rulesWith(checkOf(root), 'differs')).toEqual([]);
  } finally {
    server.close();
  }
});

test('OPENAPI CHECK: a missing file is a bad argument (2); no answer or no OpenAPI document could not run (3)', async () => {
  const root = temporary();
  expect((await kit(root, ['--check', join(root, 'absent.yaml')])).code).toBe(2);
  const server = createServer((_request, response) => response.end('<html>not a description</html>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const notOpenApi = await kit(root, ['--check', `http://127.0.0.1:${port}/`]);
    expect(notOpenApi.code, notOpenApi.output).toBe(3);
    expect(notOpenApi.stdout).toContain('is not an OpenAPI 3.0 or 3.1 document');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  const unreachable = await kit(root, ['--check', `http://127.0.0.1:${port}/openapi.yaml`]);
  expect(unreachable.code, unreachable.output).toBe(3);
  expect(unreachable.stdout).toContain('could not be fetched');
});

// biome-ignore lint/suspicious/noExplicitAny: a JSON document changed by path in each case.
type Json = Record<string, any>;

/** The findings of the kit's own document after one change. */
const findingsAfter = async (change: (document: Json) => void) => {
  const document = JSON.parse(
    JSON.stringify(buildOpenApiDocument(SPEC_CATALOG, { kitVersion: 'test' })),
  ) as Json;
  change(document);
  const file = join(temporary(), 'changed.json');
  writeFileSync(file, JSON.stringify(document));
  return descriptionFindings(SPEC_CATALOG, await readProviderDescription(file)).filter(
    (f) => f.kind === 'differs',
  );
};

const CREATE = '/api/h2h/ingestion/financial-events';
const BY_UUID = '/api/h2h/ingestion/financial-events/{uuid}';

test('OPENAPI CHECK: each kind of difference is named under the rule it bears on', async () => {
  const rulesOf = async (change: (document: Json) => void) =>
    (await findingsAfter(change)).map((f) => f.rule);
  expect(await rulesOf(() => {})).toEqual([]);
  expect(
    await rulesOf((d) => {
      d.paths[CREATE].post.responses['422'].content['application/json'].examples = {
        'ERR-3005': { value: { errorCode: 'ERR-3005' } },
      };
    }),
  ).toEqual(['VAL-STATUS-400']);
  expect(
    await rulesOf((d) => {
      d.paths[BY_UUID].get.responses['400'].description = 'ERR-4002: an unknown uuid';
    }),
  ).toEqual(['RETRIEVE-UNKNOWN-404']);
  expect(
    await rulesOf((d) => {
      d.components.schemas.Payload.additionalProperties = true;
    }),
  ).toEqual(['VAL-PAYLOAD-UNKNOWN-PROPERTY', 'VAL-PAYLOAD-UNKNOWN-PROPERTY']);
  expect(
    await rulesOf((d) => {
      d.components.schemas.FinancialEvent.properties.status.enum.push('CANCELLED');
    }),
  ).toEqual(['VAL-STATUS-ENUM', 'VAL-STATUS-ENUM']);
  expect(
    await rulesOf((d) => {
      d.components.schemas.FinancialEvent.required = [];
    }),
  ).toEqual(['VAL-EXTERNAL-ID-REQUIRED', 'VAL-EXTERNAL-ID-REQUIRED']);
  expect(
    await rulesOf((d) => {
      d.paths[BY_UUID].get.parameters = d.paths[BY_UUID].get.parameters.slice(1);
      d.paths[BY_UUID].get.parameters.push({ name: 'Api-Version', in: 'header', required: true });
    }),
  ).toEqual(['TENANT-HEADER-MISSING', 'CLIENT-HEADERS-EVERY-REQUEST']);
  expect(
    await rulesOf((d) => {
      d.paths[CREATE].post.responses['200'] = d.paths[CREATE].post.responses['201'];
      delete d.paths[CREATE].post.responses['201'];
    }),
  ).toEqual(['CREATE-RETURNS-UUID']);
  expect(
    await rulesOf((d) => {
      delete d.paths[BY_UUID].put;
    }),
  ).toEqual(['UPDATE-APPLIES']);
});
