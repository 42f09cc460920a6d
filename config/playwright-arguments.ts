/**
 * The arguments a user may give `fei-kit conformance …`, read before anything else happens. Every
 * option of `playwright test` is in the table below with what the kit does with it: most are passed on
 * as Playwright documents them; `--reporter` is added beside the kit's own reporters (which the
 * certificate and the reports read), never in their place; `--output` is the kit's output folder, of
 * which Playwright's own is a part; a few that need a browser or another configuration are refused. An
 * option neither Playwright nor the kit knows is refused too, in one line, before any request. A kit
 * test keeps the table equal to `playwright test --help`.
 */

import { existsSync } from 'node:fs';
import { CONTRACT_VARIABLES, DURATION_FORMS, parseDuration, parseWholeNumber } from '../contract/index.ts';
import { didYouMean } from './nearest-name.ts';

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

interface OptionSpec {
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
const durationMs = (value: string): number | undefined => (value.trim() === '0' ? 0 : parseDuration(value));

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

export class PlaywrightArgumentError extends Error {}

export interface GivenOption {
  readonly spec: OptionSpec;
  /** As the user wrote it (`--grep`, `-g`). */
  readonly written: string;
  readonly value: string | undefined;
}

export interface PlaywrightArguments {
  /** What to pass to `playwright test`, the user's reporters turned into `--add-reporter`. */
  readonly forPlaywright: readonly string[];
  readonly options: readonly GivenOption[];
  /** File filters (Playwright's positional arguments). */
  readonly fileFilters: readonly string[];
  readonly list: boolean;
  /** The user's reporters, comma lists split. */
  readonly reporters: readonly string[];
  /** The filters as a person reads them (`--grep @auth`, `file filter auth`); empty: the whole suite. */
  readonly filters: readonly string[];
  readonly passWithNoTests: boolean;
  /** `--output <dir>`: the kit's output folder, which must be writable. */
  readonly output: string | undefined;
  /** `--report`: build the Allure report after the run. */
  readonly report: boolean;
  /** `--deviations <file>`: the provider's declared deviations. */
  readonly deviations: string | undefined;
  /** `--openapi <file>`: the provider's own OpenAPI description. */
  readonly openapi: string | undefined;
}

const specOf = (written: string): OptionSpec | undefined =>
  [...PLAYWRIGHT_TEST_OPTIONS, ...KIT_CONFORMANCE_OPTIONS].find(
    (spec) => spec.long === written || spec.short === written,
  );

/** `-j1`: a short option that takes a value, and its value in the same word. */
const attachedShortValue = (argument: string): { written: string; value: string } | undefined => {
  if (argument.startsWith('--') || argument.length <= 2) return undefined;
  const spec = specOf(argument.slice(0, 2));
  return spec && spec.value !== 'none' && spec.short === argument.slice(0, 2)
    ? { written: argument.slice(0, 2), value: argument.slice(2) }
    : undefined;
};

/**
 * `-xj1`: a flag written together with the short options after it, as Playwright's parser reads them.
 * The flag, and the rest of the word as an argument of its own (`-j1`).
 */
const combinedShortFlag = (argument: string): { written: string; rest: string } | undefined => {
  if (argument.startsWith('--') || argument.length <= 2) return undefined;
  const written = argument.slice(0, 2);
  const spec = specOf(written);
  if (spec?.value !== 'none') return undefined;
  // `-x-` would end the options in Playwright's reading and the kit's reading would go on: refused.
  if (argument[2] === '-')
    throw new PlaywrightArgumentError(`unknown option ${argument}: write ${written} and -- apart`);
  return { written, rest: `-${argument.slice(2)}` };
};

const projectPattern = (name: string): RegExp =>
  new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');

/**
 * Reads the arguments; throws PlaywrightArgumentError with one line on an unknown or malformed one.
 * `checkValues: false` reads a past run's arguments, whose files may be gone, without judging them.
 */
export const readPlaywrightArguments = (
  args: readonly string[],
  { checkValues = true }: { readonly checkValues?: boolean } = {},
): PlaywrightArguments => {
  const options: GivenOption[] = [];
  const fileFilters: string[] = [];
  const forPlaywright: string[] = [];
  const words = [...args];
  for (let index = 0; index < words.length; index += 1) {
    let argument = words[index] as string;
    // `fei-kit conformance --list -- --grep @auth`: what follows `--` goes to Playwright, read as
    // Playwright reads its options, never taken for file filters.
    if (argument === '--') continue;
    if (!argument.startsWith('-') || argument === '-') {
      fileFilters.push(argument);
      forPlaywright.push(argument);
      continue;
    }
    const combined = combinedShortFlag(argument);
    if (combined) {
      words.splice(index + 1, 0, combined.rest);
      argument = combined.written;
    }
    const equals = argument.startsWith('--') ? argument.indexOf('=') : -1;
    // A short option's value may follow it in the same word, as Playwright reads them (`-j1`, `-g@auth`).
    const attached = attachedShortValue(argument);
    const written = attached?.written ?? (equals === -1 ? argument : argument.slice(0, equals));
    const spec = specOf(written);
    if (!spec) {
      const known = [...PLAYWRIGHT_TEST_OPTIONS, ...KIT_CONFORMANCE_OPTIONS].map((option) => option.long);
      throw new PlaywrightArgumentError(
        `unknown option ${written}${didYouMean(written, known)}: \`fei-kit conformance --help\` lists the options the run takes`,
      );
    }
    let value: string | undefined =
      attached?.value ?? (equals === -1 ? undefined : argument.slice(equals + 1));
    const next = words[index + 1];
    if (value === undefined && spec.value !== 'none' && next !== undefined) {
      if (spec.value === 'required' || !next.startsWith('-')) {
        value = next;
        index += 1;
      }
    }
    if (spec.value === 'none' && value !== undefined) {
      throw new PlaywrightArgumentError(`option ${written} takes no value (given "${value}")`);
    }
    if (spec.value === 'required' && value === undefined) {
      throw new PlaywrightArgumentError(`option ${written} needs a value`);
    }
    // A whole word `-h` or `--help` is the command's help, answered before the arguments are read
    // (cli/runner.ts): one here came with other flags (`-xh`) or after `--`.
    if (spec.handling.kind === 'help') {
      throw new PlaywrightArgumentError(
        `option ${written} asks for help: \`fei-kit conformance --help\` gives it, as a word of its own`,
      );
    }
    if (spec.handling.kind === 'refuse') {
      throw new PlaywrightArgumentError(
        `option ${written} is not for the conformance run: ${spec.handling.why}`,
      );
    }
    const wrong = checkValues && value !== undefined ? spec.check?.(value) : undefined;
    if (wrong) throw new PlaywrightArgumentError(`option ${written} "${value}" is not ${wrong}`);
    if (checkValues && spec.long === '--project' && value !== undefined) {
      for (const name of value.split(',')) {
        if (!CONFORMANCE_PROJECTS.some((project) => projectPattern(name).test(project))) {
          throw new PlaywrightArgumentError(
            `--project "${name}" names no project of the conformance run (${CONFORMANCE_PROJECTS.join(', ')})`,
          );
        }
      }
    }
    options.push({ spec, written, value });
    if (
      spec.handling.kind === 'output' ||
      spec.handling.kind === 'report' ||
      spec.handling.kind === 'deviations' ||
      spec.handling.kind === 'openapi'
    )
      continue;
    // Passed on under the long name: Playwright reads `-g=@auth` as the pattern "=@auth", where
    // `--grep=@auth` is the pattern "@auth".
    if (spec.handling.kind === 'reporter') {
      forPlaywright.push(`--add-reporter=${value}`);
    } else if (value === undefined) {
      forPlaywright.push(spec.long);
    } else if (spec.duration) {
      forPlaywright.push(`${spec.long}=${durationMs(value) ?? value}`);
    } else {
      forPlaywright.push(`${spec.long}=${value}`);
    }
  }
  const given = (long: string): GivenOption[] => options.filter((option) => option.spec.long === long);
  return {
    forPlaywright,
    options,
    fileFilters,
    list: given('--list').length > 0,
    reporters: options
      .filter((option) => option.spec.handling.kind === 'reporter')
      .flatMap((option) => (option.value ?? '').split(','))
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    filters: [
      ...options
        .filter((option) => option.spec.handling.kind === 'filter')
        .map((option) => (option.value === undefined ? option.written : `${option.written} ${option.value}`)),
      ...fileFilters.map((filter) => `file filter ${filter}`),
    ],
    passWithNoTests: given('--pass-with-no-tests').length > 0,
    output: given('--output').at(-1)?.value,
    report: given('--report').length > 0,
    deviations: given('--deviations').at(-1)?.value,
    openapi: given('--openapi').at(-1)?.value,
  };
};

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
