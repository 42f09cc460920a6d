/**
 * The self-check's fault rows: `fei-kit conformance`, as a user runs it, against the reference server
 * behind one fault a real deployment has (fault-proxy.ts): an answer 4 s late, a 2 s restart window
 * of 503 with Retry-After, a token refused for good after some requests, an allowlist refusing every
 * request. A conforming service behind any of them must end 0, 2 or 3 as the fault says, with the line
 * that names it, and never 1: the kit must not blame the deployment's rules for its distance, its
 * restarts or its credentials. A row is selected by `--only` with its id (`fault-<name>`) or `fault-*`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { matchesRowPattern as matches } from './client-rows.ts';
import { type Fault, startFaultProxy } from './fault-proxy.ts';
import { scrubbedEnvironment } from './run-server.ts';

export interface FaultRow {
  readonly name: string;
  readonly fault: (tenantAToken: string) => Fault;
  /** The checks the run selects: enough requests to meet the fault, few enough to stay cheap. */
  readonly grep: string;
  /** The exit codes a conforming service behind the fault may end with. */
  readonly exits: readonly number[];
  /** The console line that names the fault. */
  readonly line: RegExp;
}

/** A few hundred requests, most of them POSTs. */
const SOME_CHECKS = '@VAL-AMOUNT-POSITIVE|@VAL-TYPE-ENUM|@RETRIEVE-UNKNOWN-404|@DEDUP-EXTERNAL-ID';

const ROWS: FaultRow[] = [
  {
    name: 'slow-4s',
    fault: () => ({ kind: 'slow', delayMs: 4_000 }),
    grep: 'RETRIEVE-UNKNOWN-404: GET of an unknown uuid',
    exits: [EXIT.ok],
    line: /plan: about [\d.]+ (s|min|h) in all at a round trip of \d+ ms/,
  },
  {
    name: 'restart-2s',
    fault: () => ({ kind: 'restart', afterRequests: 60, forMs: 2_000 }),
    grep: SOME_CHECKS,
    // 0 when only GETs, or POSTs and PUTs of checks that start afresh (run again whole), met the
    // window; 3 when one of a check not declared so did (gaps.spec.ts's of DEDUP-EXTERNAL-ID, say):
    // its rule is not established. Never 1.
    exits: [EXIT.ok, EXIT.couldNotRun],
    line: /UNAVAILABLE: the deployment was unavailable from \S+ for [\d.]+ s/,
  },
  {
    name: 'token-expires',
    fault: (token) => ({ kind: 'token-expires', afterRequests: 60, token }),
    grep: SOME_CHECKS,
    exits: [EXIT.couldNotRun],
    line: /CREDENTIALS STOPPED WORKING: tenant A's credentials/,
  },
  {
    name: 'allowlist',
    fault: () => ({ kind: 'allowlist' }),
    grep: SOME_CHECKS,
    exits: [EXIT.badConfiguration],
    line: /likely cause: the deployment's IP allowlist/,
  },
];

export const FAULT_ROWS: readonly FaultRow[] = Object.freeze(ROWS);

export const faultRowId = (row: Pick<FaultRow, 'name'>): string => `fault-${row.name}`;

/** The rows for these --only patterns (all without any). */
export const plannedFaultRows = (only: readonly string[] | undefined): FaultRow[] =>
  FAULT_ROWS.filter((row) => !only?.length || only.some((p) => matches(p, faultRowId(row))));

export interface FaultRowOutcome {
  readonly id: string;
  readonly exitCode: number | null;
  readonly passed: boolean;
  /** Why it failed, or what it showed. */
  readonly detail: string;
}

/** A row's verdict: an exit the fault allows (never 1), and the line that names the fault. */
export const faultRowVerdict = (row: FaultRow, exitCode: number | null, output: string): FaultRowOutcome => {
  const id = faultRowId(row);
  if (exitCode === null || !row.exits.includes(exitCode))
    return { id, exitCode, passed: false, detail: `exit ${exitCode}, expected ${row.exits.join(' or ')}` };
  if (!row.line.test(output)) return { id, exitCode, passed: false, detail: `no line matching ${row.line}` };
  return { id, exitCode, passed: true, detail: `exit ${exitCode}, ${row.line.exec(output)?.[0]}` };
};

/** Runs the kit's command as a user does; its exit code and its output (stdout, then stderr). */
const runKitCommand = (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(KIT_ROOT, 'bin', 'fei-kit.mjs'), ...args],
      { env, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });

const runFaultRow = async (row: FaultRow, outputRoot: string): Promise<FaultRowOutcome> => {
  const folder = join(outputRoot, faultRowId(row));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const server = await startReferenceServer({});
  const proxy = await startFaultProxy(server.baseUrl, row.fault(server.tenants.A.accessToken));
  try {
    const run = await runKitCommand(['conformance', '--grep', row.grep, '--workers=2'], {
      ...scrubbedEnvironment(),
      ...targetEnvironmentOf(server),
      [CONTRACT_VARIABLES.baseUrl]: proxy.baseUrl,
      KIT_IGNORE_DOTENV: 'true',
      KIT_OUTPUT_DIR: join(folder, 'output'),
      FORCE_COLOR: '0',
    });
    writeFileSync(join(folder, 'run.log'), run.output);
    return faultRowVerdict(row, run.code, run.output);
  } finally {
    await proxy.close();
    await server.close();
  }
};

/**
 * Runs the rows side by side (each is mostly waiting: for a late answer, a restart, a time-out),
 * saying each as it ends; their outcomes in the rows' order.
 */
export const runFaultRows = async (
  rows: readonly FaultRow[],
  options: { readonly skip: boolean; readonly outputRoot: string; readonly say: (line: string) => void },
  /** One row's run (a kit test hands its own). */
  runRow: (row: FaultRow, outputRoot: string) => Promise<FaultRowOutcome> = runFaultRow,
): Promise<readonly FaultRowOutcome[]> => {
  if (options.skip || rows.length === 0) return [];
  let ended = 0;
  return Promise.all(
    rows.map(async (row) => {
      const outcome = await runRow(row, options.outputRoot);
      ended += 1;
      options.say(
        `[fault ${ended}/${rows.length}] ${outcome.id}: ${outcome.passed ? 'as it must be' : 'FAILED'} (${outcome.detail})`,
      );
      return outcome;
    }),
  );
};

/** The closing line's part for the fault rows. */
export const faultTotalsLine = (outcomes: readonly FaultRowOutcome[]): string =>
  `fault rows ${outcomes.filter((o) => o.passed).length}/${outcomes.length} as they must be`;
