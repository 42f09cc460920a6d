/**
 * Every Playwright argument a user gives `fei-kit conformance …` either works as Playwright
 * documents it, or is refused in one line before any request; and the exit code says 1 only when a
 * stated rule was broken. Each case runs the kit as a user does, against the reference server (or the
 * reference behind a small proxy where the target itself must misbehave).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { PLAYWRIGHT_TEST_OPTIONS, readPlaywrightArguments } from '../config/playwright-arguments.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import type { Certificate } from '../reports/certificate/certificate.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { startMisbehavingTarget } from './test-support/misbehaving-target.ts';
import { runCliInProcess } from './test-support/run-cli-in-process.ts';
import { type ConformanceRun, runConformance } from './test-support/run-conformance.ts';

test.describe.configure({ timeout: 180_000 });

const outputDir = () => mkdtempSync(join(tmpdir(), 'kit-arguments-'));
const certificateOf = (env: Record<string, string>): Certificate =>
  JSON.parse(readFileSync(join(outputPaths(env).certificate, 'certificate.json'), 'utf8')) as Certificate;
/** Every file under `folder` with its text, to show that a command wrote nothing there. */
const folderContents = (folder: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [file, readFileSync(file, 'utf8')];
      }),
  );

test.describe('the argument table', () => {
  test('ARGUMENTS: the table holds exactly the options of the installed `playwright test --help`', () => {
    const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
    const help = spawnSync(process.execPath, [cli, 'test', '--help'], { encoding: 'utf8' }).stdout;
    const documented = new Set<string>();
    for (const line of help.split('\n')) {
      const match = /^\s{2}(?:(-\w), )?(--?[\w-]+)/.exec(line);
      if (match?.[2]) documented.add(match[2]);
    }
    expect(documented.size).toBeGreaterThan(30);
    expect(new Set(PLAYWRIGHT_TEST_OPTIONS.map((option) => option.long))).toEqual(documented);
  });

  test('ARGUMENTS: reporters are added beside the kit’s own; values are checked; the unknown is refused', () => {
    const read = readPlaywrightArguments([
      '--reporter=dot,json',
      '-g',
      '@auth',
      '--workers',
      '2',
      '--shard=1/2',
      'auth',
    ]);
    expect(read.forPlaywright).toEqual([
      '--add-reporter=dot,json',
      '--grep=@auth',
      '--workers=2',
      '--shard=1/2',
      'auth',
    ]);
    expect(read.reporters).toEqual(['dot', 'json']);
    expect(read.filters).toEqual(['-g @auth', '--shard 1/2', 'file filter auth']);
    expect(readPlaywrightArguments(['--only-changed', '--list']).list).toBe(true);
    // Short options as Playwright reads them, the value in the next word or in the same one; passed on
    // under the long name, since Playwright reads `-g=@auth` as the pattern "=@auth".
    for (const args of [
      ['-g', '@auth', '-j', '1', '-G', 'AUTH-TOKEN-MISSING'],
      ['-g@auth', '-j1', '-GAUTH-TOKEN-MISSING'],
    ]) {
      const short = readPlaywrightArguments(args);
      expect(short.forPlaywright, args.join(' ')).toEqual([
        '--grep=@auth',
        '--workers=1',
        '--grep-invert=AUTH-TOKEN-MISSING',
      ]);
      expect(short.filters).toEqual(['-g @auth', '-G AUTH-TOKEN-MISSING']);
    }
    expect(readPlaywrightArguments(['-x', '-u']).forPlaywright).toEqual(['-x', '--update-snapshots']);
    // Flags written together with what follows them, as Playwright's parser reads them.
    expect(readPlaywrightArguments(['-xj1']).forPlaywright).toEqual(['-x', '--workers=1']);
    expect(readPlaywrightArguments(['-xg@auth']).forPlaywright).toEqual(['-x', '--grep=@auth']);
    expect(readPlaywrightArguments(['-g', '-xj1']).forPlaywright).toEqual(['--grep=-xj1']);
    expect(() => readPlaywrightArguments(['-xq'])).toThrow(/^unknown option -q/);
    for (const args of [['-xh'], ['-hx'], ['--', '--help']])
      expect(() => readPlaywrightArguments(args), args.join(' ')).toThrow(
        /^option (-h|--help) asks for help: `fei-kit conformance --help` gives it/,
      );
    expect(() => readPlaywrightArguments(['-x-', '--grep', 'a'])).toThrow(
      /^unknown option -x-: write -x and -- apart/,
    );
    expect(() => readPlaywrightArguments(['-j0'])).toThrow(/^option -j "0" is not a number of workers/);
    // A listing by the short forms hands Playwright the filter the long forms after `--` give it, so
    // both list the same checks; the worker count changes no listing.
    const longForms = readPlaywrightArguments(['--list', '--', '--grep', '@auth']);
    const shortForms = readPlaywrightArguments(['--list', '-g', '@auth', '-j', '1']);
    expect(longForms.forPlaywright).toEqual(['--list', '--grep=@auth']);
    expect(shortForms.forPlaywright).toEqual([...longForms.forPlaywright, '--workers=1']);
    expect([longForms.list, shortForms.list]).toEqual([true, true]);
    // After `--`, as the docs say, the arguments are Playwright's: options stay options.
    const afterDashes = readPlaywrightArguments(['--list', '--', '--grep', '@auth', 'auth']);
    expect(afterDashes.forPlaywright).toEqual(['--list', '--grep=@auth', 'auth']);
    expect(afterDashes.filters).toEqual(['--grep @auth', 'file filter auth']);
    expect(() => readPlaywrightArguments(['--', '--no-such-option'])).toThrow(
      /^unknown option --no-such-option/,
    );
    for (const [args, line] of [
      [['--no-such-option'], /^unknown option --no-such-option/],
      [['--shard', '3/2'], /^option --shard "3\/2" is not "current\/all"/],
      [['--grep', '('], /^option --grep "\(" is not a regular expression/],
      [['--retries', 'many'], /^option --retries "many" is not a whole number/],
      [['--project', 'chromium'], /^--project "chromium" names no project of the conformance run/],
      [['--ui'], /^option --ui is not for the conformance run: .*no browser/],
      [['-c', 'other.config.ts'], /^option -c is not for the conformance run/],
      [['--list=yes'], /^option --list takes no value/],
      [['--timeout'], /^option --timeout needs a value/],
    ] as const) {
      expect(() => readPlaywrightArguments(args), args.join(' ')).toThrow(line);
    }
  });
});

