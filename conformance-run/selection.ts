/**
 * The checks a run's filters select, listed before anything starts (no server, no request): a filter
 * that selects nothing is refused then, and the plan and the worker count are those of the checks
 * that will run, not of the whole suite.
 */
import { join } from 'node:path';
import { mayWrite } from '../config/index.ts';
import type { PlaywrightArguments } from '../config/playwright-arguments.ts';
import { listSuite, wholeSuiteListing } from '../reports/certificate/suite-listing.ts';
import { cachedListing, privateCacheSubfolder } from '../reports/certificate/suite-listing-cache.ts';
import type { TestOutcome } from '../run-records/check-record-reader.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import type { TargetContract } from './run-inputs.ts';

/** Which part of the suite a run selects, as the plan counts it. */
export interface Selection {
  readonly checks: number;
  /** The groups Playwright hands to workers: each check alone, the rate-limit checks a file at a time. */
  readonly groups: number;
  /** The share of the checks other than properties and rate-limit checks. */
  readonly otherShare: number;
  /** The share of the property checks. */
  readonly propertyShare: number;
  /** Whether any rate-limit check runs. */
  readonly rateLimit: boolean;
  /** The groups of rate-limit checks: one a file. */
  readonly rateLimitGroups: number;
  /** The property checks among the groups, each a group of its own. */
  readonly propertyChecks: number;
}

const RATE_LIMIT_PROJECT = 'ratelimit';
const isProperty = (check: TestOutcome): boolean => /(^|\/)properties\//.test(check.file);
const isRateLimit = (check: TestOutcome): boolean => check.project === RATE_LIMIT_PROJECT;
const isOther = (check: TestOutcome): boolean => !isProperty(check) && !isRateLimit(check);

/** The selected checks' share of the whole suite's, by kind (pure, for the plan). */
export const selectionOf = (selected: readonly TestOutcome[], whole: readonly TestOutcome[]): Selection => {
  const share = (test: (check: TestOutcome) => boolean): number => {
    const all = whole.filter(test).length;
    return all === 0 ? 0 : Math.min(1, selected.filter(test).length / all);
  };
  const rateLimitFiles = new Set(selected.filter(isRateLimit).map((check) => check.file));
  return {
    checks: selected.length,
    groups: selected.filter((check) => !isRateLimit(check)).length + rateLimitFiles.size,
    otherShare: share(isOther),
    propertyShare: share(isProperty),
    rateLimit: rateLimitFiles.size > 0,
    rateLimitGroups: rateLimitFiles.size,
    propertyChecks: selected.filter((check) => isProperty(check) && !isRateLimit(check)).length,
  };
};

/** What in the run's environment shapes its listing: `playwright.config.ts` reads the contract for it. */
export interface ListingMode {
  /** The target's kind: the reference server or a deployment. */
  readonly kind: 'embedded' | 'remote';
  /** Only @readonly checks run (production without ALLOW_PRODUCTION_WRITES). */
  readonly readOnly: boolean;
}

/** The mode of a run's listing, from its target contract. */
export const listingModeOf = (contract: TargetContract): ListingMode => ({
  kind: contract.kind,
  readOnly: contract.kind === 'remote' && !mayWrite(contract.target),
});

/**
 * Options whose listing depends on more than the kit's files and the arguments' text: the last run's
 * failures (a file in the output folder), the files git sees changed, a file of tests or a tsconfig
 * whose content may change under the same name. Their listing is never kept.
 */
const UNKEPT_OPTIONS = new Set([
  '--last-failed',
  '--only-changed',
  '--test-list',
  '--test-list-invert',
  '--tsconfig',
]);

/** The arguments the selection is listed with: the run's own, but its reporters and output. */
const listingArguments = (args: PlaywrightArguments): string[] => [
  ...args.forPlaywright.filter(
    (argument) => !argument.startsWith('--add-reporter=') && !argument.startsWith('--output'),
  ),
  '--pass-with-no-tests',
];

/**
 * What, besides the kit's files (and `CI`, which the kept listing's name holds), decides the listing
 * of a filtered run: its arguments and its mode; undefined when a filter reads more (never kept).
 */
export const selectionListingVariant = (args: PlaywrightArguments, mode: ListingMode): string | undefined =>
  args.options.some((option) => UNKEPT_OPTIONS.has(option.spec.long))
    ? undefined
    : JSON.stringify({ arguments: listingArguments(args), kind: mode.kind, readOnly: mode.readOnly });

/** Filtered listings are many (one per filter and mode): kept apart from the whole suite's, more of them. */
const KEPT_SELECTIONS = 64;

/**
 * The checks the arguments select (`playwright test --list`), as the run sees the suite; undefined if
 * it cannot tell. Given the run's mode, kept between runs like the whole suite's listing, for the same
 * kit files, arguments and mode: a filtered run then starts no second Playwright process. Without a
 * mode, listed afresh.
 */
export const listSelected = (
  args: PlaywrightArguments,
  mode?: ListingMode,
): Promise<TestOutcome[] | undefined> => {
  const list = () =>
    listSuite(process.env, 60_000, join(KIT_ROOT, 'playwright.config.ts'), listingArguments(args), true);
  const variant = mode && selectionListingVariant(args, mode);
  if (variant === undefined) return list();
  return cachedListing(list, {
    root: KIT_ROOT,
    folder: privateCacheSubfolder('selections'),
    variant,
    kept: KEPT_SELECTIONS,
  });
};

/**
 * The checks the arguments select, as the run will see them (its target, production's read-only
 * mode), and their share of the whole suite; undefined when the arguments select the whole suite or
 * the listing could not be had (the run then says what it always said).
 */
export const selectedChecks = async (
  args: PlaywrightArguments,
  mode: ListingMode,
): Promise<{ readonly selected: readonly TestOutcome[]; readonly selection?: Selection } | undefined> => {
  if (args.filters.length === 0) return undefined;
  const selected = await listSelected(args, mode);
  if (selected === undefined) return undefined;
  const whole = await wholeSuiteListing();
  return { selected, ...(whole ? { selection: selectionOf(selected, whole) } : {}) };
};

/**
 * The plan line of a filtered run whose selection could not be listed (the listing failed or ran out
 * of time, as on a machine too busy to list the suite within its time): the plan that follows is then
 * the whole suite's, the most the filters can select, and says so rather than pass for the selection's.
 */
export const unlistedSelectionLine = (
  filters: readonly string[],
  chosen: Awaited<ReturnType<typeof selectedChecks>>,
): string | undefined =>
  filters.length > 0 && chosen === undefined
    ? `plan: the checks selected by ${filters.join(', ')} could not be listed beforehand: the plan below is the whole suite's, the most they can select`
    : undefined;
