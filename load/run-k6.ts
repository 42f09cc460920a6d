/**
 * The runner behind `fei-kit load rate-limit` and `fei-kit load latency` (`[k6 run arguments…]`).
 *
 * It loads .env, reads the target contract, refuses a production target unless
 * ALLOW_PRODUCTION_LOAD=true, finds k6 (K6_BIN or PATH), bundles the script, starts the reference
 * server when no TARGET_BASE_URL is set, runs `k6 run <bundle>`, stops the server and ends with the
 * kit's code for how k6 ended (config/exit-codes.ts: crossed thresholds 1, thresholds the load
 * generator's reach left unjudged 3 (verdict-exit.ts), any other failure of k6 itself 7). The target reaches k6 through the child's environment (k6 reads it as __ENV), never
 * through argv, which `ps` shows: no token is ever printed or put on a command line.
 *
 * Exit codes of its own: 2 bad configuration or a refused production target, 4 k6 missing.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  ConfigError,
  EXIT,
  K6_THRESHOLDS_CROSSED,
  loadDotEnvUnlessIgnored,
  type RateLimitSettings,
  readTargetContract,
  SHARED_LIMIT_VARIABLES,
  TENANT_LIMIT_VARIABLES,
  type TENANT_NAMES,
  type TenantLimits,
} from '../config/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { bundleLoadScript, type LoadScript } from './bundle.ts';
import { findK6, k6MissingLine } from './find-k6.ts';
import { k6RunEnvironment, reportFilesOf, trustedCaEnvironment } from './k6-environment.ts';
import type { Env } from './lib/env.ts';
import { latencyPlan } from './lib/latency-plan.ts';
import { productionRefusal } from './lib/production-guard.ts';
import { rateLimitPlan } from './lib/rate-limit-plan.ts';
import { describeTarget, type LoadTarget } from './lib/target.ts';
import { loadRunExit } from './verdict-exit.ts';

/** The runner's last line: k6's code, and what the kit makes of it. */
const endingLine = (k6Code: number, code: number): string => {
  if (code === EXIT.ok) return 'k6 passed';
  if (code === EXIT.couldNotRun)
    return `k6 exited with ${k6Code}: not established, the load generator did not reach the planned rate (exit ${code})`;
  return `k6 exited with ${k6Code}${k6Code === K6_THRESHOLDS_CROSSED ? ' (a threshold failed)' : ''}`;
};

/**
 * The reference server's limit for a load run when the user sets none: 100 requests per 2 s window.
 * The reference server is there to show the scripts at work in seconds on any machine (rate-limit
 * sends 150 requests a second for 6 s; latency 40 a second for 20 s), not to load a laptop at the
 * spec's 1000 per window. The limit variables of the target contract (shared or a tenant's own) still
 * set it, variable by variable.
 */
export const EMBEDDED_LOAD_RATE_LIMIT = Object.freeze({ requestsPerWindow: 100, windowSeconds: 2 });

/** Each tenant's limit for the reference server of a load run: a variable set by the user, else the load default. */
export const embeddedLoadLimits = (contract: TenantLimits, env: NodeJS.ProcessEnv): TenantLimits => {
  const set = (name: string) => Boolean(env[name]?.trim());
  const limitOf = (tenant: (typeof TENANT_NAMES)[number]): RateLimitSettings => {
    const own = TENANT_LIMIT_VARIABLES[tenant];
    return {
      requestsPerWindow:
        set(own.requestsPerWindow) || set(SHARED_LIMIT_VARIABLES.requestsPerWindow)
          ? contract[tenant].requestsPerWindow
          : EMBEDDED_LOAD_RATE_LIMIT.requestsPerWindow,
      windowSeconds:
        set(own.windowSeconds) || set(SHARED_LIMIT_VARIABLES.windowSeconds)
          ? contract[tenant].windowSeconds
          : EMBEDDED_LOAD_RATE_LIMIT.windowSeconds,
    };
  };
  return { A: limitOf('A'), B: limitOf('B'), RATE_LIMIT: limitOf('RATE_LIMIT') };
};

interface EmbeddedServer {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** Checks the script's own settings against the environment k6 will get; returns the target and duration. */
const checkPlan = (script: LoadScript, env: Env): { target: LoadTarget; plannedSeconds: number } => {
  if (script === 'rate-limit') {
    const plan = rateLimitPlan(env);
    return { target: plan.target, plannedSeconds: plan.warmUpSeconds + plan.durationSeconds };
  }
  const plan = latencyPlan(env);
  return { target: plan.target, plannedSeconds: plan.durationSeconds };
};

const startEmbedded = async (
  limits: TenantLimits,
): Promise<{ server: EmbeddedServer; env: Record<string, string> }> => {
  // Imported here, not at the top: a remote run, or one without k6, never loads the reference server.
  const { startReferenceServer, targetEnvironmentOf } = await import('../reference/index.ts');
  const server = await startReferenceServer({ rateLimit: limits.A, tenantRateLimits: limits });
  return { server, env: targetEnvironmentOf(server) };
};

const runK6 = (k6: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(k6, [...args], { env, stdio: 'inherit', cwd: KIT_ROOT });
    // Ctrl-C reaches k6 from the terminal (same process group): the runner only stays alive to stop
    // the server after k6's graceful stop and summary. Forwarding it would be k6's second Ctrl-C,
    // which skips the summary. A SIGTERM sent to the runner alone is passed on.
    const onInt = (): void => undefined;
    const onTerm = (): void => {
      child.kill('SIGTERM');
    };
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const done = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('exit', (code, signal) => {
      done();
      resolvePromise(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : EXIT.kitFailure));
    });
  });

type TargetContract = ReturnType<typeof readTargetContract>;

