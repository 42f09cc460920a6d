/**
 * The options `fei-kit conformance` takes, as data: every option of `playwright test` with what the
 * kit does with it (passed on, a filter, a reporter added beside the kit's own, refused with why), the
 * kit's own options beside them, the checks of their values, and what --help says of each. The
 * reading of a command line against this table is playwright-arguments.ts. A kit test keeps the table
 * equal to `playwright test --help`.
 */
import { existsSync } from 'node:fs';
import { CONTRACT_VARIABLES, DURATION_FORMS, parseDuration, parseWholeNumber } from '../contract/index.ts';

/** What the kit does with an option. */
type Handling =
  | { readonly kind: 'pass' }
  /** Narrows the run to part of the suite: the certificate lists it among the filters. */
  | { readonly kind: 'filter' }
  /** The user's reporters, added beside the kit's own. */
  | { readonly kind: 'reporter' }
  /** Lists the checks instead of running them. */
  | { readonly kind: 'list' }
  /** Answered by the command runner before the arguments are read (cli/runner.ts). */
  | { readonly kind: 'help' }
  /** The kit's output folder (KIT_OUTPUT_DIR): Playwright's own goes inside it. */
  | { readonly kind: 'output' }
  /** The kit's own: build the Allure report after the run. */
  | { readonly kind: 'report' }
  /** The kit's own: the file of the provider's declared deviations. */
  | { readonly kind: 'deviations' }
  /** The kit's own: the provider's own OpenAPI description. */
  | { readonly kind: 'openapi' }
  | { readonly kind: 'refuse'; readonly why: string };

export interface OptionSpec {
  readonly long: string;
  /** What --help says of it, for the options the kit treats otherwise than Playwright. */
  readonly text?: string;
  readonly short?: string;
  /** `none`: a flag; `required`: `--x v` or `--x=v`; `optional`: the next word unless it is an option. */
  readonly value: 'none' | 'required' | 'optional';
  readonly handling: Handling;
  /** Checks a value; returns why it is wrong, or undefined. */
  readonly check?: (value: string) => string | undefined;
  /** A duration as the kit writes them all (`30s`, `2m`, plain seconds), given to Playwright in ms. */
  readonly duration?: true;
}

const PASS: Handling = { kind: 'pass' };
const FILTER: Handling = { kind: 'filter' };
const NO_BROWSER: Handling = {
  kind: 'refuse',
  why: 'the conformance checks are API tests and start no browser',
};

const wholeNumber =
  (least: number) =>
  (value: string): string | undefined =>
    parseWholeNumber(value, { min: least }) !== undefined ? undefined : `a whole number of at least ${least}`;

/** Playwright's time-outs in milliseconds, from the kit's one way of writing a duration; 0: no limit. */
export const durationMs = (value: string): number | undefined =>
  value.trim() === '0' ? 0 : parseDuration(value);

const DURATION_TEXT = `${DURATION_FORMS}; 0 for none`;

const duration = (value: string): string | undefined =>
  durationMs(value) === undefined ? DURATION_TEXT : undefined;

const regularExpression = (value: string): string | undefined => {
  try {
    new RegExp(value);
    return undefined;
  } catch (error) {
    return `a regular expression (${(error as Error).message})`;
  }
};

const shard = (value: string): string | undefined => {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const current = Number(match?.[1]);
  const total = Number(match?.[2]);
  return match && current >= 1 && current <= total ? undefined : '"current/all", 1-based, for example 1/3';
};

const existingFile = (value: string): string | undefined =>
  existsSync(value) ? undefined : 'a file that exists';

const workers = (value: string): string | undefined =>
  /^\d+%?$/.test(value) && Number.parseInt(value, 10) >= 1
    ? undefined
    : 'a number of workers (at least 1) or a percentage of the cores';

