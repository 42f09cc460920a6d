import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { kitCommandArguments, KIT_ROOT as REPO_ROOT } from '../utilities/kit-root.ts';
import { K6_OPERATOR_NAMES, testRunManifest } from './k6-operator-manifests.ts';
import { crdSchema, schemaErrors, TESTRUN_CRD, unknownFields } from './test-support/crd-schema.ts';

const schema = crdSchema(TESTRUN_CRD, 'v1alpha1');
let out: string;
let manifests: Record<string, unknown>[];

// One worker for the file's tests: they share the manifests its one `fei-kit load k6-operator` wrote.
test.describe.configure({ mode: 'default' });

test.beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'kit-k6-operator-'));
  execFileSync(
    process.execPath,
    [
      ...kitCommandArguments(['load', 'k6-operator']),
      '--parallelism',
      '3',
      '--out',
      out,
      '--run-id',
      'run-k8s-test',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, CAPACITY_SHARE: '0.5', LOAD_DURATION: '2m' }, stdio: 'pipe' },
  );
  manifests = readdirSync(out)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) =>
      parseAllDocuments(readFileSync(join(out, f), 'utf8')).map((d) => d.toJSON() as Record<string, unknown>),
    );
});

test.afterAll(() => rmSync(out, { recursive: true, force: true }));

const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind);

test.describe('k6-operator manifests', () => {
  test('every TestRun validates against the CRD and has no field the CRD would prune', () => {
    test.skip(
      schema === undefined,
      `LOUD SKIP: k6-operator's TestRun CRD is not at ${TESTRUN_CRD}; the manifests are not validated`,
    );
    const runs = ofKind('TestRun');
    expect(runs).toHaveLength(1);
    for (const run of runs) {
      expect(schemaErrors(schema as Record<string, unknown>, run)).toEqual([]);
      expect(unknownFields(schema as Record<string, unknown>, run)).toEqual([]);
    }
  });

  test('a field the CRD does not know is caught, and so is a value of the wrong type', () => {
    test.skip(schema === undefined, `LOUD SKIP: k6-operator's TestRun CRD is not at ${TESTRUN_CRD}`);
    const crd = schema as Record<string, unknown>;
    const run = testRunManifest({ parallelism: 2, runId: 'run-x', bundle: '', env: {} }) as {
      spec: Record<string, unknown> & { runner: Record<string, unknown> };
    };
    const misspelt = {
      ...run,
      spec: { ...run.spec, paralelism: 2, runner: { ...run.spec.runner, envFromm: [] } },
    };
    // The JSON schema alone lets unknown fields through: Kubernetes would prune them silently.
    expect(schemaErrors(crd, misspelt)).toEqual([]);
    expect(unknownFields(crd, misspelt).sort()).toEqual(['/spec/paralelism', '/spec/runner/envFromm']);
    const nested = structuredClone(run) as { spec: { runner: { volumes: Record<string, unknown>[] } } };
    (nested.spec.runner.volumes[1] as Record<string, unknown>).persistentVolumeClaim = {
      claimName: 'x',
      sizee: 1,
    };
    expect(unknownFields(crd, nested)).toEqual(['/spec/runner/volumes/1/persistentVolumeClaim/sizee']);
    expect(unknownFields(crd, { ...run, metadata: { name: 'x', labelz: {} } })).toEqual(['/metadata/labelz']);
    expect(schemaErrors(crd, { ...run, spec: { ...run.spec, parallelism: 'three' } }).join('\n')).toContain(
      '/spec/parallelism',
    );
  });

  test('the TestRun splits the run, keeps each pod to its own files on the shared volume, and passes only plain settings', () => {
    const [run] = ofKind('TestRun') as [
      {
        spec: {
          parallelism: number;
          arguments: string;
          runner: { env: { name: string; value?: string }[]; envFrom: unknown };
          initializer: { envFrom: unknown };
        };
      },
    ];
    expect(run.spec.parallelism).toBe(3);
    expect(run.spec.arguments).toContain('--no-thresholds');
    const env = Object.fromEntries(
      (run.spec.runner.env as { name: string; value?: string }[]).map((e) => [
        e.name,
        e.value ?? 'from-field',
      ]),
    );
    expect(env).toMatchObject({
      POD_NAME: 'from-field',
      CAPACITY_SEGMENT_NAME: '$(POD_NAME)',
      K6_OUT: 'csv=/results/$(POD_NAME).samples.csv.gz',
      LOAD_REPORT_DIR: '/results',
      KIT_RUN_ID: 'run-k8s-test',
      CAPACITY_SHARE: '0.5',
      LOAD_DURATION: '2m',
      K6_NO_USAGE_REPORT: 'true',
    });
    // Kubernetes expands $(POD_NAME) only from a variable defined before it.
    const names = run.spec.runner.env.map((e) => e.name);
    expect(names.indexOf('POD_NAME')).toBeLessThan(names.indexOf('K6_OUT'));
    expect(run.spec.initializer.envFrom).toEqual(run.spec.runner.envFrom);
  });

  test('the other manifests are what the TestRun names, and the Secrets carry no value', () => {
    const [configMap] = ofKind('ConfigMap') as [{ metadata: { name: string }; data: Record<string, string> }];
    expect(configMap.metadata.name).toBe(K6_OPERATOR_NAMES.scriptConfigMap);
    expect(configMap.data[K6_OPERATOR_NAMES.scriptFile]).toContain(
      'Generated by load/bundle.ts from load/scripts/capacity.ts',
    );
    const secrets = ofKind('Secret') as { metadata: { name: string }; stringData: Record<string, string> }[];
    expect(secrets.map((s) => s.metadata.name).sort()).toEqual(
      [K6_OPERATOR_NAMES.tenantsSecret, K6_OPERATOR_NAMES.targetSecret].sort(),
    );
    for (const secret of secrets) expect(Object.values(secret.stringData).every((v) => v === '')).toBe(true);
    const [claim] = ofKind('PersistentVolumeClaim') as [
      { metadata: { name: string }; spec: { accessModes: string[] } },
    ];
    expect(claim.metadata.name).toBe(K6_OPERATOR_NAMES.resultsClaim);
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const [reader] = ofKind('Pod') as [
      { spec: { volumes: { persistentVolumeClaim: { claimName: string } }[] } },
    ];
    expect(reader.spec.volumes[0]?.persistentVolumeClaim.claimName).toBe(K6_OPERATOR_NAMES.resultsClaim);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('fei-kit load merge ./capacity-segments');
  });

  test('a bad argument is one line and exit 2', () => {
    let failure: { status: number; stderr: Buffer } | undefined;
    try {
      execFileSync(
        process.execPath,
        kitCommandArguments(['load', 'k6-operator', '--parallelism', '0', '--out', out]),
        { cwd: REPO_ROOT, stdio: 'pipe' },
      );
    } catch (error) {
      failure = error as { status: number; stderr: Buffer };
    }
    expect(failure?.status).toBe(2);
    expect(failure?.stderr.toString().trim().split('\n')).toHaveLength(1);
  });
});
