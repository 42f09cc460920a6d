/**
 * A run that checked nothing, told apart from one that ran checks: Playwright ended without its
 * results (the kit failed), or the filters selected no check (the arguments are wrong, unless
 * --pass-with-no-tests asked for that to pass).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { JSONReport } from '@playwright/test/reporter';
import { EXIT } from '../config/index.ts';
import type { PlaywrightArguments } from '../config/playwright-arguments.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { listSelected } from './selection.ts';

/**
 * The exit code of a run that checked nothing, or undefined when it ran checks: Playwright ended
 * without its results (the kit failed), or the filters selected no check (the arguments are wrong,
 * unless --pass-with-no-tests asked for that to pass). Which of the two is told by listing the checks
 * the filters select, not by reading Playwright's messages.
 */
export const unrunVerdict = async (
  resultsFile: string,
  playwrightCode: number,
  args: PlaywrightArguments,
  say: SayLine,
  fail: SayLine,
): Promise<number | undefined> => {
  const report = readReport(resultsFile);
  if (!report) {
    fail(
      `KIT FAILURE: Playwright ended (exit ${playwrightCode}) without writing its results to ${resultsFile}: the kit failed, not the target; the lines above say why`,
    );
    return EXIT.kitFailure;
  }
  const stats = report.stats;
  const tests = stats ? stats.expected + stats.unexpected + stats.flaky + stats.skipped : 0;
  if (tests > 0) return undefined;
  const filters = args.filters.length > 0 ? args.filters.join(', ') : undefined;
  const selected = await countSelected(args);
  if (selected !== 0) {
    fail(
      `KIT FAILURE: Playwright ended (exit ${playwrightCode}) without running any of the ${selected ?? 'selected'} checks: the kit failed, not the target; the lines above say why`,
    );
    return EXIT.kitFailure;
  }
  if (args.passWithNoTests) {
    say(
      `no check selected${filters ? ` by ${filters}` : ''} (--pass-with-no-tests): nothing was checked, no certificate written`,
    );
    return EXIT.ok;
  }
  if (filters) {
    fail(`NO CHECK SELECTED: ${filters} matches no check of the suite; nothing was checked`);
    return EXIT.badConfiguration;
  }
  fail('KIT FAILURE: the run found no check to run at all; the lines above say why');
  return EXIT.kitFailure;
};

/** How many checks the arguments select (`playwright test --list`), or undefined if it cannot tell. */
const countSelected = async (args: PlaywrightArguments): Promise<number | undefined> =>
  (await listSelected(args))?.length;

const readReport = (path: string): JSONReport | undefined => {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as JSONReport;
  } catch {
    return undefined;
  }
};