export const PLAYWRIGHT_TEST_OPTIONS: readonly OptionSpec[] = [
  { long: '--add-reporter', value: 'required', handling: { kind: 'reporter' } },
  { long: '--browser', value: 'required', handling: NO_BROWSER },
  {
    long: '--config',
    short: '-c',
    value: 'required',
    handling: {
      kind: 'refuse',
      why: 'the conformance run has its own configuration (playwright.config.ts); run `npx playwright test -c <file>` for another',
    },
  },
  { long: '--debug', value: 'optional', handling: NO_BROWSER },
  { long: '--fail-on-flaky-tests', value: 'none', handling: PASS },
  { long: '--forbid-only', value: 'none', handling: PASS },
  { long: '--fully-parallel', value: 'none', handling: PASS },
  { long: '--grep', short: '-g', value: 'required', handling: FILTER, check: regularExpression },
  { long: '--grep-invert', short: '-G', value: 'required', handling: FILTER, check: regularExpression },
  {
    long: '--global-timeout',
    value: 'required',
    handling: PASS,
    check: duration,
    duration: true,
    text: `the whole run's time limit: ${DURATION_TEXT} (Playwright's, which counts in ms)`,
  },
  { long: '--headed', value: 'none', handling: NO_BROWSER },
  { long: '--ignore-snapshots', value: 'none', handling: PASS },
  { long: '--workers', short: '-j', value: 'required', handling: PASS, check: workers },
  { long: '--last-failed', value: 'none', handling: FILTER },
  { long: '--last-failed-file', value: 'required', handling: PASS },
  { long: '--list', value: 'none', handling: { kind: 'list' } },
  { long: '--max-failures', value: 'required', handling: PASS, check: wholeNumber(0) },
  { long: '--no-deps', value: 'none', handling: PASS },
  { long: '--only-changed', value: 'optional', handling: FILTER },
  {
    long: '--output',
    value: 'required',
    handling: { kind: 'output' },
    text: "the output folder of the run's every file (KIT_OUTPUT_DIR; Playwright's own is its conformance/test-results)",
  },
  { long: '--pass-with-no-tests', value: 'none', handling: PASS },
  { long: '--project', value: 'required', handling: FILTER },
  { long: '--quiet', value: 'none', handling: PASS },
  { long: '--repeat-each', value: 'required', handling: PASS, check: wholeNumber(1) },
  { long: '--reporter', value: 'required', handling: { kind: 'reporter' } },
  { long: '--retries', value: 'required', handling: PASS, check: wholeNumber(0) },
  { long: '--run-agents', value: 'required', handling: NO_BROWSER },
  { long: '--shard', value: 'required', handling: FILTER, check: shard },
  { long: '--shuffle', value: 'optional', handling: PASS },
  { long: '--test-list', value: 'required', handling: FILTER, check: existingFile },
  { long: '--test-list-invert', value: 'required', handling: FILTER, check: existingFile },
  {
    long: '--timeout',
    value: 'required',
    handling: PASS,
    check: duration,
    duration: true,
    text: `each check's time limit: ${DURATION_TEXT} (Playwright's, which counts in ms)`,
  },
  { long: '--trace', value: 'required', handling: PASS },
  { long: '--tsconfig', value: 'required', handling: PASS, check: existingFile },
  { long: '--update-snapshots', short: '-u', value: 'optional', handling: PASS },
  { long: '--ui', value: 'none', handling: NO_BROWSER },
  { long: '--ui-host', value: 'required', handling: NO_BROWSER },
  { long: '--ui-port', value: 'required', handling: NO_BROWSER },
  { long: '--update-source-method', value: 'required', handling: PASS },
  // `-x` is Playwright's `--max-failures=1`: it has no long name of its own.
  { long: '-x', value: 'none', handling: PASS },
  { long: '--help', short: '-h', value: 'none', handling: { kind: 'help' } },
];

/** The kit's own options of the conformance run, beside Playwright's. */
export const KIT_CONFORMANCE_OPTIONS: readonly OptionSpec[] = [
  {
    long: '--report',
    value: 'none',
    handling: { kind: 'report' },
    text: 'build the Allure report after the run (what `fei-kit report` does)',
  },
  {
    long: '--deviations',
    value: 'required',
    handling: { kind: 'deviations' },
    check: existingFile,
    text: "the file of the deviations the provider declares (docs/declared-deviations.md; the contract's variable for it)",
  },
  {
    long: '--openapi',
    value: 'required',
    handling: { kind: 'openapi' },
    check: existingFile,
    text: `the provider's own OpenAPI description: a listing it adds is walked with the paging it declares (${CONTRACT_VARIABLES.providerDescription})`,
  },
];

/** The projects of the conformance configuration (playwright.config.ts), for `--project`. */
export const CONFORMANCE_PROJECTS = Object.freeze(['ratelimit', 'conformance', 'second-look'] as const);

export const specOf = (written: string): OptionSpec | undefined =>
  [...PLAYWRIGHT_TEST_OPTIONS, ...KIT_CONFORMANCE_OPTIONS].find(
    (spec) => spec.long === written || spec.short === written,
  );
/** What `fei-kit conformance --help` says of each option: what the kit does with it. */
export const conformanceOptionHelp = (): readonly (readonly [string, string])[] =>
  [...KIT_CONFORMANCE_OPTIONS, ...PLAYWRIGHT_TEST_OPTIONS]
    .filter((spec) => spec.handling.kind !== 'help')
    .map((spec) => {
      const flags = `${spec.short ? `${spec.short}, ` : ''}${spec.long}${spec.value === 'required' ? ' <value>' : spec.value === 'optional' ? ' [value]' : ''}`;
      const what =
        spec.text ??
        (spec.handling.kind === 'refuse'
          ? `refused: ${spec.handling.why}`
          : spec.long === '--reporter'
            ? "replaces the kit's console reporter (list), as in Playwright; the reporters that write what the certificate, the report and CI read stay"
            : spec.handling.kind === 'reporter'
              ? "added beside the kit's own reporters (the certificate reads those)"
              : spec.handling.kind === 'list'
                ? 'lists the checks; runs nothing, writes no certificate'
                : 'as `npx playwright test --help` documents it');
      return [flags, what] as const;
    });
