/**
 * The environment k6 runs a load script in: the caller's (which carries the target contract: k6 reads
 * it as `__ENV`, so no token is ever on a command line), the run id, the report folder, no usage
 * report to Grafana, and k6's web dashboard exported as one self-contained HTML report beside the JSON
 * and JUnit outputs. The runner (run-k6.ts) and the self-check use it alike.
 */
import { join } from 'node:path';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { reportFileNames } from './lib/report-files.ts';

/** Runs up to this long get a data point a second in the dashboard; longer ones k6's default, 10 s. */
const SHORT_RUN_SECONDS = 300;

export interface K6RunSettings {
  readonly script: string;
  /** Absolute: the folder of the JSON, JUnit and HTML reports. */
  readonly reportDir: string;
  readonly runId: string;
  /** How long the script's scenarios last, to pick the dashboard's period. */
  readonly plannedSeconds: number;
}

/**
 * K6_WEB_DASHBOARD_* for one run. The dashboard is on unless the caller set K6_WEB_DASHBOARD=false;
 * its period and port may be the caller's own, by default a point a second for short runs (k6 skips
 * the report of a run shorter than a few periods) and no port at all (nothing listens; k6 still
 * exports). The export path is always `<reportDir>/<script>.html`, where the reports look for it.
 */
export const dashboardEnvironment = (
  env: NodeJS.ProcessEnv,
  settings: Pick<K6RunSettings, 'script' | 'reportDir' | 'plannedSeconds'>,
): Record<string, string> => {
  if (env.K6_WEB_DASHBOARD?.trim() === 'false') return {};
  return {
    K6_WEB_DASHBOARD: 'true',
    K6_WEB_DASHBOARD_EXPORT: join(settings.reportDir, reportFileNames(settings.script).dashboard),
    K6_WEB_DASHBOARD_PERIOD:
      env.K6_WEB_DASHBOARD_PERIOD?.trim() || (settings.plannedSeconds <= SHORT_RUN_SECONDS ? '1s' : '10s'),
    K6_WEB_DASHBOARD_PORT: env.K6_WEB_DASHBOARD_PORT?.trim() || '-1',
  };
};

export const k6RunEnvironment = (env: NodeJS.ProcessEnv, settings: K6RunSettings): NodeJS.ProcessEnv => ({
  ...env,
  [CONTRACT_VARIABLES.runId]: settings.runId,
  LOAD_REPORT_DIR: settings.reportDir,
  // k6 otherwise reports anonymous usage to Grafana: a kit for a financial service calls no third party.
  K6_NO_USAGE_REPORT: 'true',
  ...dashboardEnvironment(env, settings),
});

/** Where Go, and so k6, looks for trusted certificates on Linux besides its bundle files. */
const GO_DEFAULT_CERT_DIRS = ['/etc/ssl/certs', '/etc/pki/tls/certs'];

/**
 * The target's own CA (TARGET_CA_FILE), trusted by k6 besides the public ones: k6 has no option for
 * it, but Go reads every file of each folder in SSL_CERT_DIR as trusted roots (on Linux and the other
 * Unixes; on macOS and Windows Go asks the system, where the CA must be installed). `caDir` holds a
 * copy of the CA file; the folders already searched stay searched.
 */
export const trustedCaEnvironment = (caDir: string, env: NodeJS.ProcessEnv): Record<string, string> => ({
  SSL_CERT_DIR: [
    caDir,
    ...(env.SSL_CERT_DIR?.trim() ? [env.SSL_CERT_DIR.trim()] : GO_DEFAULT_CERT_DIRS),
  ].join(':'),
});

/** The report files of a run, absolute. */
export const reportFilesOf = (script: string, reportDir: string) => {
  const names = reportFileNames(script);
  return Object.freeze({
    summary: join(reportDir, names.summary),
    junit: join(reportDir, names.junit),
    dashboard: join(reportDir, names.dashboard),
  });
};
