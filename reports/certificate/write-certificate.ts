/**
 * Reads a run's outputs (results.json, run.json, observations.json, the k6 summaries), builds the
 * certificate and writes it as Markdown, HTML and JSON into <output>/certificate/. Every text passes
 * through the kit's redaction before it is written: the tokens of the environment and anything shaped
 * like a token never reach a certificate.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { readDeclaredDeviations } from '../../config/declared-deviations.ts';
import { SECRET_VARIABLES } from '../../contract/index.ts';
import { runErrors, type TestOutcome, testOutcomes } from '../../run-records/check-record-reader.ts';
import { readObservationsFile } from '../../run-records/observations.ts';
import { readRunStop } from '../../run-records/run-stop.ts';
import { mergeWindows, readWindows } from '../../run-records/unavailability-windows.ts';
import { kitVersion } from '../../utilities/kit-version.ts';
import { type OutputPaths, outputPaths } from '../../utilities/output-paths.ts';
import { redact, registerSecrets } from '../../utilities/redaction.ts';
import { readLoadSummaries } from '../allure/load-summaries.ts';
import { writeProfile } from '../profile/files.ts';
import { ProfileError } from '../profile/from-outputs.ts';
import { type ComparisonFile, readComparisonFile } from '../release-gate/comparison-file.ts';
import { type RunInfo, readRunInfo, runFilters } from '../reporters/run-info.ts';
import { buildCertificate, type Certificate } from './certificate.ts';
import { CERTIFICATE_FILES } from './files.ts';
import { renderHtml, renderMarkdown } from './render.ts';
import { wholeSuiteListing } from './suite-listing.ts';

/** The run left nothing to certify: a configuration problem of the caller (exit 2). */
export class CertificateInputError extends Error {}

const shown = (path: string): string => relative(process.cwd(), path) || path;

const readResults = (path: string): JSONReport => {
  if (!existsSync(path)) {
    throw new CertificateInputError(`no results at ${shown(path)}: run \`fei-kit conformance\` first`);
  }
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as JSONReport;
    if (!Array.isArray(report.suites)) throw new Error('no suites');
    return report;
  } catch (error) {
    throw new CertificateInputError(
      `${shown(path)} is not a Playwright JSON report (${(error as Error).message})`,
    );
  }
};

const emptyReport = (): JSONReport => ({ suites: [], errors: [] }) as unknown as JSONReport;

export interface WrittenCertificate {
  readonly certificate: Certificate;
  readonly files: readonly string[];
  /** The run's behaviour profile (reports/profile/), written beside the certificate, or why it was not. */
  readonly profile: { readonly file: string } | { readonly problem: string };
}

export interface CertificateOptions {
  readonly paths?: OutputPaths;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * The suite's listing; by default the run's own tests when it ran the whole suite, else
   * `playwright test --list` is asked for it.
   */
  readonly suiteListing?: readonly TestOutcome[] | undefined | 'list';
}

/**
 * A run that ended normally, with no filter, outside production's read-only mode, ran every test of the
 * suite: its report is the listing, and no second Playwright process is needed to list it.
 */
export const listsWholeSuite = (run: RunInfo | undefined, outcomes: readonly TestOutcome[]): boolean =>
  run !== undefined &&
  (run.status === 'passed' || run.status === 'failed') &&
  runFilters(run).length === 0 &&
  !(run.target?.environment === 'production' && !run.target.allowProductionWrites) &&
  outcomes.length > 0;

