/**
 * The kit as a package another project installs: `npm pack`, then an empty project outside the
 * repository installs the tarball without the network (its dependencies from npm's cache, pinned by
 * the kit's own lockfile), once for all its tests, and runs the kit from its own folder as its users
 * do: `npx fei-kit conformance` against the reference server, the reference server itself with the
 * conformance run pointed at it through the project's .env, and `npx fei-kit certify-client -- node
 * <its client>` twice in one folder. Every output lands in the project's folder, none inside
 * node_modules. The conformance runs are slices of the suite (a `--grep`): these tests are about the
 * installed kit and where it writes; the verdicts of every check are the whole runs' elsewhere. On a Node line the kit's
 * `engines` names, the install is engine-strict, as a project that sets `engine-strict=true` installs
 * it: a dependency that refuses the line fails the test there (kit-tests/node-lines.sh runs it on each).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KIT_ROOT, kitCommandArguments } from '../utilities/kit-root.ts';
import { expect, test } from './test-support/kit-test.ts';
import { expectFreshOutputs, type FolderWrites, runWriting } from './test-support/run-twice.ts';

interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
  readonly [key: string]: unknown;
}

const PACKAGE = JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  engines: { node: string };
};

/**
 * Whether `version` (`v24.21.0`) is in the kit's `engines` range, written as caret alternatives
 * (`^22.12.0 || ^24.0.0`): on a line outside it (a machine's older default) the install only warns.
 */
const supportsNode = (range: string, version: string): boolean => {
  const numbers = (text: string): number[] => text.replace(/^[v^]/, '').split('.').map(Number);
  const [major, minor = 0, patch = 0] = numbers(version);
  return range.split('||').some((alternative) => {
    const [wantMajor, wantMinor = 0, wantPatch = 0] = numbers(alternative.trim());
    return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
  });
};

test('PACKAGE: the engines range reads as npm reads it, for the lines the kit supports', () => {
  expect(PACKAGE.engines.node).toBe('^22.12.0 || ^24.0.0 || ^26.0.0');
  const supported = ['v22.12.0', 'v22.23.3', 'v24.21.0', 'v26.12.1'];
  const outside = ['v20.20.2', 'v22.11.0', 'v23.5.0', 'v25.1.0', 'v27.0.0'];
  expect(supported.filter((version) => !supportsNode(PACKAGE.engines.node, version))).toEqual([]);
  expect(outside.filter((version) => supportsNode(PACKAGE.engines.node, version))).toEqual([]);
});

let work: string;
let project: string;
let tarball: string;

/**
 * The project's lockfile: the kit from the tarball, and the kit's own runtime dependencies as its
 * lockfile pins them, so that `npm ci --offline` takes each from npm's cache and asks no registry.
 */
const lockfileFor = (tarballSpec: string): object => {
  const kitLock = JSON.parse(readFileSync(join(KIT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  // Installed packages only: the kit's own workspaces (and their links) are not part of its package.
  const runtime = Object.entries(kitLock.packages).filter(
    ([path, entry]) => path.startsWith('node_modules/') && !entry.dev && !entry.link,
  );
  return {
    name: 'a-project',
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'a-project', version: '1.0.0', devDependencies: { [PACKAGE.name]: tarballSpec } },
      [`node_modules/${PACKAGE.name}`]: {
        version: PACKAGE.version,
        resolved: tarballSpec,
        dev: true,
        dependencies: PACKAGE.dependencies,
        engines: PACKAGE.engines,
        bin: { 'fei-kit': 'bin/fei-kit.mjs' },
      },
      ...Object.fromEntries(runtime.map(([path, entry]) => [path, { ...entry, dev: true }])),
    },
  };
};

/** `npx fei-kit …` in the project, with the project's folder as the working folder. */
const npx = (args: readonly string[], env: Record<string, string> = {}) =>
  spawnSync('npx', ['--no-install', 'fei-kit', ...args], {
    cwd: project,
    env: { PATH: process.env.PATH, HOME: work, KIT_IGNORE_DOTENV: 'false', ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(240_000);
  work = mkdtempSync(join(tmpdir(), 'kit-package-'));
  project = join(work, 'a-project');
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: KIT_ROOT,
    encoding: 'utf8',
  });
  tarball = join(work, (JSON.parse(packed) as { filename: string }[])[0]?.filename ?? '');
  execFileSync('mkdir', ['-p', project]);
  const spec = `file:${tarball}`;
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'a-project', version: '1.0.0', private: true, devDependencies: { [PACKAGE.name]: spec } }, null, 2)}\n`,
  );
  writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify(lockfileFor(spec), null, 2)}\n`);
  execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: project,
    env: {
      ...process.env,
      npm_config_offline: 'true',
      npm_config_engine_strict: String(supportsNode(PACKAGE.engines.node, process.version)),
    },
    stdio: 'pipe',
    timeout: 200_000,
  });
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('PACKAGE: the tarball holds the tool and its docs, not the kit’s own tests', () => {
  const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  for (const file of [
    'bin/fei-kit.mjs',
    'cli/main.ts',
    'playwright.config.ts',
    'action.yml',
    'README.md',
    'CHANGELOG.md',
    'LICENSE',
    'docs/commands.md',
    'suites/auth.spec.ts',
  ])
    expect(listing, file).toContain(`package/${file}`);
  expect(listing.filter((f) => f.endsWith('.test.ts'))).toEqual([]);
  expect(listing.filter((f) => f.includes('/test-support/'))).toEqual([]);
  expect(listing.filter((f) => f.includes('fei-kit-output'))).toEqual([]);
});

