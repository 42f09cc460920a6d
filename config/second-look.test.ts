/** Kit tests of the second look's filters: its tag, @readonly in production, and the run's own --grep. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { secondLookFilters } from './second-look.ts';

const title = (text: string) => `second-look added-operations.spec.ts ${text}`;

test("SECOND LOOK: its tag alone, with @readonly where only those run, and the run's --grep and --grep-invert", () => {
  const listing = title(
    'ISOLATION-LISTING: no event shows in two listings @isolation @readonly @second-look',
  );
  const versions = title('ISOLATION-GET: versions (end of the run) @isolation @second-look');
  const first = title('ISOLATION-LISTING: a listing @isolation');
  const all = secondLookFilters(['node', 'playwright', 'test'], false);
  expect([listing, versions, first].map((t) => all.grep.test(t))).toEqual([true, true, false]);
  expect(all.grepInvert).toBeUndefined();
  const readOnly = secondLookFilters([], true);
  expect([listing, versions].map((t) => readOnly.grep.test(t))).toEqual([true, false]);
  // Playwright reads a plain pattern case-insensitively, /…/ with its own flags.
  for (const argv of [
    ['--grep', 'isolation-listing'],
    ['-g', 'ISOLATION-LISTING'],
    ['--grep=/ISOLATION-LISTING/'],
  ]) {
    const filtered = secondLookFilters(argv, false);
    expect(
      [listing, versions].map((t) => filtered.grep.test(t)),
      argv.join(' '),
    ).toEqual([true, false]);
  }
  expect(secondLookFilters(['--grep=/isolation-listing/'], false).grep.test(listing)).toBe(false);
  const inverted = secondLookFilters(['--grep-invert', 'versions'], false);
  expect([listing, versions].map((t) => inverted.grepInvert?.test(t))).toEqual([false, true]);
});
