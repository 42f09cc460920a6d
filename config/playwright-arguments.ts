/**
 * The arguments a user may give `fei-kit conformance …`, read before anything else happens. Every
 * option of `playwright test` is in the table (playwright-options.ts) with what the kit does with it: most are passed on
 * as Playwright documents them; `--reporter` is added beside the kit's own reporters (which the
 * certificate and the reports read), never in their place; `--output` is the kit's output folder, of
 * which Playwright's own is a part; a few that need a browser or another configuration are refused. An
 * option neither Playwright nor the kit knows is refused too, in one line, before any request. The
 * reading is a sequence of steps: each word read as an option or a file filter (readOption), each option
 * checked as it is read (optionRefusal), then what Playwright is given and what the run uses (argumentsOf).
 */

import { didYouMean } from './nearest-name.ts';
import {
  CONFORMANCE_PROJECTS,
  durationMs,
  KIT_CONFORMANCE_OPTIONS,
  type OptionSpec,
  PLAYWRIGHT_TEST_OPTIONS,
  specOf,
} from './playwright-options.ts';

export {
  CONFORMANCE_PROJECTS,
  conformanceOptionHelp,
  KIT_CONFORMANCE_OPTIONS,
  PLAYWRIGHT_TEST_OPTIONS,
} from './playwright-options.ts';

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

/** One word of the command line: an option with its value, or a file filter (Playwright's positional argument). */
export type ArgumentWord = { readonly option: GivenOption } | { readonly fileFilter: string };

const unknownOption = (written: string): PlaywrightArgumentError => {
  const known = [...PLAYWRIGHT_TEST_OPTIONS, ...KIT_CONFORMANCE_OPTIONS].map((option) => option.long);
  return new PlaywrightArgumentError(
    `unknown option ${written}${didYouMean(written, known)}: \`fei-kit conformance --help\` lists the options the run takes`,
  );
};

/**
 * The option that starts at `words[index]`, with its value from `=`, from the same word (`-j1`) or
 * from the next word, and the index of the word after it. A flag written with the short options after
 * it (`-xj1`) is split in `words`, as Playwright's parser reads it.
 */
export const readOption = (words: string[], index: number): { option: GivenOption; next: number } => {
  let argument = words[index] as string;
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
  if (!spec) throw unknownOption(written);
  const value = attached?.value ?? (equals === -1 ? undefined : argument.slice(equals + 1));
  const following = words[index + 1];
  const takesFollowing =
    value === undefined &&
    spec.value !== 'none' &&
    following !== undefined &&
    (spec.value === 'required' || !following.startsWith('-'));
  return {
    option: { spec, written, value: takesFollowing ? following : value },
    next: index + (takesFollowing ? 2 : 1),
  };
};

/** Why `--project`'s value names no project of the conformance run, or undefined. */
const projectRefusal = (value: string): string | undefined => {
  const unknown = value
    .split(',')
    .find((name) => !CONFORMANCE_PROJECTS.some((project) => projectPattern(name).test(project)));
  return unknown === undefined
    ? undefined
    : `--project "${unknown}" names no project of the conformance run (${CONFORMANCE_PROJECTS.join(', ')})`;
};

/**
 * Why the run refuses an option as given, in one line, or undefined: a value where it takes none, none
 * where it needs one, help asked for inside other words, an option not for the conformance run, or (with
 * `checkValues`) a value its check refuses.
 */
export const optionRefusal = (
  { spec, written, value }: GivenOption,
  checkValues: boolean,
): string | undefined => {
  if (spec.value === 'none' && value !== undefined)
    return `option ${written} takes no value (given "${value}")`;
  if (spec.value === 'required' && value === undefined) return `option ${written} needs a value`;
  // A whole word `-h` or `--help` is the command's help, answered before the arguments are read
  // (cli/runner.ts): one here came with other flags (`-xh`) or after `--`.
  if (spec.handling.kind === 'help')
    return `option ${written} asks for help: \`fei-kit conformance --help\` gives it, as a word of its own`;
  if (spec.handling.kind === 'refuse')
    return `option ${written} is not for the conformance run: ${spec.handling.why}`;
  if (!checkValues || value === undefined) return undefined;
  const wrong = spec.check?.(value);
  if (wrong) return `option ${written} "${value}" is not ${wrong}`;
  return spec.long === '--project' ? projectRefusal(value) : undefined;
};