/** A configuration error's one line and exit 2; any other error is the kit's own and goes on up. */
const configurationFailure = (error: unknown, fail: SayLine): number => {
  if (!(error instanceof ConfigError)) throw error;
  fail(`configuration error: ${error.message}`);
  return EXIT.badConfiguration;
};

/** The target contract, read after .env; a malformed one is a configuration line and its exit code. */
const readContract = (fail: SayLine): TargetContract | number => {
  try {
    loadDotEnvUnlessIgnored();
    return readTargetContract(process.env);
  } catch (error) {
    return configurationFailure(error, fail);
  }
};

/**
 * Why a remote target is not loaded, as an exit code, before k6 is even looked for: a production
 * target not allowed, or settings the script's plan refuses. Undefined when it may be loaded.
 */
export const remoteTargetRefusal = (
  script: LoadScript,
  env: NodeJS.ProcessEnv,
  fail: SayLine,
): number | undefined => {
  try {
    const refusal = productionRefusal(env, script);
    if (refusal !== undefined) {
      fail(refusal);
      return EXIT.badConfiguration;
    }
    checkPlan(script, env);
    return undefined;
  } catch (error) {
    return configurationFailure(error, fail);
  }
};

/** The script's plan against the environment k6 will get, or the exit code of a configuration error. */
export const planOrRefusal = (
  script: LoadScript,
  env: NodeJS.ProcessEnv,
  fail: SayLine,
): ReturnType<typeof checkPlan> | number => {
  try {
    return checkPlan(script, env);
  } catch (error) {
    return configurationFailure(error, fail);
  }
};

/** The reference server when the contract names no target, and the environment that points k6 at the target. */
const startTarget = async (
  contract: TargetContract,
  baseEnv: NodeJS.ProcessEnv,
): Promise<{ server?: EmbeddedServer; targetEnv: NodeJS.ProcessEnv }> => {
  if (contract.kind !== 'embedded') return { targetEnv: baseEnv };
  const embedded = await startEmbedded(embeddedLoadLimits(contract.limits, process.env));
  return { server: embedded.server, targetEnv: { ...baseEnv, ...embedded.env } };
};

/**
 * The report directory made ready for this run: the remote target's CA copied where k6 will trust it
 * (a previous run's copy removed), and this script's previous reports removed, so that they cannot
 * pass for this run's if k6 writes none.
 */
const prepareReportDir = (script: LoadScript, reportDir: string, caFile: string | undefined) => {
  mkdirSync(reportDir, { recursive: true });
  const caDir = join(reportDir, '.target-ca');
  rmSync(caDir, { recursive: true, force: true });
  if (caFile) {
    mkdirSync(caDir, { recursive: true });
    copyFileSync(caFile, join(caDir, 'target-ca.pem'));
  }
  const files = reportFilesOf(script, reportDir);
  for (const file of Object.values(files)) rmSync(file, { force: true });
  return { caDir, files };
};

/** Runs k6 and says how it ended: the dashboard written, the verdict's lines, and the kit's exit code. */
const runK6AndJudge = async (
  k6Path: string,
  args: readonly string[],
  childEnv: NodeJS.ProcessEnv,
  files: ReturnType<typeof reportFilesOf>,
  lines: { say: SayLine; fail: SayLine },
): Promise<number> => {
  let code: number;
  try {
    code = await runK6(k6Path, args, childEnv);
  } catch (error) {
    lines.fail(`could not start k6 at ${k6Path}: ${(error as Error).message.split('\n')[0]}`);
    return EXIT.k6Missing;
  }
  if (existsSync(files.dashboard)) lines.say(`web dashboard: ${relative(process.cwd(), files.dashboard)}`);
  const ending = loadRunExit(code, files.summary);
  for (const line of ending.lines) lines.say(line);
  lines.say(endingLine(code, ending.code));
  return ending.code;
};

/** Runs one k6 script against the target contract's target; returns the kit's exit code. */
export const runLoad = async (
  script: LoadScript,
  k6Args: readonly string[],
  say: SayLine,
  fail: SayLine,
): Promise<number> => {
  const contract = readContract(fail);
  if (typeof contract === 'number') return contract;
  const runId = contract.kind === 'remote' ? contract.target.runId : contract.runId;
  const { load: reportDir, bundles } = outputPaths();
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, [CONTRACT_VARIABLES.runId]: runId };
  const refused = contract.kind === 'remote' ? remoteTargetRefusal(script, baseEnv, fail) : undefined;
  if (refused !== undefined) return refused;

  const k6 = findK6(process.env);
  if (!k6.found) {
    fail(k6MissingLine(k6.reason));
    return EXIT.k6Missing;
  }
  const bundle = await bundleLoadScript(script, bundles);

  const { server, targetEnv } = await startTarget(contract, baseEnv);
  try {
    const checked = planOrRefusal(script, targetEnv, fail);
    if (typeof checked === 'number') return checked;
    const caFile = contract.kind === 'remote' ? contract.target.caFile : undefined;
    const { caDir, files } = prepareReportDir(script, reportDir, caFile);
    const childEnv = {
      ...k6RunEnvironment(targetEnv, { script, reportDir, runId, plannedSeconds: checked.plannedSeconds }),
      ...(caFile ? trustedCaEnvironment(caDir, targetEnv) : {}),
    };
    say(
      `k6 run ${relative(process.cwd(), bundle.file)} against ${describeTarget(checked.target)}, run ${runId}; reports in ${relative(process.cwd(), reportDir) || '.'}`,
    );
    return await runK6AndJudge(k6.path, ['run', ...k6Args, bundle.file], childEnv, files, { say, fail });
  } finally {
    await server?.close();
  }
};
