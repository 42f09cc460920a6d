/**
 * How a conformance run ends, from its certificate and what happened to it: the loud lines about
 * declared deviations and unanswered requests, and the exit code (config/exit-codes.ts) with the one
 * line that says why, for every case but a clean pass.
 */
import { EXIT, readTargetContract } from '../config/index.ts';
import { type Certificate, describeUnanswered } from '../reports/certificate/certificate.ts';
import {
  acceptanceText,
  type DeclarationEntry,
  type DeclarationStatus,
} from '../reports/certificate/declarations.ts';
import { readRunStop } from '../run-records/run-stop.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { throttledTenantCount, throttleLine } from './throttle-line.ts';

/** Loud lines about the provider's declared deviations: which occurred, which no longer occur, which expired. */
export const declarationLines = (certificate: Certificate | undefined): string[] => {
  const report = certificate?.declaredDeviations;
  if (!report) return [];
  const lineOf: Record<DeclarationStatus, (entry: DeclarationEntry) => string> = {
    occurs: (entry) =>
      `DECLARED DEVIATION: ${entry.rule} failed as declared (${acceptanceText(entry)}): it does not fail the run`,
    'no-longer-occurs': (entry) =>
      `DECLARED DEVIATION NO LONGER OCCURS: ${entry.rule} passed in this run: remove it from ${report.file} (it fails nothing)`,
    expired: (entry) =>
      `DECLARATION EXPIRED: ${entry.rule}'s declaration ended on ${entry.until}: a failure of it counts as any other deviation`,
    'not-judged': (entry) =>
      `declared deviation ${entry.rule}: not judged in this run (its rule reads ${entry.verdict})`,
  };
  return report.entries.map((entry) => lineOf[entry.status](entry));
};

/** Most unanswered requests named one a line; the rest are in the certificate. */
const UNANSWERED_LINES = 10;

/** A loud line for each request the target never answered, while it answered others. */
export const unansweredLines = (certificate: Certificate | undefined): string[] => {
  const unanswered = certificate?.unanswered ?? [];
  const lines = unanswered
    .slice(0, UNANSWERED_LINES)
    .map((u) => `UNANSWERED: ${describeUnanswered(u)}: the check did not run, its rules are not established`);
  if (unanswered.length > UNANSWERED_LINES)
    lines.push(`UNANSWERED: ${unanswered.length - UNANSWERED_LINES} more, listed in the certificate`);
  return lines;
};

/**
 * Whether a paced tenant's 429s are explained by a deviation the run found: with RATE-LIMIT-PER-TENANT
 * broken (tenants that share one count), a paced tenant (A or B, never the rate-limit tenant) that had
 * sent under half its contract limit in the window before its 429 met the count the rate-limit tenant
 * spent; that is the deviation's effect, not a contract whose limit is set too high.
 */
export const throttleExplainedByDeviation = (
  certificate: Certificate | undefined,
  throttled: {
    /** As the stop names it (a client of no configured tenant has a name of its own). */
    readonly tenant: string;
    readonly name: string;
    readonly sent: number;
    readonly limit: { readonly requestsPerWindow: number };
  },
): boolean =>
  (throttled.name === 'A' || throttled.name === 'B') &&
  throttled.tenant === throttled.name &&
  throttled.sent < throttled.limit.requestsPerWindow / 2 &&
  (certificate?.rules.some((rule) => rule.id === 'RATE-LIMIT-PER-TENANT' && rule.verdict === 'failed') ??
    false);

const failedRules = (certificate: Certificate): string =>
  certificate.rules
    .filter((rule) => rule.verdict === 'failed')
    .map((rule) => rule.id)
    .join(', ');

/**
 * The run's exit code, from what happened to it and from its certificate: an interruption, a stop
 * (the target went away, a tenant was throttled), a deviation, a budget breach, an incomplete run.
 * Each case but a clean pass is said in one line. A run in which Playwright saw a check fail never
 * exits 0, whatever the certificate made of it.
 */
export const exitCodeOfRun = (
  playwright: { readonly signal: NodeJS.Signals | undefined; readonly code: number },
  certificate: Certificate | undefined,
  budgetBreached: boolean,
  say: SayLine,
  fail: SayLine,
): number => {
  const { signal } = playwright;
  if (signal) {
    fail(`INTERRUPTED (${signal}): the certificate says "incomplete: interrupted"; what ran is kept`);
    return signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
  }
  const paths = outputPaths();
  const stop = readRunStop(paths.runStop);
  const throttled =
    stop?.reason === 'throttled'
      ? throttledTenantCount(stop, paths.requestStats, readTargetContract())
      : undefined;
  if (throttled && certificate && throttleExplainedByDeviation(certificate, throttled)) {
    say(
      `DEVIATION: the target broke ${failedRules(certificate)}; the run stopped at tenant ${throttled.tenant}'s 429 after ${throttled.sent} requests of its own in the window, which the count it shares explains`,
    );
    return EXIT.deviation;
  }
  if (throttled) {
    fail(throttleLine(throttled));
    return EXIT.throttled;
  }
  if (stop) {
    fail(stop.line);
    return EXIT.couldNotRun;
  }
  if (!certificate) {
    fail(
      'KIT FAILURE: no certificate could be written (the line above says why): the kit failed, not the target',
    );
    return EXIT.kitFailure;
  }
  if (certificate.outcome === 'deviation-found') {
    say(`DEVIATION: the target broke ${failedRules(certificate)}`);
    return EXIT.deviation;
  }
  if (budgetBreached) {
    fail(
      'THROTTLED: a paced tenant met 429s outside the rate-limit checks: its real limit is below the contract (see the request counts above)',
    );
    return EXIT.throttled;
  }
  if (certificate.kitFaults.length > 0) {
    fail(`KIT FAILURE: ${certificate.outcomeText}`);
    return EXIT.kitFailure;
  }
  if (certificate.outcome === 'incomplete') {
    fail(`COULD NOT RUN FULLY: ${certificate.outcomeText}`);
    return EXIT.couldNotRun;
  }
  // Every failed check is explained above (a deviation, a kit fault, a request left unanswered, a stop)
  // or by a declared deviation; a failure nothing explains still keeps the run from passing.
  const declared = certificate.rules.some((rule) => rule.verdict === 'declared');
  if (playwright.code !== 0 && !declared) {
    const failedChecks = certificate.totals.tests.failed + certificate.totals.tests.flaky;
    fail(
      `COULD NOT RUN FULLY: Playwright ended with exit ${playwright.code} (${failedChecks} failed check${failedChecks === 1 ? '' : 's'}), though no rule's violation was recorded: a pass is only what the run saw (the lines above say which)`,
    );
    return EXIT.couldNotRun;
  }
  return EXIT.ok;
};
