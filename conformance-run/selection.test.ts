/** The part of the suite a run's filters select, as the plan and the worker count read it. */
import { tmpdir } from 'node:os';
import { readPlaywrightArguments } from '../config/playwright-arguments.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { TestOutcome } from '../run-records/check-record-reader.ts';
import { selectionListingVariant, selectionOf, unlistedSelectionLine } from './selection.ts';

const check = (file: string, project = 'conformance'): TestOutcome =>
  ({ title: file, fullTitle: file, file, project }) as unknown as TestOutcome;

const WHOLE = [
  check('auth.spec.ts'),
  check('auth.spec.ts'),
  check('validation.spec.ts'),
  check('validation.spec.ts'),
  check('properties/events.spec.ts'),
  check('properties/isolation.spec.ts'),
  check('rate-limit.spec.ts', 'ratelimit'),
  check('rate-limit.spec.ts', 'ratelimit'),
];

test('SELECTION: shares by kind of check; the rate-limit checks of a file are one group', () => {
  const selected = [WHOLE[0], WHOLE[4], WHOLE[6], WHOLE[7]] as TestOutcome[];
  expect(selectionOf(selected, WHOLE)).toEqual({
    checks: 4,
    groups: 3,
    otherShare: 0.25,
    propertyShare: 0.5,
    rateLimit: true,
    rateLimitGroups: 1,
    propertyChecks: 1,
  });
  expect(selectionOf([WHOLE[2]] as TestOutcome[], WHOLE)).toMatchObject({ groups: 1, rateLimit: false });
});

test("SELECTION: a filtered run whose selection could not be listed says its plan is the whole suite's; a listed or unfiltered one says nothing", () => {
  expect(unlistedSelectionLine(['--grep @readonly'], undefined)).toBe(
    "plan: the checks selected by --grep @readonly could not be listed beforehand: the plan below is the whole suite's, the most they can select",
  );
  expect(unlistedSelectionLine([], undefined)).toBeUndefined();
  expect(unlistedSelectionLine(['--grep @readonly'], { selected: [] })).toBeUndefined();
});

test("SELECTION: a filtered listing is kept under its arguments and the run's mode; filters that read more than that are listed afresh", () => {
  const embedded = { kind: 'embedded', readOnly: false } as const;
  const variant = (argv: string[], mode: { kind: 'embedded' | 'remote'; readOnly: boolean } = embedded) =>
    selectionListingVariant(readPlaywrightArguments(argv), mode);
  const auth = variant(['--grep', '@auth']);
  expect(auth).toBeDefined();
  expect(variant(['--grep=@auth'])).toBe(auth);
  expect(variant(['-g', '@auth'])).toBe(auth);
  // Reporters and the output folder do not change what is listed.
  expect(variant(['--grep', '@auth', '--reporter', 'dot', '--output', tmpdir()])).toBe(auth);
  for (const other of [
    variant(['--grep', '@readonly']),
    variant(['--grep', '@auth', '--grep-invert', 'GET']),
    variant(['--grep', '@auth', '--repeat-each', '2']),
    variant(['--grep', '@auth'], { kind: 'remote', readOnly: false }),
    variant(['--grep', '@auth'], { kind: 'remote', readOnly: true }),
  ])
    expect(other).not.toBe(auth);
  expect(variant(['--grep', '@auth', '--last-failed'])).toBeUndefined();
  expect(variant(['--only-changed'])).toBeUndefined();
});
