/**
 * The certificate's "unavailable" section: when the deployment was unavailable during the run (every
 * request, a probe that creates nothing included, got 502, 503, 504 or a refused connection) and for
 * how long. GETs that met a window were sent again once it was back; a check that starts afresh whose
 * POST or PUT met it was run again whole (listed here, with the window its first run met) and judged
 * by that run; any other check whose POST or PUT met it is not run, and its rules read not
 * established. Said as what it is, never as a verdict.
 */
import { describeWindow, type MergedWindow } from '../../run-records/unavailability-windows.ts';
import type { RunAgainFinding } from './certificate-types.ts';
import { html, md } from './escape.ts';

const INTRODUCTION =
  'The deployment was unavailable in these windows: every request, a probe that creates nothing included, got 502, 503, 504 or no connection. No rule was judged on those answers: a GET was sent again once the deployment was back; a check that starts afresh (all its data new) whose POST or PUT met a window was run again whole once the deployment was back, and judged by that run alone; any other check whose POST or PUT met a window is not run, and its rules are not established.';

const RUN_AGAIN = 'Checks run again whole, and judged by their second run:';

const runAgainLine = (finding: RunAgainFinding): string => `${finding.check}: ${finding.why}`;

export const unavailableMarkdown = (
  windows: readonly MergedWindow[] = [],
  runAgain: readonly RunAgainFinding[] = [],
): string[] =>
  windows.length === 0
    ? []
    : [
        '',
        '## Unavailable',
        '',
        INTRODUCTION,
        '',
        ...windows.map((w) => `- ${md(describeWindow(w))}`),
        ...(runAgain.length > 0
          ? ['', RUN_AGAIN, '', ...runAgain.map((f) => `- ${md(runAgainLine(f))}`)]
          : []),
      ];

export const unavailableHtml = (
  windows: readonly MergedWindow[] = [],
  runAgain: readonly RunAgainFinding[] = [],
): string =>
  windows.length === 0
    ? ''
    : `<h2>Unavailable</h2><p>${html(INTRODUCTION)}</p><ul>${windows.map((w) => `<li>${html(describeWindow(w))}</li>`).join('')}</ul>${
        runAgain.length > 0
          ? `<p>${html(RUN_AGAIN)}</p><ul>${runAgain.map((f) => `<li>${html(runAgainLine(f))}</li>`).join('')}</ul>`
          : ''
      }`;

/** The console line for each window, said beside the exit code's, with how many checks were run again. */
export const unavailableLines = (
  windows: readonly MergedWindow[] = [],
  runAgain: readonly RunAgainFinding[] = [],
): string[] => {
  const again =
    runAgain.length === 0
      ? ''
      : `; ${runAgain.length === 1 ? '1 check that starts afresh was' : `${runAgain.length} checks that start afresh were`} run again whole once it was back (see the certificate)`;
  return windows.map(
    (w) =>
      `UNAVAILABLE: the deployment was unavailable ${describeWindow(w)}: no rule was judged on those answers; GETs were sent again once it was back, the other checks whose POST or PUT met it are not established${again}`,
  );
};
