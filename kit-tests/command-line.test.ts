/**
 * The kit as a command line (`fei-kit`), run as a user runs it: --help and --version of the kit and of
 * every command print their usage and exit 0 without k6, starting nothing and writing nothing; bad
 * arguments are one line and exit 2; an internal error in any command is the kit's own failure (7),
 * never a deviation (1); and the references written from the code (docs/commands.md, the README's
 * tables) are equal to it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './test-support/kit-test.ts';
// Loaded here, in the kit's folder: esbuild starts its service, at the first bundle, in the working
// folder it was loaded in, and the in-process runs below each work in a folder removed afterwards.
import 'esbuild';
import { COMMANDS } from '../cli/all-commands.ts';
import { BIN } from '../cli/command.ts';
import {
  commandsPage,
  commandsTable,
  contractTable,
  exitCodesTable,
  tableUnder,
} from '../cli/reference-docs.ts';
import { PROVOKED_FAULT_VARIABLE } from '../cli/runner.ts';
import { EXIT } from '../config/exit-codes.ts';
import { KIT_ROOT, kitCommandArguments } from '../utilities/kit-root.ts';
import { kitVersion } from '../utilities/kit-version.ts';
import { runCliInProcess } from './test-support/run-cli-in-process.ts';

/** A user's folder with nothing in it, no k6 anywhere, no target, no .env: the bin, as a user runs it. */
const spawned = (args: readonly string[], env: Record<string, string> = {}) => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-cli-'));
  try {
    const result = spawnSync(process.execPath, kitCommandArguments(args), {
      cwd: folder,
      env: { PATH: '/usr/bin:/bin', HOME: folder, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { ...result, left: readdirSync(folder) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

/**
 * The same through the command line's entry in this process: most cases run so, the start-up of a
 * process per case being most of their cost; each kind of fact keeps a case of the spawned bin.
 */
const run = runCliInProcess;

test('CLI: fei-kit --help lists every command, --version prints the version every certificate carries', async () => {
  const help = spawned(['--help']);
  expect(help.status).toBe(0);
  expect(COMMANDS.map(({ name }) => name).filter((name) => !help.stdout.includes(`  ${name} `))).toEqual([]);
  const byWord = await run(['help', 'load', 'merge']);
  expect(byWord.status).toBe(0);
  expect(byWord.stdout).toContain('Usage: fei-kit load merge ');
  const version = spawned(['--version']);
  expect(version.status).toBe(0);
  expect(version.stdout.trim()).toBe(kitVersion());
  expect(kitVersion()).toBe(JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')).version);
  expect(kitVersion()).toMatch(/^\d+\.\d+\.\d+$/);
});

for (const command of COMMANDS) {
  // The first command's --help through the bin too: the help a user sees comes out of a real process.
  const first = command === COMMANDS[0];
  test(`CLI: ${BIN} ${command.name} --help prints its usage, options and exit codes, starts nothing, writes nothing`, async () => {
    // Both flags' readings against what each must be, in one expect (each is a step Playwright
    // reports with its stack); the help itself beside them, to show what came instead.
    const readings = [];
    for (const flag of ['--help', '-h']) {
      const args = [...command.name.split(' '), flag];
      const result = first && flag === '--help' ? spawned(args) : await run(args);
      readings.push({
        flag,
        status: result.status,
        usage: result.stdout.includes(`Usage: ${BIN} ${command.name} `),
        options: result.stdout.includes('Options:'),
        exitCodes: result.stdout.includes('Exit codes:'),
        startedSomething: /K6 NOT FOUND|listening on/i.test(result.stdout),
        stderr: result.stderr,
        leftInTheWorkingFolder: result.left,
        help: result.stdout,
      });
    }
    expect(readings).toEqual(
      readings.map(({ flag }) => ({
        flag,
        status: 0,
        usage: true,
        options: true,
        exitCodes: true,
        startedSomething: false,
        stderr: '',
        leftInTheWorkingFolder: [],
        help: expect.any(String),
      })),
    );
  });

  test(`CLI: an internal error of ${BIN} ${command.name} is the kit's own failure (7) in one line, never 1`, async () => {
    // The arguments each command needs to get as far as its work.
    const needs: Record<string, string[]> = {
      'load merge': ['segments'],
      'load tenants': ['--count', '1'],
      'load k6-operator': ['--parallelism', '1'],
    };
    const args = [...command.name.split(' '), ...(needs[command.name] ?? [])];
    const env = { [PROVOKED_FAULT_VARIABLE]: command.name };
    const result = first ? spawned(args, env) : await run(args, env);
    expect(result.status, result.stdout + result.stderr).toBe(EXIT.kitFailure);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${command.name}: KIT FAILURE: internal error: `));
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
}

test('CLI: an unknown command, an unknown option or a missing argument is one line and exit 2', async () => {
  const cases: [string[], RegExp][] = [
    [['deploy'], /^fei-kit: unknown command "deploy"; see fei-kit --help$/],
    [
      ['conformanse'],
      /^fei-kit: unknown command "conformanse" \(did you mean conformance\?\); see fei-kit --help$/,
    ],
    [
      ['load', 'capacty'],
      /^fei-kit: unknown command "load capacty" \(did you mean load capacity\?\); load takes one of: /,
    ],
    [
      ['load', 'tenants', '--cont', '3'],
      /^load tenants: unknown option --cont \(did you mean --count\?\); see fei-kit load tenants --help$/,
    ],
    [['conformance', '--grepp', 'x'], /^conformance: unknown option --grepp \(did you mean --grep\?\): /],
    [
      ['conformance', '--timeout', 'soon'],
      /^conformance: option --timeout "soon" is not a duration such as 45s, 2m/,
    ],
    [
      ['load'],
      /^fei-kit: load needs one of: rate-limit, latency, capacity, merge, tenants, k6-operator, bundle; /,
    ],
    [['compare', '--colour'], /^compare: unknown option --colour; see fei-kit compare --help$/],
    [
      ['compare', 'a', 'b', 'c'],
      /^compare: too many arguments \(3, at most 2\); see fei-kit compare --help$/,
    ],
    [['load', 'merge'], /^load merge: missing argument: .*; see fei-kit load merge --help$/],
    [['load', 'tenants'], /^load tenants: configuration error: --count is required$/],
    [
      ['load', 'k6-operator', '--parallelism', '99'],
      /^load k6-operator: configuration error: --parallelism must be a whole number from 1 to 64$/,
    ],
    [['conformance', '--ui'], /^conformance: option --ui is not for the conformance run: /],
  ];
  for (const [args, message] of cases) {
    // The first case through the bin: the exit code and stderr of a real process.
    const result = args === cases[0]?.[0] ? spawned(args) : await run(args);
    expect(result.status, args.join(' ')).toBe(EXIT.badConfiguration);
    // Every error line goes to stderr, where a pipeline's log shows errors.
    expect(result.stdout, args.join(' ')).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines, args.join(' ')).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  }
});

test('CLI: --help at every level exits 0: the kit, a group of commands, a command, and `help <name>`', async () => {
  for (const args of [
    ['--help'],
    ['load', '--help'],
    ['help', 'load'],
    ['load', 'capacity', '--help'],
    ['bench', '-h'],
  ]) {
    const result = await run(args);
    expect(result.status, args.join(' ')).toBe(EXIT.ok);
    expect(result.stdout, args.join(' ')).toMatch(/^Usage: |\nUsage: /);
  }
  expect((await run(['load', '--help'])).stdout).toContain('load k6-operator');
});

test('CLI: with no arguments the kit prints its usage and exits 2', async () => {
  const result = await run([]);
  expect(result.status).toBe(EXIT.badConfiguration);
  expect(result.stdout).toContain(`Usage: ${BIN} <command> [options]`);
});

test('CLI: a kit that cannot load is its own failure (7) in one line', () => {
  // A resolver that refuses the kit's command line: what a broken installation looks like to the bin.
  const hook = `export async function resolve(s, c, next) { if (s.includes('cli/main.ts')) throw new Error('broken install'); return next(s, c); }`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
  const result = spawned(['--version'], {
    NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(register)}`,
  });
  expect(result.status).toBe(EXIT.kitFailure);
  expect(result.stderr.trim()).toBe('fei-kit: KIT FAILURE: the kit could not load: broken install');
});

test('CLI: where Node strips types the kit loads no compiler; with KIT_TYPESCRIPT=tsx it compiles with tsx, alike', () => {
  test.skip(!process.features.typescript, 'this Node line does not strip types: the kit always uses tsx');
  // Reports, as the process exits, whether any module of tsx was loaded into it.
  const hook = `import { registerHooks } from 'node:module'; let tsx = false; registerHooks({ load(url, context, next) { if (url.includes('/node_modules/tsx/')) tsx = true; return next(url, context); } }); process.on('exit', () => process.stderr.write('tsx loaded: ' + tsx + '\\n'));`;
  const watched = { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(hook)}` };
  const native = spawned(['--version'], watched);
  const compiled = spawned(['--version'], { ...watched, KIT_TYPESCRIPT: 'tsx' });
  expect(native.stderr.trim()).toBe('tsx loaded: false');
  expect(compiled.stderr.trim()).toBe('tsx loaded: true');
  expect([native.status, compiled.status]).toEqual([0, 0]);
  expect(compiled.stdout).toBe(native.stdout);
});

test('DOCS: docs/commands.md is the commands as they are (npm run docs writes it)', () => {
  expect(readFileSync(join(KIT_ROOT, 'docs', 'commands.md'), 'utf8')).toBe(commandsPage(COMMANDS));
});

test("DOCS: the README's and docs/' tables of commands, exit codes and the target contract are the code's", () => {
  const readme = readFileSync(join(KIT_ROOT, 'README.md'), 'utf8');
  expect(tableUnder(readme, '## Commands')).toEqual(commandsTable(COMMANDS));
  expect(tableUnder(readme, '## Exit codes')).toEqual(exitCodesTable());
  expect(tableUnder(readme, '## The target contract')).toEqual(contractTable());
  const exitCodes = readFileSync(join(KIT_ROOT, 'docs', 'exit-codes.md'), 'utf8');
  expect(tableUnder(exitCodes, '# Exit codes')).toEqual(exitCodesTable());
  const configuration = readFileSync(join(KIT_ROOT, 'docs', 'configuration.md'), 'utf8');
  expect(tableUnder(configuration, '## The target contract')).toEqual(contractTable());
});

test('README: a newcomer reads it in five minutes: at most 150 lines, and it gives the two commands', () => {
  const readme = readFileSync(join(KIT_ROOT, 'README.md'), 'utf8');
  expect(readme.split('\n').length).toBeLessThanOrEqual(150);
  expect(readme).toContain('fei-kit conformance');
  expect(readme).toContain('npm test');
});

test('CLI: the commands that write follow KIT_OUTPUT_DIR and --output, and write nothing beside it', async () => {
  const cases: [string[], string][] = [
    [['load', 'tenants', '--count', '1'], 'tenants.json'],
    [['load', 'bundle', 'rate-limit'], join('k6-bundles', 'rate-limit.js')],
    [['load', 'k6-operator', '--parallelism', '1'], join('k6-operator', 'testrun.yaml')],
    [['openapi'], join('openapi', 'openapi.yaml')],
  ];
  for (const [args, written] of cases) {
    for (const how of ['variable', 'option'] as const) {
      const output = mkdtempSync(join(tmpdir(), 'kit-cli-output-'));
      try {
        // The first case through the bin: a real process's working folder and environment.
        const through = args === cases[0]?.[0] && how === 'variable' ? spawned : run;
        const result =
          how === 'variable'
            ? await through(args, { KIT_OUTPUT_DIR: output })
            : await through([...args, '--output', output]);
        expect(result.status, `${args.join(' ')} (${how}): ${result.stderr}`).toBe(0);
        expect(readFileSync(join(output, written)).length).toBeGreaterThan(0);
        expect(result.left, `${args.join(' ')} wrote in the working folder`).toEqual([]);
      } finally {
        rmSync(output, { recursive: true, force: true });
      }
    }
  }
});
