/**
 * The whole suite's listing, kept between runs. A certificate of a filtered run needs it (to tell a
 * rule no check covers from one whose checks were filtered out), and listing it starts a Playwright
 * process that loads the whole suite: about a second of CPU, as much as the run's own worker. The
 * listing changes only with the kit's own files, so it is kept under a name that is a hash of every
 * one of them (its configuration, suites, catalog and the code they load) and of Playwright's version:
 * a listing is read back only by a kit whose files are byte for byte those it was made from.
 *
 * The folder is the user's own, under the system's temporary folder; one that another user could
 * write to is not used, and then every certificate lists the suite afresh, as without the cache.
 */
import { createHash } from 'node:crypto';
import {
  type Dirent,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { z } from 'zod';
import type { TestOutcome } from './test-outcomes.ts';

const require = createRequire(import.meta.url);

/** Folders that hold no source of the kit: dependencies and a run's outputs. */
const NOT_SOURCES = new Set(['node_modules', 'fei-kit-output', 'test-results']);
/** What can change a listing: code and data; tests of the kit itself are never loaded by one. */
const SOURCE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'];
const isSource = (name: string): boolean =>
  SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension)) && !name.endsWith('.test.ts');

/** Bumped when what is kept, or how its name is made, changes. */
const CACHE_FORMAT = 'suite-listing-1';

const sourceFiles = (root: string): string[] => {
  const files: string[] = [];
  const walk = (folder: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || NOT_SOURCES.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && isSource(entry.name)) files.push(path);
    }
  };
  walk(root);
  return files.sort();
};

const playwrightVersion = (): string => {
  try {
    return (require('@playwright/test/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
};

/** The hash every kept listing is named by: the kit's files, their paths, and Playwright's version. */
export const listingKey = (root: string): string => {
  const hash = createHash('sha256');
  hash.update(`${CACHE_FORMAT}\0${playwrightVersion()}\0`);
  for (const file of sourceFiles(root)) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
};

/** The user's own folder under the temporary one; undefined when it is not safely theirs. */
export const privateCacheFolder = (base: string = tmpdir()): string | undefined => {
  const user = userInfo();
  const folder = join(base, `fei-kit-cache-${user.uid >= 0 ? user.uid : user.username}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = lstatSync(folder);
    if (!stat.isDirectory()) return undefined;
    // Where the system has owners and modes (not Windows): ours, and writable by no one else.
    if (user.uid >= 0 && (stat.uid !== user.uid || (stat.mode & 0o022) !== 0)) return undefined;
    return folder;
  } catch {
    return undefined;
  }
};

const keptOutcome = z.object({
  title: z.string(),
  fullTitle: z.string(),
  file: z.string(),
  project: z.string(),
  ruleIds: z.array(z.string()),
  tags: z.array(z.string()),
  status: z.enum(['passed', 'failed', 'skipped', 'flaky']),
  reasons: z.array(z.string()),
  skipKinds: z.array(z.string()),
  violations: z.array(z.unknown()),
  attempts: z.number(),
});

const readKept = (file: string): TestOutcome[] | undefined => {
  try {
    const parsed = z
      .array(keptOutcome.loose())
      .min(1)
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? (parsed.data as unknown as TestOutcome[]) : undefined;
  } catch {
    return undefined;
  }
};

const keep = (file: string, listing: readonly TestOutcome[]): void => {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, JSON.stringify(listing), { mode: 0o600 });
    // Whole or not at all: a run beside this one reads either no file or this one.
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
};

export interface ListingCacheOptions {
  /** The kit whose files name the listing. */
  readonly root: string;
  /** Where listings are kept; undefined: not kept (every call lists). */
  readonly folder: string | undefined;
}

/**
 * The listing `list` gives for the kit's files as they are now: the one kept for them when there is
 * one, else `list`'s, kept for the next run. A listing that could not be made is not kept.
 */
export const cachedListing = async (
  list: () => Promise<TestOutcome[] | undefined>,
  options: ListingCacheOptions,
): Promise<TestOutcome[] | undefined> => {
  if (options.folder === undefined) return list();
  const file = join(options.folder, `${listingKey(options.root)}.json`);
  const kept = readKept(file);
  if (kept) return kept;
  const listed = await list();
  if (listed && listed.length > 0) keep(file, listed);
  return listed;
};
