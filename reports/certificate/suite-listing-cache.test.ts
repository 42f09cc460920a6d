/**
 * The whole suite's listing kept between runs: read back only for the very files it was made from,
 * never from a folder another user could write to, never a file that is not a listing; and what it
 * gives is what Playwright lists.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { TestOutcome } from '../../run-records/check-record-reader.ts';
import { listSuite, wholeSuiteListing } from './suite-listing.ts';
import {
  cachedListing,
  listingKey,
  privateCacheFolder,
  privateCacheSubfolder,
} from './suite-listing-cache.ts';

const outcome = (title: string): TestOutcome => ({
  testId: undefined,
  title,
  fullTitle: title,
  file: 'a.spec.ts',
  project: 'conformance',
  ruleIds: ['VAL-AMOUNT-POSITIVE'],
  tags: [],
  status: 'skipped',
  reasons: [],
  skipKinds: [],
  error: undefined,
  violations: [],
  inconclusive: undefined,
  notRun: undefined,
  runAgain: undefined,
  judged: [],
  attempts: 0,
});

/** A kit of two source files, and a listing function that counts its calls. */
const fixture = () => {
  const root = mkdtempSync(join(tmpdir(), 'fei-listing-root-'));
  // What the kit ships: the folders a listing can load.
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ files: ['suites/', 'oracle/', 'docs/', 'playwright.config.ts', '!**/*.test.ts'] }),
  );
  mkdirSync(join(root, 'suites'));
  writeFileSync(join(root, 'suites', 'a.spec.ts'), "test('VAL-AMOUNT-POSITIVE: one', () => {});\n");
  writeFileSync(join(root, 'playwright.config.ts'), 'export default {};\n');
  const folder = mkdtempSync(join(tmpdir(), 'fei-listing-kept-'));
  const calls: string[] = [];
  const list = (title: string) => async () => {
    calls.push(title);
    return [outcome(title)];
  };
  return { root, folder, calls, list };
};

test('LISTING CACHE: listed once for the same files, again when a file changes', async () => {
  const { root, folder, calls, list } = fixture();
  expect(await cachedListing(list('first'), { root, folder })).toEqual(
    [outcome('first')].map(withoutUndefined),
  );
  expect(await cachedListing(list('second'), { root, folder })).toEqual([withoutUndefined(outcome('first'))]);
  expect(calls).toEqual(['first']);
  writeFileSync(join(root, 'suites', 'a.spec.ts'), "test('VAL-AMOUNT-POSITIVE: renamed', () => {});\n");
  expect((await cachedListing(list('third'), { root, folder }))?.[0]?.title).toBe('third');
  expect(calls).toEqual(['first', 'third']);
});

test('LISTING CACHE: the key is every source file the kit ships and its path; outputs, dependencies and kit tests are not', () => {
  const { root } = fixture();
  // Keys made without CI, whatever the environment these tests run in.
  const keyOf = (env: NodeJS.ProcessEnv = {}) => listingKey(root, env);
  const key = keyOf();
  for (const [folder, name] of [
    ['node_modules/zod', 'index.js'],
    ['fei-kit-output/kit', 'results.json'],
    ['test-results', 'x.json'],
    ['suites', 'a.test.ts'],
    ['suites/node_modules/x', 'index.js'],
    ['.git', 'HEAD.json'],
    ['docs', 'notes.md'],
    // A user's outputs in the clone, under a name of their own.
    ['my-run', 'results.json'],
  ] as const) {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, name), 'anything\n');
  }
  expect(keyOf()).toBe(key);
  mkdirSync(join(root, 'oracle'));
  writeFileSync(join(root, 'oracle', 'rules.json'), '{}\n');
  const withData = keyOf();
  expect(withData).not.toBe(key);
  // The same bytes under another name are another kit.
  const moved = join(root, 'oracle', 'rules.json');
  writeFileSync(moved.replace('rules', 'other'), '{}\n');
  const renamed = keyOf();
  expect(renamed).not.toBe(withData);
  // With CI set the configuration forbids test.only: another listing.
  expect(keyOf({ CI: 'true' })).not.toBe(renamed);
  // A file the kit reaches through a link is read where it points.
  writeFileSync(join(root, 'elsewhere.ts'), 'export const a = 1;\n');
  symlinkSync(join(root, 'elsewhere.ts'), join(root, 'suites', 'linked.ts'));
  const linked = keyOf();
  expect(linked).not.toBe(renamed);
  writeFileSync(join(root, 'elsewhere.ts'), 'export const a = 2;\n');
  expect(keyOf()).not.toBe(linked);
});

test('LISTING CACHE: a file edited while the suite is listed keeps that listing out; an unreadable kit lists afresh', async () => {
  const { root, folder, calls } = fixture();
  const editing = async () => {
    calls.push('edited meanwhile');
    writeFileSync(join(root, 'suites', 'a.spec.ts'), "test('VAL-AMOUNT-POSITIVE: two', () => {});\n");
    return [outcome('made from the old files')];
  };
  await cachedListing(editing, { root, folder });
  expect(readdirSync(folder)).toEqual([]);
  // No package.json to say what the kit ships: no name for a listing, every call lists, none throws.
  const bare = mkdtempSync(join(tmpdir(), 'fei-listing-bare-'));
  const listed = async () => [outcome('fresh')];
  expect((await cachedListing(listed, { root: bare, folder }))?.[0]?.title).toBe('fresh');
  expect(readdirSync(folder)).toEqual([]);
});

