/**
 * Where the reporters a user adds to a conformance run write (`--reporter html`, `--add-reporter blob`):
 * under the output folder. Playwright puts a reporter's files beside its configuration when nothing
 * says otherwise, and an installed kit's configuration is inside node_modules, where no one looks. Its
 * reporters read these variables first; a value the user set is kept.
 */
import { join } from 'node:path';
import type { OutputPaths } from './output-paths.ts';

/** Playwright's HTML report of a run, when the user asks for one. */
export const playwrightReportFolder = (paths: Pick<OutputPaths, 'root'>): string =>
  join(paths.root, 'playwright-report');

/** The variables each of Playwright's reporters that writes files reads for its folder. */
export const reporterOutputDefaults = (
  paths: Pick<OutputPaths, 'root' | 'conformance'>,
): Readonly<Record<string, string>> => ({
  PLAYWRIGHT_HTML_OUTPUT_DIR: playwrightReportFolder(paths),
  // The HTML report opens with `npx playwright show-report`, which the run's last lines name; served at
  // the end of a run that failed, it would hold a pipeline until someone stops it.
  PLAYWRIGHT_HTML_OPEN: 'never',
  PLAYWRIGHT_BLOB_OUTPUT_DIR: join(paths.root, 'blob-report'),
  PLAYWRIGHT_PERFETTO_OUTPUT_DIR: join(paths.conformance, 'test-results'),
});

/** Sets each default the environment does not already hold. */
export const applyReporterOutputDefaults = (
  paths: Pick<OutputPaths, 'root' | 'conformance'>,
  env: NodeJS.ProcessEnv = process.env,
): void => {
  for (const [name, value] of Object.entries(reporterOutputDefaults(paths))) {
    if (!env[name]?.trim()) env[name] = value;
  }
};
