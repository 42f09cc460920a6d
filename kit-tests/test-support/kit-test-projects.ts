/**
 * Prints, as one JSON object, how playwright.kit.config.ts deals out the kit tests: its projects as the
 * quick command and npm test load it (KIT_TESTS_QUICK set as each sets it, which the config reads as
 * it loads), and the test files of each of npm test's projects as Playwright's runner selects them.
 * Run as a process of its own from the kit's folder (kit-tests/test-selection.test.ts): the config
 * reads its setting once, when it loads.
 *
 * The files come from the runner's own file collection, the one `playwright test` runs before it loads
 * the files it selected (the test server's `listFiles`, which editors' Playwright extensions use): a
 * listing of the tests (`--list`) would load every file it lists, and their imports, seconds of CPU
 * that say nothing more about which project runs a file.
 */
import { createRequire } from 'node:module';

interface FileSuite {
  readonly title: string;
}
interface ProjectSuite {
  readonly title: string;
  readonly suites: readonly FileSuite[];
}
interface ListingReporter {
  version(): 'v2';
  onBegin(root: { readonly suites: readonly ProjectSuite[] }): void;
  onError(error: { readonly message?: string }): void;
}
/** The part of `playwright/lib/runner` used here (the package ships no types for it). */
interface PlaywrightRunner {
  readonly testRunner: {
    readonly TestRunner: new (
      configLocation: unknown,
      overrides: Record<string, never>,
    ) => {
      listFiles(reporter: ListingReporter, projects: readonly string[]): Promise<{ status: string }>;
    };
  };
}
interface PlaywrightCommon {
  readonly configLoader: { resolveConfigLocation(configFile: string): unknown };
}

const CONFIG = 'playwright.kit.config.ts';
const require = createRequire(import.meta.url);

/** The config's projects, loaded with KIT_TESTS_QUICK as the given command sets it. */
const projectsOf = async (command: 'quick' | 'whole'): Promise<{ name: string }[]> => {
  process.env.KIT_TESTS_QUICK = command === 'quick' ? 'true' : 'false';
  // A query of its own: each load evaluates the config afresh.
  const load = new URL(`../../${CONFIG}?${command}`, import.meta.url);
  const { default: config } = await import(load.href);
  return config.projects;
};

/** Each project's test files, relative to the kit's folder, as npm test's runner selects them. */
const filesOfProjects = async (): Promise<Record<string, string[]>> => {
  process.env.KIT_TESTS_QUICK = 'false';
  const { testRunner } = require('playwright/lib/runner') as PlaywrightRunner;
  const { configLoader } = require('playwright/lib/common') as PlaywrightCommon;
  const files: Record<string, string[]> = {};
  const errors: string[] = [];
  const reporter: ListingReporter = {
    version: () => 'v2',
    onBegin: (root) => {
      for (const project of root.suites)
        files[project.title] = project.suites.map((file) => file.title.replaceAll('\\', '/')).sort();
    },
    onError: (error) => errors.push(error.message ?? String(error)),
  };
  const runner = new testRunner.TestRunner(configLoader.resolveConfigLocation(CONFIG), {});
  const { status } = await runner.listFiles(reporter, []);
  if (status !== 'passed' || errors.length > 0)
    throw new Error(`the runner could not list the kit tests' files (${status}): ${errors.join('; ')}`);
  return files;
};

const projects = { quick: await projectsOf('quick'), whole: await projectsOf('whole') };
// A pattern as its source, so that two projects compare by what they match.
const asText = (_key: string, value: unknown) => (value instanceof RegExp ? String(value) : value);
process.stdout.write(JSON.stringify({ projects, files: await filesOfProjects() }, asText));