test('LISTING CACHE: the folder keeps the newest few listings', async () => {
  const { root, folder, list } = fixture();
  for (let version = 0; version < 11; version += 1) {
    writeFileSync(join(root, 'suites', 'a.spec.ts'), `test('VAL-AMOUNT-POSITIVE: ${version}', () => {});\n`);
    await cachedListing(list(`v${version}`), { root, folder });
  }
  expect(readdirSync(folder).length).toBe(8);
  expect((await cachedListing(list('again'), { root, folder }))?.[0]?.title).toBe('v10');
});

test('LISTING CACHE: listings of other variants (a filter, a mode) are kept apart, each read back for its own; the folder keeps as many as asked', async () => {
  const { root, folder, calls, list } = fixture();
  const options = (variant: string) => ({ root, folder, variant, kept: 3 });
  expect((await cachedListing(list('auth'), options('--grep @auth')))?.[0]?.title).toBe('auth');
  expect((await cachedListing(list('readonly'), options('--grep @readonly')))?.[0]?.title).toBe('readonly');
  expect((await cachedListing(list('whole'), { root, folder }))?.[0]?.title).toBe('whole');
  expect((await cachedListing(list('again'), options('--grep @auth')))?.[0]?.title).toBe('auth');
  expect((await cachedListing(list('again'), options('--grep @readonly')))?.[0]?.title).toBe('readonly');
  expect((await cachedListing(list('again'), { root, folder }))?.[0]?.title).toBe('whole');
  expect(calls).toEqual(['auth', 'readonly', 'whole']);
  // A changed file names every variant anew.
  writeFileSync(join(root, 'suites', 'a.spec.ts'), "test('VAL-AMOUNT-POSITIVE: renamed', () => {});\n");
  expect((await cachedListing(list('auth, renamed'), options('--grep @auth')))?.[0]?.title).toBe(
    'auth, renamed',
  );
  expect(readdirSync(folder).length).toBe(3);
});

test('LISTING CACHE: a folder of its own for other listings, inside the user’s', () => {
  const base = mkdtempSync(join(tmpdir(), 'fei-listing-base-'));
  const sub = privateCacheSubfolder('selections', base);
  expect(sub).toBe(join(privateCacheFolder(base) as string, 'selections'));
  test.skip(process.platform === 'win32', 'owners and modes are POSIX');
  chmodSync(privateCacheFolder(base) as string, 0o777);
  expect(privateCacheSubfolder('selections', base)).toBeUndefined();
});

test('LISTING CACHE: a kept file that is not a listing is listed afresh and replaced; a failed listing is not kept', async () => {
  const { root, folder, calls, list } = fixture();
  writeFileSync(join(folder, `${listingKey(root)}.json`), '{"not":"a listing"}');
  expect((await cachedListing(list('fresh'), { root, folder }))?.[0]?.title).toBe('fresh');
  expect((await cachedListing(list('again'), { root, folder }))?.[0]?.title).toBe('fresh');
  const empty = fixture();
  const failed = async () => {
    empty.calls.push('failed');
    return undefined;
  };
  expect(await cachedListing(failed, { root: empty.root, folder: empty.folder })).toBeUndefined();
  expect(await cachedListing(failed, { root: empty.root, folder: empty.folder })).toBeUndefined();
  expect(empty.calls).toEqual(['failed', 'failed']);
  expect(readdirSync(empty.folder)).toEqual([]);
  expect(calls).toEqual(['fresh']);
  // No folder: listed every time.
  const none = fixture();
  await cachedListing(none.list('a'), { root: none.root, folder: undefined });
  await cachedListing(none.list('b'), { root: none.root, folder: undefined });
  expect(none.calls).toEqual(['a', 'b']);
});

test('LISTING CACHE: the folder is the user’s own; one others can write to is not used', () => {
  test.skip(process.platform === 'win32', 'owners and modes are POSIX');
  const base = mkdtempSync(join(tmpdir(), 'fei-listing-base-'));
  const folder = privateCacheFolder(base);
  expect(folder).toBeDefined();
  chmodSync(folder as string, 0o777);
  expect(privateCacheFolder(base)).toBeUndefined();
  chmodSync(folder as string, 0o700);
  expect(privateCacheFolder(base)).toBe(folder);
});

test('LISTING CACHE: the kept listing of the suite is the one Playwright gives', async () => {
  test.setTimeout(120_000);
  const fresh = await listSuite(process.env, 110_000);
  expect(fresh?.length).toBeGreaterThan(100);
  // Twice: the second, at least, is read back from the folder.
  await wholeSuiteListing(process.env, 110_000);
  expect(await wholeSuiteListing(process.env, 110_000)).toEqual(fresh?.map(withoutUndefined));
});

/** As a listing reads back from JSON: a field without a value is absent. */
function withoutUndefined(value: TestOutcome): TestOutcome {
  return JSON.parse(JSON.stringify(value)) as TestOutcome;
}
