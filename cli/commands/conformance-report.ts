/**
 * `npm run conformance:report [-- <playwright arguments>]`: the conformance run (which ends by writing
 * the certificate), then the Allure report, in one command. Exits with the run's code: 1 for a
 * deviation, 5 for drift from KIT_BASELINE (with KIT_FAIL_ON_DRIFT=true), 2/3 when the run could not
 * happen, 7/8/9 the kit failed (then no report is built from older results); when the run passed but
 * the report could not be built, with the report's code (7).
 */
import { spawn } from 'node:child_process';
import { EXIT } from '../../config/index.ts';
import { buildReport } from '../../reports/allure/build-report.ts';
import { KIT_ROOT } from '../../run-records/kit-root.ts';

const runConformance = (args: readonly string[]): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/commands/conformance.ts', ...args], {
      cwd: KIT_ROOT,
      stdio: 'inherit',
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', forward).once('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : EXIT.kitFailure));
    });
  });

const main = async (): Promise<number> => {
  const code = await runConformance(process.argv.slice(2));
  // A deviation or drift from the baseline is what a report is for; 2, 3, 4: the run could not happen.
  if (code !== EXIT.ok && code !== EXIT.deviation && code !== EXIT.drift) {
    process.stdout.write(`report: not built: the conformance run could not happen (exit ${code})\n`);
    return code;
  }
  const report = await buildReport();
  return code !== EXIT.ok ? code : report.code;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stdout.write(`report: KIT FAILURE: internal error: ${(error as Error).message}\n`);
    process.exit(EXIT.kitFailure);
  },
);
