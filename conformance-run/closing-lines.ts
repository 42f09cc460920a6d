/**
 * The last lines of a conformance run: what it wrote, where, and the command to run next (open the
 * report, compare with a baseline). Paths are relative to the working folder, as a user types them.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { OutputPaths } from '../utilities/output-paths.ts';
import { playwrightReportFolder } from '../utilities/reporter-outputs.ts';

const shown = (path: string): string => relative(process.cwd(), path) || '.';

/** Whether `path` was written since `since` (epoch ms): the run's own, not a previous run's. */
const writtenSince = (path: string, since: number): boolean =>
  existsSync(path) && statSync(path).mtimeMs >= since;

export interface ClosingFacts {
  /** When the run began (epoch ms). */
  readonly started: number;
  /** Whether the run compared itself with a baseline (KIT_BASELINE). */
  readonly compared: boolean;
}

export const closingLines = (paths: OutputPaths, facts: ClosingFacts): string[] => {
  const written: string[] = [];
  const certificate = join(paths.certificate, 'certificate.md');
  if (writtenSince(certificate, facts.started))
    written.push(`the certificate ${shown(paths.certificate)}/certificate.{md,html,json}`);
  if (writtenSince(paths.junit, facts.started)) written.push(`JUnit ${shown(paths.junit)}`);
  if (writtenSince(paths.allureResults, facts.started))
    written.push(`Allure results ${shown(paths.allureResults)}/`);
  const allureIndex = join(paths.allureReport, 'index.html');
  const reportBuilt = writtenSince(allureIndex, facts.started);
  if (reportBuilt) written.push(`the Allure report ${shown(allureIndex)}`);
  const playwrightReport = playwrightReportFolder(paths);
  const htmlReport = writtenSince(join(playwrightReport, 'index.html'), facts.started);
  if (htmlReport) written.push(`Playwright's HTML report ${shown(playwrightReport)}/`);
  if (written.length === 0) return [];
  const next = [
    reportBuilt
      ? `open ${shown(allureIndex)} in a browser`
      : '`npx fei-kit report` builds the Allure report (one page, with the history of the runs)',
    ...(htmlReport ? [`\`npx playwright show-report ${shown(playwrightReport)}\` opens Playwright's`] : []),
    ...(facts.compared
      ? []
      : ['`npx fei-kit compare <baseline folder or profile.json>` says what changed since a baseline run']),
  ];
  return [`written: ${written.join('; ')}`, `next: ${next.join('; ')}`];
};
