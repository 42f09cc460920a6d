/**
 * The checks that look again at the end of the run carry this tag: the `second-look` project of the
 * conformance configuration runs them after every other check (Playwright's teardown of the
 * `conformance` project, which runs whatever the checks before it found), and the `conformance`
 * project leaves them out.
 *
 * Playwright runs a teardown project in full, whatever `--grep` says; the project's own filter
 * therefore carries the run's `--grep` and `--grep-invert`, so that a run filtered to some checks
 * looks again only where its filter reaches.
 */
export const SECOND_LOOK_TAG = '@second-look';
export const SECOND_LOOK_PROJECT = 'second-look';

/** A pattern as Playwright's command line reads it: `/source/flags`, or the text, case-insensitive. */
const patternOf = (written: string): { source: string; caseless: boolean } => {
  const match = /^\/(.*)\/([gi]*)$/.exec(written);
  return match
    ? { source: match[1] ?? '', caseless: (match[2] ?? '').includes('i') }
    : { source: written, caseless: true };
};

/** The value of the last `--name value` or `--name=value` among the arguments, for any of `names`. */
const lastValue = (argv: readonly string[], names: readonly string[]): string | undefined => {
  let value: string | undefined;
  argv.forEach((argument, index) => {
    if (names.includes(argument)) value = argv[index + 1];
    for (const name of names) if (argument.startsWith(`${name}=`)) value = argument.slice(name.length + 1);
  });
  return value;
};

/**
 * The second look's filters: its tag (and @readonly where only those run), and the run's own
 * `--grep` and `--grep-invert` from Playwright's arguments.
 */
export const secondLookFilters = (
  argv: readonly string[],
  readOnly: boolean,
): { grep: RegExp; grepInvert?: RegExp } => {
  const grep = lastValue(argv, ['--grep', '-g']);
  const invert = lastValue(argv, ['--grep-invert']);
  const user = grep === undefined ? undefined : patternOf(grep);
  const required = [SECOND_LOOK_TAG, ...(readOnly ? ['@readonly'] : []), ...(user ? [user.source] : [])];
  const flags = user && !user.caseless ? '' : 'i';
  const inverted = invert === undefined ? undefined : patternOf(invert);
  return {
    grep: new RegExp(required.map((pattern) => `(?=.*(?:${pattern}))`).join(''), flags),
    ...(inverted ? { grepInvert: new RegExp(inverted.source, inverted.caseless ? 'i' : '') } : {}),
  };
};
