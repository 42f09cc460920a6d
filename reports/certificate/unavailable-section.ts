/**
 * The certificate's "unavailable" section: when the deployment was unavailable during the run (every
 * request, a probe that creates nothing included, got 502, 503, 504 or a refused connection) and for
 * how long. GETs that met a window were sent again once it was back; the checks whose POST or PUT met
 * it are not run, and their rules read not established. Said as what it is, never as a verdict.
 */
import { describeWindow, type MergedWindow } from '../../run-records/unavailability-windows.ts';
import { html, md } from './escape.ts';

const INTRODUCTION =
  'The deployment was unavailable in these windows: every request, a probe that creates nothing included, got 502, 503, 504 or no connection. No rule was judged on those answers: a GET was sent again once the deployment was back; a check whose POST or PUT met a window is not run, and its rules are not established.';

export const unavailableMarkdown = (windows: readonly MergedWindow[] = []): string[] =>
  windows.length === 0
    ? []
    : ['', '## Unavailable', '', INTRODUCTION, '', ...windows.map((w) => `- ${md(describeWindow(w))}`)];

export const unavailableHtml = (windows: readonly MergedWindow[] = []): string =>
  windows.length === 0
    ? ''
    : `<h2>Unavailable</h2><p>${html(INTRODUCTION)}</p><ul>${windows.map((w) => `<li>${html(describeWindow(w))}</li>`).join('')}</ul>`;

/** The console line for each window, said beside the exit code's. */
export const unavailableLines = (windows: readonly MergedWindow[] = []): string[] =>
  windows.map(
    (w) =>
      `UNAVAILABLE: the deployment was unavailable ${describeWindow(w)}: no rule was judged on those answers; GETs were sent again once it was back, the checks whose POST or PUT met it are not established`,
  );