/**
 * The command line as words, each option read and checked in turn, so that the first wrong word is the
 * one reported. What follows `--` (`fei-kit conformance --list -- --grep @auth`) is read as Playwright
 * reads its options, never taken for file filters.
 */
export const readWords = (args: readonly string[], checkValues: boolean): ArgumentWord[] => {
  const words = [...args];
  const read: ArgumentWord[] = [];
  let index = 0;
  while (index < words.length) {
    const argument = words[index] as string;
    if (argument === '--') index += 1;
    else if (!argument.startsWith('-') || argument === '-') {
      read.push({ fileFilter: argument });
      index += 1;
    } else {
      const { option, next } = readOption(words, index);
      const refusal = optionRefusal(option, checkValues);
      if (refusal) throw new PlaywrightArgumentError(refusal);
      read.push({ option });
      index = next;
    }
  }
  return read;
};

/** The kit's own options, which Playwright never sees. */
const KIT_HANDLED = new Set(['output', 'report', 'deviations', 'openapi']);

/**
 * What Playwright is given for one word: a file filter as is, an option under its long name (Playwright
 * reads `-g=@auth` as the pattern "=@auth", where `--grep=@auth` is the pattern "@auth"), a reporter
 * as `--add-reporter`, a duration in ms; nothing for the kit's own options.
 */
export const playwrightWordOf = (word: ArgumentWord): string | undefined => {
  if ('fileFilter' in word) return word.fileFilter;
  const { spec, value } = word.option;
  if (KIT_HANDLED.has(spec.handling.kind)) return undefined;
  if (spec.handling.kind === 'reporter') return `--add-reporter=${value}`;
  if (value === undefined) return spec.long;
  return `${spec.long}=${spec.duration ? (durationMs(value) ?? value) : value}`;
};

/** The arguments as the run uses them, from the words read. */
export const argumentsOf = (words: readonly ArgumentWord[]): PlaywrightArguments => {
  const options = words.flatMap((word) => ('option' in word ? [word.option] : []));
  const fileFilters = words.flatMap((word) => ('fileFilter' in word ? [word.fileFilter] : []));
  const given = (long: string): GivenOption[] => options.filter((option) => option.spec.long === long);
  const ofKind = (kind: string): GivenOption[] =>
    options.filter((option) => option.spec.handling.kind === kind);
  return {
    forPlaywright: words.flatMap((word) => playwrightWordOf(word) ?? []),
    options,
    fileFilters,
    list: given('--list').length > 0,
    reporters: ofKind('reporter')
      .flatMap((option) => (option.value ?? '').split(','))
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    filters: [
      ...ofKind('filter').map((option) =>
        option.value === undefined ? option.written : `${option.written} ${option.value}`,
      ),
      ...fileFilters.map((filter) => `file filter ${filter}`),
    ],
    passWithNoTests: given('--pass-with-no-tests').length > 0,
    output: given('--output').at(-1)?.value,
    report: given('--report').length > 0,
    deviations: given('--deviations').at(-1)?.value,
    openapi: given('--openapi').at(-1)?.value,
  };
};

/**
 * Reads the arguments; throws PlaywrightArgumentError with one line on an unknown or malformed one.
 * `checkValues: false` reads a past run's arguments, whose files may be gone, without judging them.
 */
export const readPlaywrightArguments = (
  args: readonly string[],
  { checkValues = true }: { readonly checkValues?: boolean } = {},
): PlaywrightArguments => argumentsOf(readWords(args, checkValues));