test('PACKAGE: installed offline, `npx fei-kit --version` and --help answer from the project', () => {
  const version = npx(['--version']);
  expect(version.status, version.stderr).toBe(0);
  expect(version.stdout.trim()).toBe(PACKAGE.version);
  const help = npx(['conformance', '--help']);
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('Usage: fei-kit conformance');
});

test('PACKAGE: `npx fei-kit conformance --reporter html` checks the reference server and leaves its certificate, its JUnit and Playwright’s report in the project’s output folder, nothing under node_modules', () => {
  test.setTimeout(300_000);
  // A slice of the suite: what this proves is where an installed kit's run writes, not the verdicts.
  const run = npx(['conformance', '--grep', 'AUTH-TOKEN-MISSING: GET', '--reporter', 'html']);
  expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-3000)).toBe(0);
  const output = join(project, 'fei-kit-output');
  expect(existsSync(join(output, 'certificate', 'certificate.md'))).toBe(true);
  expect(existsSync(join(output, 'conformance', 'junit.xml'))).toBe(true);
  expect(existsSync(join(output, 'playwright-report', 'index.html'))).toBe(true);
  expect(run.stdout).toContain('`npx playwright show-report fei-kit-output/playwright-report`');
  const installed = join(project, 'node_modules', PACKAGE.name);
  expect(
    readdirSync(installed).filter((name) =>
      /output|test-results|\.reference|^(playwright-report|blob-report)$/.test(name),
    ),
  ).toEqual([]);
});

test('PACKAGE: `npx fei-kit conformance --list` shows every check at the file:line:col a clone shows', () => {
  test.setTimeout(240_000);
  /** `[project] › <file>:<line>:<col> › title`, the file without its folder (the two are listed from different folders). */
  const located = (output: string): string[] =>
    output
      .split('\n')
      .filter((line) => /^\s*\[\w+\] › /.test(line))
      .map((line) => line.trim().replace(/^(\[\w+\]) › (?:\S*\/)?([^/\s]+:\d+:\d+) ›/, '$1 $2 ›'))
      .sort();
  const installed = npx(['conformance', '--list']);
  expect(installed.status, installed.stderr).toBe(0);
  const clone = spawnSync(process.execPath, kitCommandArguments(['conformance', '--list']), {
    cwd: work,
    env: { PATH: process.env.PATH, HOME: work, KIT_IGNORE_DOTENV: 'true' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(clone.status, clone.stderr).toBe(0);
  const lines = located(installed.stdout);
  expect(lines.length).toBeGreaterThan(100);
  // Compiled code put every check on line 1 (`auth.spec.ts:1:3350`): none may be there.
  expect(lines.filter((line) => /\.spec\.ts:1:\d+ ›/.test(line))).toEqual([]);
  expect(lines).toEqual(located(clone.stdout));
  // Nothing but the listing: no warning of an experimental or deprecated API on stderr.
  expect(installed.stderr).not.toMatch(/Warning/);
});

test('PACKAGE: the worked example of docs/client-certification.md certifies in an installed project, night after night: the second run replaces the first whole', async () => {
  test.setTimeout(300_000);
  const guide = readFileSync(join(KIT_ROOT, 'docs', 'client-certification.md'), 'utf8');
  const line = /^npx fei-kit (certify-client -- node node_modules\/\S+)$/m.exec(guide)?.[1];
  expect(line, 'the guide’s command for an installed kit').toBeDefined();
  // Twice in one folder, as a nightly certification runs it: the same exit, the same files, each afresh.
  const folder = join(project, 'client-run');
  const nights: FolderWrites[] = [];
  for (const night of [1, 2]) {
    const written = await runWriting(folder, () =>
      npx((line ?? '').split(' '), { KIT_OUTPUT_DIR: 'client-run' }),
    );
    const { run } = written;
    expect(run.status, `night ${night}: ${run.stdout}\n${run.stderr}`.slice(-3000)).toBe(0);
    expect(run.stderr).toContain('CERTIFIED: the client keeps every client rule it exercised');
    nights.push(written);
  }
  const [first, second] = nights;
  expect(first?.written.length, 'the files of the first night').toBeGreaterThan(0);
  if (first && second) expectFreshOutputs(folder, first, second);
  const certificate = join(folder, 'client-certificate', 'client-certificate.md');
  expect(readFileSync(certificate, 'utf8')).toContain('CERTIFIED');
});

test('PACKAGE: the reference server starts from the project, the run follows the project’s .env to it, and it stops', async () => {
  test.setTimeout(300_000);
  // The bin npx runs, started directly so that the signal reaches the kit and not npm in between.
  const bin = join(project, 'node_modules', '.bin', 'fei-kit');
  const server: ChildProcess = spawn(
    process.execPath,
    [bin, 'reference', '--port', '0', '--credentials-file', '.env'],
    {
      cwd: project,
      env: { PATH: process.env.PATH, HOME: work },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<string>((resolve) =>
    server.on('exit', (code, signal) => resolve(`${code ?? signal}`)),
  );
  try {
    const deadline = Date.now() + 120_000;
    while (!/Ctrl\+C stops it/.test(output) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(readFileSync(join(project, '.env'), 'utf8')).toMatch(
      /^TARGET_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/m,
    );
    const run = npx(['conformance', '--grep', 'RETRIEVE-UNKNOWN-404: GET of an unknown uuid'], {
      KIT_OUTPUT_DIR: 'against-env',
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-3000)).toBe(0);
    expect(run.stdout).toMatch(/conformance: target http:\/\/127\.0\.0\.1:\d+ \(sandbox\)/);
    expect(existsSync(join(project, 'against-env', 'certificate', 'certificate.md'))).toBe(true);
  } finally {
    server.kill('SIGTERM');
  }
  expect(await exited, output).toBe('0');
});
