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
 * Nothing about the cache can cost a certificate its listing: whatever goes wrong, the suite is
 * listed afresh.
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
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { CI } from '../../config/settings/index.ts';
import type { TestOutcome } from '../../run-records/check-record-reader.ts';

const require = createRequire(import.meta.url);

/** Folders that hold no source of the kit: dependencies and a run's outputs. */
const NOT_SOURCES = new Set(['node_modules', 'fei-kit-output', 'test-results']);
/** How many listings the folder keeps: the kit's files of the last few versions a user ran. */
const KEPT_LISTINGS = 8;
/** What can change a listing: code and data; tests of the kit itself are never loaded by one. */
const SOURCE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'];
const isSource = (name: string): boolean =>
  SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension)) && !name.endsWith('.test.ts');

/**
 * The folders and files the kit ships (package.json's `files`): all a listing can load. Outputs a
 * user keeps inside a clone, under whatever name, are not among them.
 */
const shippedPaths = (root: string): string[] => {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files?: unknown };
  if (!Array.isArray(files)) throw new Error('package.json lists no files');
  return files
    .filter((entry): entry is string => typeof entry === 'string' && !entry.startsWith('!'))
    .map((entry) => join(root, entry));
};

const sourceFiles = (root: string): string[] => {
  const files: string[] = [];
  const walk = (path: string, name: string): void => {
    if (name.startsWith('.') || NOT_SOURCES.has(name)) return;
    // A link is read where it points (a file, or a folder not itself reached through a link).
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isFile()) {
      if (isSource(name)) files.push(path);
    } else if (stat?.isDirectory() && !lstatSync(path).isSymbolicLink()) {
      const entries: Dirent[] = readdirSync(path, { withFileTypes: true });
      for (const entry of entries) walk(join(path, entry.name), entry.name);
    }
  };
  for (const path of shippedPaths(root)) walk(path, relative(root, path));
  return [...new Set(files)].sort();
};

const playwrightVersion = (): string => {
  try {
    return (require('@playwright/test/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
};

/**
 * The hash every kept listing is named by: the kit's files, their paths, Playwright's version, and
 * whether `CI` is set (the configuration then forbids `test.only`, which changes a listing). This
 * file and the listing's own code are among the kit's files: a change to what is kept, or how,
 * changes every name.
 */
export const listingKey = (root: string, env: NodeJS.ProcessEnv = process.env): string => {
  const hash = createHash('sha256');
  hash.update(`${playwrightVersion()}\0ci=${CI.read(env)}\0`);
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
  try {
    // The user id where the system has one (a container's numeric user has no name, still an id).
    const uid = process.geteuid?.();
    const folder = join(base, `fei-kit-cache-${uid ?? userInfo().username}`);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = lstatSync(folder);
    if (!stat.isDirectory()) return undefined;
    // Where the system has owners and modes (not Windows): ours, and writable by no one else.
    if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o022) !== 0)) return undefined;
    return folder;
  } catch {
    return undefined;
  }
};

/**
 * A kept listing, read back. It was written by this very code for these very files (its name says
 * so): only a file cut short or put there by something else is refused, and the suite listed afresh.
 */
const readKept = (file: string): TestOutcome[] | undefined => {
  try {
    const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(kept) && kept.length > 0 && kept.every((t) => typeof t?.title === 'string')
      ? (kept as TestOutcome[])
      : undefined;
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

/** The folder keeps the newest few listings: a clone whose files change often leaves no heap. */
const pruneOld = (folder: string, newest: string, kept: number): void => {
  try {
    const others = readdirSync(folder)
      .map((name) => join(folder, name))
      .filter((path) => path.endsWith('.json') && path !== newest)
      .map((path) => ({ path, at: statSync(path).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of others.slice(kept - 1)) rmSync(old.path, { force: true });
  } catch {
    // Another run pruned beside this one: nothing lost.
  }
};

/**
 * A folder of its own in the user's cache folder (for listings of another kind, pruned apart from the
 * whole suite's); undefined when the cache folder is not safely the user's.
 */
export const privateCacheSubfolder = (name: string, base: string = tmpdir()): string | undefined => {
  const parent = privateCacheFolder(base);
  if (parent === undefined) return undefined;
  const folder = join(parent, name);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return lstatSync(folder).isDirectory() ? folder : undefined;
  } catch {
    return undefined;
  }
};

export interface ListingCacheOptions {
  /** The kit whose files name the listing. */
  readonly root: string;
  /** Where listings are kept; undefined: not kept (every call lists). */
  readonly folder: string | undefined;
  /** The environment the listing is made in (process.env by default). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * What else decides the listing besides the kit's files (a filtered listing's arguments, the run's
   * mode), in one string: listings of different `variant`s are kept apart.
   */
  readonly variant?: string;
  /** How many listings the folder keeps (the last few versions of the kit's files by default). */
  readonly kept?: number;
}

/** The kept file of a listing: named by the kit's files and the listing's variant. */
const keptFile = (folder: string, key: string, variant: string | undefined): string =>
  join(
    folder,
    `${variant === undefined ? key : createHash('sha256').update(`${key}\0${variant}`).digest('hex')}.json`,
  );

/**
 * The listing `list` gives for the kit's files as they are now: the one kept for them when there is
 * one, else `list`'s, kept for the next run. A listing that could not be made is not kept.
 */
export const cachedListing = async (
  list: () => Promise<TestOutcome[] | undefined>,
  options: ListingCacheOptions,
): Promise<TestOutcome[] | undefined> => {
  const { folder, root, env = process.env, variant, kept: keptCount = KEPT_LISTINGS } = options;
  if (folder === undefined) return list();
  let key: string;
  try {
    key = listingKey(root, env);
  } catch {
    // A file that cannot be read (or vanished) names no listing: listed afresh, not kept.
    return list();
  }
  const file = keptFile(folder, key, variant);
  const kept = readKept(file);
  if (kept) return kept;
  const listed = await list();
  // Kept only if the files are still those it was named for: a file edited while Playwright listed
  // would otherwise leave the new files' listing under the old files' name.
  let unchanged = false;
  try {
    unchanged = listingKey(root, env) === key;
  } catch {
    unchanged = false;
  }
  if (listed && listed.length > 0 && unchanged) {
    keep(file, listed);
    pruneOld(folder, file, keptCount);
  }
  return listed;
};