test.describe('against the reference server', () => {
  test('ARGUMENTS: an unknown option, a bad value or a refused option exits 2 in one line, before any request', async () => {
    const cases = [['--no-such-option'], ['--shard=0/2'], ['--ui'], ['--project', 'nope']];
    for (const args of cases) {
      // The first through the bin as a user runs it; the others through the command line's entry in this
      // process, which refuses them the same way, without a process start-up each.
      const env = { KIT_OUTPUT_DIR: outputDir() };
      const run =
        args === cases[0]
          ? await runConformance(env, args)
          : await runCliInProcess(['conformance', ...args], { KIT_IGNORE_DOTENV: 'true', ...env }).then(
              (result) => ({ code: result.status, output: result.output }),
            );
      expect(run.code, run.output).toBe(EXIT.badConfiguration);
      const lines = run.output.split('\n').filter((line) => line.startsWith('conformance:'));
      expect(lines, run.output).toHaveLength(1);
      expect(lines[0]).toMatch(/nothing was sent$/);
      expect(run.output).not.toContain('starting the reference server');
    }
  });

  test('ARGUMENTS: --list lists, runs nothing and exits 0: `--list -- --grep @auth` lists the @auth checks only (the short forms `-g @auth -j 1` hand Playwright the same filter), and leaves the last run’s outputs (its certificate, its results) as they were', async () => {
    const env = { KIT_OUTPUT_DIR: outputDir() };
    // The last real run's outputs, as a later `fei-kit report` and the certificate read them.
    const paths = outputPaths(env);
    const lastRun = {
      [join(paths.allureResults, 'last-run-result.json')]: '{"status":"passed"}\n',
      [join(paths.certificate, 'certificate.json')]: '{"outcome":"no-deviation-found"}\n',
      [paths.results]: '{"suites":[]}\n',
    };
    for (const [file, text] of Object.entries(lastRun)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const before = folderContents(env.KIT_OUTPUT_DIR);
    const run = await runConformance(env, ['--list', '--', '--grep', '@auth']);
    expect(run.code, run.output).toBe(EXIT.ok);
    expect(run.output).toMatch(/AUTH-TOKEN-MISSING/);
    expect(run.output).not.toMatch(/VAL-AMOUNT-POSITIVE|DEDUP-/);
    expect(run.output).toContain('conformance: listed only: nothing was run, no certificate written');
    // No certificate, results or Allure result written: the last run's are the same files, unchanged.
    expect(folderContents(env.KIT_OUTPUT_DIR)).toEqual(before);
    // Playwright's short forms (`--list -g @auth -j 1`) hand Playwright the same filter: the argument
    // table's test shows it, without a second listing of the suite.
    const listed = run.output.split('\n').filter((line) => line.startsWith('  [conformance] › '));
    expect(listed.length).toBeGreaterThan(10);
  });

  test('ARGUMENTS: a filter that matches no check exits 2 naming it; --pass-with-no-tests makes it 0', async () => {
    // Each command ends before a reference server or a Playwright run would start: through the command
    // line's entry in this process, without a process start-up each.
    const inProcess = async (args: readonly string[], env: Record<string, string>) => {
      const result = await runCliInProcess(args, { KIT_IGNORE_DOTENV: 'true', ...env });
      return { code: result.status, output: result.output };
    };
    const run = await inProcess(['conformance', '--grep', 'NO-SUCH-RULE'], { KIT_OUTPUT_DIR: outputDir() });
    expect(run.code, run.output).toBe(EXIT.badConfiguration);
    expect(run.output).toContain(
      'conformance: NO CHECK SELECTED: --grep NO-SUCH-RULE matches no check of the suite; nothing was started or sent',
    );
    // Refused before anything starts: no reference server, no plan, no Playwright run.
    expect(run.output).not.toMatch(/starting the reference server|plan:|Running \d+ test/);
    const passingEnv = { KIT_OUTPUT_DIR: outputDir() };
    const passing = await inProcess(
      ['conformance', '--grep', 'NO-SUCH-RULE', '--pass-with-no-tests'],
      passingEnv,
    );
    expect(passing.code, passing.output).toBe(EXIT.ok);
    expect(passing.output).toMatch(/no check selected by --grep NO-SUCH-RULE \(--pass-with-no-tests\)/);
    // A run of nothing gets no certificate afterwards either: one would read as a verdict.
    const certificate = await inProcess(['certificate'], passingEnv);
    expect(certificate.code, certificate.output).toBe(EXIT.badConfiguration);
    expect(certificate.output).toContain(
      'the last conformance run checked nothing (--grep NO-SUCH-RULE selected no check)',
    );
    expect(existsSync(join(passingEnv.KIT_OUTPUT_DIR, 'certificate'))).toBe(false);
  });

  test('ARGUMENTS: a filtered run plans the checks it selects and names one worker count', async () => {
    const run = await runConformance({ KIT_OUTPUT_DIR: outputDir() }, [
      '--grep',
      'AUTH-TOKEN-MISSING: GET',
      '--workers',
      '5',
    ]);
    expect(run.code, run.output).toBe(EXIT.ok);
    expect(run.output).toContain('conformance: plan: 2 checks selected by --grep AUTH-TOKEN-MISSING: GET');
    // Two checks, two workers: Playwright's line and the request counts say the same number.
    expect(run.output).toContain('Running 2 tests using 2 workers');
    expect(run.output).toMatch(/requests sent by the run \(.*, 2 workers\)/);
    // The plan is of those two checks: no property, no rate-limit tenant, a handful of requests.
    const plan = /plan: tenant A ~(\d+) requests/.exec(run.output);
    expect(Number(plan?.[1])).toBeLessThan(50);
    expect(run.output).not.toMatch(/plan: .*tenant B|plan: .*rate-limit tenant/);
    // The last lines: what was written, where, and what to run next.
    const last = run.output.trim().split('\n').slice(-2);
    expect(last[0]).toMatch(
      /^conformance: written: the certificate .*certificate\.\{md,html,json\}; JUnit .*junit\.xml/,
    );
    expect(last[1]).toMatch(/^conformance: next: `npx fei-kit report` builds the Allure report/);
  });

  test('ARGUMENTS: -x against a broken server ends with the deviation found and says the run stopped early', async () => {
    const env = { KIT_OUTPUT_DIR: outputDir(), REFERENCE_MUTANT: 'amount-zero-accepted' };
    const run = await runConformance(env, ['-x', '--workers=1', '--grep', '@validation']);
    expect(run.code, run.output).toBe(EXIT.deviation);
    const certificate = certificateOf(env);
    expect(certificate.outcome).toBe('deviation-found');
    expect(certificate.stoppedEarly?.maxFailures).toBe(1);
    expect(certificate.stoppedEarly?.notRun).toBeGreaterThan(0);
    expect(certificate.outcomeText).toMatch(/The run stopped early, after 1 failure \(--max-failures\)/);
    expect(run.output).toMatch(/conformance: DEVIATION: the target broke [A-Z-]+/);
  });
});

test.describe('one filtered run with the user’s reporters, of one shard', () => {
  test.describe.configure({ mode: 'serial' });
  // Both reporters and the shard in one run: each test below reads its own part of it.
  const env = { KIT_OUTPUT_DIR: '' };
  let run: ConformanceRun | undefined;
  test.beforeAll(async () => {
    // A whole run, if a small one: the tests' time, not a hook's default, on a busy machine.
    test.setTimeout(180_000);
    env.KIT_OUTPUT_DIR = outputDir();
    run = await runConformance(env, [
      '--grep',
      'RETRIEVE-UNKNOWN-404|AUTH-TOKEN-MISSING',
      '--shard=1/2',
      '--reporter',
      'dot,json',
      // One worker: the point is the reporters and the shard, and each worker is a process's start-up.
      '--workers=1',
    ]);
  });
  const finished = (): ConformanceRun => {
    if (run === undefined) throw new Error('the run did not finish');
    expect(run.code, run.output).toBe(EXIT.ok);
    return run;
  };

  test('ARGUMENTS: --reporter dot,json replace the kit’s console reporter and keep the ones the certificate reads', () => {
    const { stdout } = finished();
    expect(stdout).toContain('"suites": [');
    // Replaced, as Playwright's --reporter replaces: the kit's list prints no line of the run.
    expect(stdout).not.toMatch(/✓ +\d+ \[[\w-]+\] › /);
    expect(certificateOf(env).outcome).toBe('no-deviation-found');
    expect(existsSync(outputPaths(env).junit)).toBe(true);
  });

  test('ARGUMENTS: --shard 1/2 writes a certificate that says it covers shard 1 of 2', () => {
    finished();
    const certificate = certificateOf(env);
    expect(certificate.shard).toEqual({ current: 1, total: 2 });
    expect(certificate.outcomeText).toContain('This certificate covers shard 1 of 2 only.');
    expect(certificate.filters).toContain('--shard 1/2');
  });
});

test.describe('against a deployment whose answer changes between attempts', () => {
  // The first GET without a token gets ERR-1002 instead of ERR-1001; every later one the truth.
  const flakyDeployment = async () => {
    const server = await startReferenceServer();
    const proxy = await startMisbehavingTarget({
      kind: 'proxy',
      upstream: server.baseUrl,
      firstTokenlessAnswer: {
        status: 401,
        body: '{"status":401,"errorCode":"ERR-1002","title":"Unauthorized"}',
      },
    });
    return {
      env: { ...targetEnvironmentOf(server), TARGET_BASE_URL: proxy.url, KIT_OUTPUT_DIR: outputDir() },
      close: async () => {
        await proxy.close();
        await server.close();
      },
    };
  };
  const CHECK = ['--grep', 'AUTH-TOKEN-MISSING: GET', '--workers=1'];

  for (const repeat of [
    ['--retries', '1'],
    ['--repeat-each', '2'],
  ]) {
    test(`ARGUMENTS: ${repeat.join(' ')}: a check that failed once never reads passed`, async () => {
      const setup = await flakyDeployment();
      try {
        const run = await runConformance(setup.env, [...CHECK, ...repeat]);
        expect(run.code, run.output).toBe(EXIT.deviation);
        const certificate = certificateOf(setup.env);
        const rule = certificate.rules.find((entry) => entry.id === 'AUTH-TOKEN-MISSING');
        expect(rule?.verdict).toBe('failed');
        if (repeat[0] === '--retries') expect(certificate.totals.tests.flaky).toBe(1);
        else {
          // The first repetition met the wrong answer, the second the right one.
          expect(certificate.totals.tests.failed).toBe(1);
          expect(certificate.totals.tests.passed).toBeGreaterThanOrEqual(1);
        }
      } finally {
        await setup.close();
      }
    });
  }
});
