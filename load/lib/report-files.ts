/**
 * Where a load run's reports go and what they are called: `<script>.summary.json`,
 * `<script>.junit.xml` and k6's web-dashboard HTML report `<script>.html`, side by side in the report
 * folder (LOAD_REPORT_DIR, which the runner sets; else fei-kit-output/load). The scripts, the runner,
 * the reports and the self-check all take the names from here. Pure: no k6 import, no Node API.
 */
import { type Env, flag, text } from './env.ts';

/** The report folder when LOAD_REPORT_DIR is not set: relative to k6's working directory. */
export const REPORT_DIR_DEFAULT = 'fei-kit-output/load';

export const reportFileNames = (script: string) =>
  Object.freeze({
    summary: `${script}.summary.json`,
    junit: `${script}.junit.xml`,
    dashboard: `${script}.html`,
  });

export const joinPath = (dir: string, file: string): string => `${dir.replace(/\/+$/, '')}/${file}`;

/**
 * The file name of the web-dashboard report this run exports (k6 reads K6_WEB_DASHBOARD and
 * K6_WEB_DASHBOARD_EXPORT), or undefined when it exports none. Only a report written beside the
 * summary counts: that is where the reports look for it.
 */
export const dashboardFileOf = (env: Env, script: string, reportDir: string): string | undefined => {
  let enabled: boolean;
  try {
    enabled = flag(env, 'K6_WEB_DASHBOARD');
  } catch {
    return undefined;
  }
  const exported = text(env, 'K6_WEB_DASHBOARD_EXPORT');
  const name = reportFileNames(script).dashboard;
  return enabled && exported === joinPath(reportDir, name) ? name : undefined;
};