export const writeCertificate = async (options: CertificateOptions = {}): Promise<WrittenCertificate> => {
  const env = options.env ?? process.env;
  const paths = options.paths ?? outputPaths(env);
  registerSecrets(...SECRET_VARIABLES.map((variable) => env[variable]));
  const run = readRunInfo(paths.runInfo);
  // A run that ended before Playwright wrote its report (killed, or stopped by a signal Playwright
  // could not finish on) still gets a certificate: of nothing, saying so.
  const unfinished =
    run !== undefined && run.status !== undefined && run.status !== 'passed' && run.status !== 'failed';
  const report = !existsSync(paths.results) && unfinished ? emptyReport() : readResults(paths.results);
  const resultsRunId = (report.config?.metadata as { runId?: string } | undefined)?.runId;
  if (run?.runId && resultsRunId && run.runId !== resultsRunId) {
    throw new CertificateInputError(
      `${shown(paths.results)} is of run ${resultsRunId}, ${shown(paths.runInfo)} of run ${run.runId}: refusing to mix two runs' results`,
    );
  }
  const observations = readObservationsFile(paths.observations);
  const outcomes = testOutcomes(report);
  const suiteListing =
    options.suiteListing === undefined && listsWholeSuite(run, outcomes)
      ? outcomes
      : options.suiteListing === undefined || options.suiteListing === 'list'
        ? await wholeSuiteListing(env)
        : options.suiteListing;
  const certificate = buildCertificate({
    kitVersion: kitVersion(),
    declaredDeviations: readDeclaredDeviations(env),
    run,
    stopped: readRunStop(paths.runStop)?.line,
    unavailable: mergeWindows(readWindows(paths.unavailability)),
    runIdFallback: observations?.runId,
    dateFallback: report.stats?.startTime,
    outcomes,
    runErrors: runErrors(report),
    suiteListing,
    observations: { byRule: observations?.byRule ?? {}, observations: observations?.observations ?? [] },
    loadSummaries: readLoadSummaries(paths.load).summaries.map(
      ({ file: _file, dashboardFile, ...summary }) => ({
        ...summary,
        // A link from the certificate's folder: it holds when both folders are published side by side.
        dashboardHref: dashboardFile
          ? relative(paths.certificate, dashboardFile).split(sep).join('/')
          : undefined,
      }),
    ),
  });
  const comparison = readComparisonFile(paths.certificate, certificate.runId);
  const files = writeCertificateFiles(certificate, paths.certificate, comparison);
  return { certificate, files, profile: profileBeside(paths) };
};

/** A profile that cannot be built (a certificate of a shape it does not know) never costs the certificate. */
const profileBeside = (paths: OutputPaths): WrittenCertificate['profile'] => {
  try {
    return { file: writeProfile(paths).file };
  } catch (error) {
    if (error instanceof ProfileError) return { problem: error.message };
    throw error;
  }
};

const writeCertificateFiles = (
  certificate: Certificate,
  folder: string,
  comparison: ComparisonFile | undefined,
): string[] => {
  mkdirSync(folder, { recursive: true });
  const outputs: [string, string][] = [
    [CERTIFICATE_FILES.markdown, renderMarkdown(certificate, comparison)],
    [CERTIFICATE_FILES.html, renderHtml(certificate, comparison)],
    [CERTIFICATE_FILES.json, `${JSON.stringify(certificate, null, 2)}\n`],
  ];
  const files: string[] = [];
  for (const [name, text] of outputs) {
    const file = join(folder, name);
    writeFileSync(file, redact(text));
    files.push(file);
  }
  return files;
};

/**
 * Writes the certificate already written for this run again, with its "changed since the baseline"
 * section from the run's comparison.json (written after the certificate, since the comparison needs
 * the certificate's verdicts). Returns false when there is no certificate or no comparison of that run.
 */
export const addComparisonToCertificate = (certificateFolder: string): boolean => {
  const path = join(certificateFolder, CERTIFICATE_FILES.json);
  if (!existsSync(path)) return false;
  const certificate = JSON.parse(readFileSync(path, 'utf8')) as Certificate;
  const comparison = readComparisonFile(certificateFolder, certificate.runId);
  if (!comparison) return false;
  writeCertificateFiles(certificate, certificateFolder, comparison);
  return true;
};

/** One line about a written certificate, for the console. */
export const describeCertificate = ({ certificate, files, profile }: WrittenCertificate): string => {
  const v = certificate.totals.verdicts;
  const folder = shown(join(files[0] ?? '', '..'));
  const t = certificate.totals.tests;
  const checks = `Checks, as Playwright counts them: ${t.passed} passed, ${t.failed} failed${t.flaky ? `, ${t.flaky} flaky` : ''}, ${t.skipped} skipped.`;
  return `${certificate.outcomeText} ${checks} Rules and gaps: ${v.passed} passed, ${v.failed} failed, ${v.declared ? `${v.declared} failed as declared, ` : ''}${v.inconclusive} not established, ${v.skipped} skipped, ${v['not-applicable-in-production']} not applicable in production, ${v['not-covered']} not covered, ${v['not-checkable-remotely']} not checkable remotely → ${folder}/certificate.{md,html,json}${'file' in profile ? ', profile.json' : ` (no behaviour profile: ${profile.problem})`}`;
};

/**
 * The last step of `fei-kit conformance`: writes the certificate and says so in one line. A failure to
 * write it is said, not thrown: the run's own exit code stays the gate.
 */
export const certificateStep = async (say: (line: string) => void): Promise<Certificate | undefined> => {
  try {
    const written = await writeCertificate();
    say(`certificate: ${describeCertificate(written)}`);
    return written.certificate;
  } catch (error) {
    say(`certificate not written: ${(error as Error).message}`);
    return undefined;
  }
};
