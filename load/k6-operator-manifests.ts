/**
 * What a Kubernetes cluster with k6-operator needs for a capacity run split over `parallelism` pods
 * (k6-operator gives each runner pod its own `--execution-segment` of one sequence):
 *
 * - the ConfigMap with the bundled script (`capacity.js`);
 * - a template of the two Secrets: the target (TARGET_BASE_URL, TARGET_ENVIRONMENT) and the tenants
 *   file, with no value in them;
 * - a PersistentVolumeClaim (ReadWriteMany) where every pod writes its raw samples and segment
 *   manifest, each under its own pod name, and a reader Pod that mounts it to copy them out;
 * - the TestRun (k6.io/v1alpha1): the runner's environment and volumes for that, the initializer's
 *   too (it evaluates the script, which reads the tenants file), and `--no-thresholds`, since one
 *   pod's share is no verdict: `fei-kit load merge` judges the whole.
 *
 * Only non-secret settings are copied into the TestRun (share, duration, latency limits, run id).
 */
import {
  ALLOW_PRODUCTION_LOAD,
  CAPACITY_MAX_ERROR_RATE,
  CAPACITY_SEGMENT_NAME,
  CAPACITY_SHARE,
  CAPACITY_TENANTS_FILE,
  LATENCY_ENDPOINT_SETTINGS,
  LATENCY_P95_MS,
  LATENCY_P99_MS,
  LOAD_DROPPED_TOLERANCE,
  LOAD_DURATION,
  LOAD_MAX_VUS,
  LOAD_REPORT_DIR,
  LOAD_SEED,
} from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';

export const K6_OPERATOR_NAMES = Object.freeze({
  testRun: 'kit-capacity',
  scriptConfigMap: 'kit-capacity-script',
  scriptFile: 'capacity.js',
  targetSecret: 'kit-capacity-target',
  tenantsSecret: 'kit-capacity-tenants',
  tenantsFile: 'tenants.json',
  resultsClaim: 'kit-capacity-results',
  resultsReader: 'kit-capacity-results-reader',
});

export const MOUNTS = Object.freeze({ results: '/results', tenants: '/etc/kit-tenants' });

/** The settings of the target and of the run a TestRun may carry in plain sight. */
export const PASSED_SETTINGS: readonly string[] = Object.freeze(
  [
    CAPACITY_SHARE,
    LOAD_DURATION,
    CAPACITY_MAX_ERROR_RATE,
    LOAD_DROPPED_TOLERANCE,
    LOAD_SEED,
    LOAD_MAX_VUS,
    LATENCY_P95_MS,
    LATENCY_P99_MS,
    ...Object.values(LATENCY_ENDPOINT_SETTINGS).flatMap(({ p95, p99 }) => [p95, p99]),
    ALLOW_PRODUCTION_LOAD,
  ].map((setting) => setting.name),
);

export interface ManifestRequest {
  readonly parallelism: number;
  readonly runId: string;
  readonly bundle: string;
  /** The caller's environment: only PASSED_SETTINGS are read from it. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The size of the results volume. */
  readonly resultsStorage?: string;
}

type Manifest = Record<string, unknown>;

const tenantsPath = `${MOUNTS.tenants}/${K6_OPERATOR_NAMES.tenantsFile}`;

const podEnvironment = (request: ManifestRequest) => [
  { name: CAPACITY_TENANTS_FILE.name, value: tenantsPath },
  { name: CONTRACT_VARIABLES.runId, value: request.runId },
  { name: 'K6_NO_USAGE_REPORT', value: 'true' },
  ...PASSED_SETTINGS.flatMap((name) => {
    const value = request.env[name]?.trim();
    return value ? [{ name, value }] : [];
  }),
];

const tenantsVolume = {
  name: 'tenants',
  secret: { secretName: K6_OPERATOR_NAMES.tenantsSecret },
};
const tenantsMount = { name: 'tenants', mountPath: MOUNTS.tenants, readOnly: true };
const targetFrom = [{ secretRef: { name: K6_OPERATOR_NAMES.targetSecret } }];

export const testRunManifest = (request: ManifestRequest): Manifest => ({
  apiVersion: 'k6.io/v1alpha1',
  kind: 'TestRun',
  metadata: { name: K6_OPERATOR_NAMES.testRun },
  spec: {
    parallelism: request.parallelism,
    script: { configMap: { name: K6_OPERATOR_NAMES.scriptConfigMap, file: K6_OPERATOR_NAMES.scriptFile } },
    arguments: `--no-thresholds --tag testid=${K6_OPERATOR_NAMES.testRun}`,
    initializer: {
      envFrom: targetFrom,
      env: podEnvironment(request),
      volumes: [tenantsVolume],
      volumeMounts: [tenantsMount],
    },
    runner: {
      envFrom: targetFrom,
      env: [
        // Each pod names its outputs after itself, so that pods sharing the volume never collide.
        { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
        { name: CAPACITY_SEGMENT_NAME.name, value: '$(POD_NAME)' },
        { name: 'K6_OUT', value: `csv=${MOUNTS.results}/$(POD_NAME).samples.csv.gz` },
        { name: LOAD_REPORT_DIR.name, value: MOUNTS.results },
        ...podEnvironment(request),
      ],
      volumes: [
        tenantsVolume,
        { name: 'results', persistentVolumeClaim: { claimName: K6_OPERATOR_NAMES.resultsClaim } },
      ],
      volumeMounts: [tenantsMount, { name: 'results', mountPath: MOUNTS.results }],
    },
  },
});

export const scriptConfigMap = (bundle: string): Manifest => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: K6_OPERATOR_NAMES.scriptConfigMap },
  data: { [K6_OPERATOR_NAMES.scriptFile]: bundle },
});

/** The Secrets' shape with empty values: fill them with `kubectl create secret` (the walk-through). */
export const secretTemplates = (): Manifest[] => [
  {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: K6_OPERATOR_NAMES.targetSecret },
    type: 'Opaque',
    stringData: { [CONTRACT_VARIABLES.baseUrl]: '', [CONTRACT_VARIABLES.environment]: '' },
  },
  {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: K6_OPERATOR_NAMES.tenantsSecret },
    type: 'Opaque',
    stringData: { [K6_OPERATOR_NAMES.tenantsFile]: '' },
  },
];

export const resultsClaim = (storage: string): Manifest => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: K6_OPERATOR_NAMES.resultsClaim },
  spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage } } },
});

export const resultsReader = (): Manifest => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: K6_OPERATOR_NAMES.resultsReader },
  spec: {
    restartPolicy: 'Never',
    containers: [
      {
        name: 'reader',
        image: 'busybox:1.37',
        command: ['sleep', '3600'],
        volumeMounts: [{ name: 'results', mountPath: MOUNTS.results, readOnly: true }],
      },
    ],
    volumes: [{ name: 'results', persistentVolumeClaim: { claimName: K6_OPERATOR_NAMES.resultsClaim } }],
  },
});

/** Every manifest by file name. */
export const k6OperatorManifests = (request: ManifestRequest): Record<string, Manifest | Manifest[]> => ({
  'configmap.yaml': scriptConfigMap(request.bundle),
  'secrets.template.yaml': secretTemplates(),
  'results-pvc.yaml': resultsClaim(request.resultsStorage ?? '2Gi'),
  'results-reader.yaml': resultsReader(),
  'testrun.yaml': testRunManifest(request),
});
