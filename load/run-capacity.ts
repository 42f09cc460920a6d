/**
 * The runner behind `fei-kit load capacity [--segments N] [k6 run arguments…]`:
 *
 * Every tenant of CAPACITY_TENANTS_FILE at CAPACITY_SHARE of its own limit for LOAD_DURATION
 * (lib/capacity-plan.ts). With no TARGET_BASE_URL it starts the reference server serving
 * those tenants, each with its own limit (with no tenants file either, CAPACITY_TENANT_COUNT made-up
 * tenants, default 5, of 1000 requests per 60 s). It runs the bundle in one k6 instance, or in N local
 * instances as k6 execution segments (`--segments N` or CAPACITY_SEGMENTS), each writing its raw
 * samples (k6's CSV output) and its segment manifest into `<report folder>/capacity-segments/`, then
 * merges them and judges every threshold over the whole (merge-cli.ts): the merge, not any instance,
 * gives the verdict and the exit code (0 passed, 1 a threshold crossed). Exit codes of its own: 2 bad
 * configuration or a refused production target, 4 k6 missing, 7 when a k6 instance itself failed.
 * No token is printed or put on a command line: the tenants reach k6 as a file path.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ConfigError, EXIT, exitCodeOfK6, loadDotEnvUnlessIgnored } from '../config/index.ts';
import {
  CAPACITY_SEGMENTS,
  CAPACITY_TENANT_COUNT,
  CAPACITY_TENANTS_FILE,
  contractVariable,
} from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { bundleLoadScript } from './bundle.ts';
import { findK6, k6MissingLine } from './find-k6.ts';
import { k6RunEnvironment, reportFilesOf } from './k6-environment.ts';
import { CAPACITY_SCRIPT, capacityPlan, capacityProductionRefusal } from './lib/capacity-plan.ts';
import { type Env, LoadSetupError, text } from './lib/env.ts';
import { samplesFileOf, WHOLE_RUN_NAME } from './lib/segment-manifest.ts';
import { type CapacityTenant, parseTenantsFile } from './lib/tenants-file.ts';
import { K6_THRESHOLD_FAILED, runMerge, verdictFileNames } from './merge-cli.ts';
import { generateCapacityTenants, writeTenantsFile } from './tenants-generate.ts';

export const SEGMENTS_FOLDER = 'capacity-segments';

/** k6's arguments for instance `index` of `count` segments: equal parts of one sequence. */
export const segmentArguments = (index: number, count: number): string[] => {
  const bound = (i: number) => (i === 0 ? '0' : i === count ? '1' : `${i}/${count}`);
  const sequence = Array.from({ length: count + 1 }, (_, i) => bound(i)).join(',');
  return [
    `--execution-segment=${bound(index)}:${bound(index + 1)}`,
    `--execution-segment-sequence=${sequence}`,
  ];
};

const splitArguments = (argv: readonly string[]): { segments: string | undefined; k6Args: string[] } => {
  const k6Args: string[] = [];
  let segments: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--segments') {
      segments = argv[i + 1] ?? '';
      i += 1;
    } else if (arg.startsWith('--segments=')) segments = arg.slice('--segments='.length);
    else k6Args.push(arg);
  }
  return { segments, k6Args };
};

const runChild = (k6: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(k6, [...args], { env, stdio: 'inherit', cwd: KIT_ROOT });
    const onTerm = (): void => {
      child.kill('SIGTERM');
    };
    process.on('SIGTERM', onTerm);
    child.on('error', (error) => {
      process.off('SIGTERM', onTerm);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', onTerm);
      resolvePromise(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });

interface Prepared {
  readonly tenantsFile: string;
  readonly tenants: readonly CapacityTenant[];
  readonly cleanup: () => Promise<void>;
  readonly targetEnv: Record<string, string>;
}

/** The tenants file and the target: the user's, or made up and served by the reference server. */
const prepareTarget = async (env: Env, privateDir: string): Promise<Prepared> => {
  const named = CAPACITY_TENANTS_FILE.read(env);
  let tenantsFile: string;
  let tenants: readonly CapacityTenant[];
  if (named !== undefined) {
    tenantsFile = resolve(named);
    let content: string;
    try {
      content = readFileSync(tenantsFile, 'utf8');
    } catch {
      throw new LoadSetupError(`CAPACITY_TENANTS_FILE names ${tenantsFile}, which cannot be read`);
    }
    tenants = parseTenantsFile(content, 'CAPACITY_TENANTS_FILE');
  } else {
    if (text(env, CONTRACT_VARIABLES.baseUrl) !== undefined) {
      throw new LoadSetupError(
        `CAPACITY_TENANTS_FILE is required with ${CONTRACT_VARIABLES.baseUrl}: the tenants to load (load/README.md)`,
      );
    }
    tenants = generateCapacityTenants({
      count: CAPACITY_TENANT_COUNT.read(env),
      requestsPerWindow: 1000,
      windowSeconds: 60,
      environment: 'sandbox',
    });
    tenantsFile = join(privateDir, 'tenants.json');
    writeTenantsFile(tenantsFile, tenants);
  }
  if (text(env, CONTRACT_VARIABLES.baseUrl) !== undefined) {
    return { tenantsFile, tenants, cleanup: async () => undefined, targetEnv: {} };
  }
  // Imported here: a remote run never loads the reference server.
  const { generateTenants, startReferenceServer } = await import('../reference/index.ts');
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      tenants: [
        ...generateTenants('sandbox', Date.now()),
        ...tenants.map((t) => ({ name: t.name, clientId: t.clientId, accessToken: t.accessToken })),
      ],
      tenantRateLimits: Object.fromEntries(
        tenants.map((t) => [
          t.name,
          { requestsPerWindow: t.requestsPerWindow, windowSeconds: t.windowSeconds },
        ]),
      ),
    });
  } catch (error) {
    // A tenant the server cannot serve (a name of its seeded three, a production token): the file's fault.
    throw new LoadSetupError(
      `the reference server cannot serve the tenants file: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  return {
    tenantsFile,
    tenants,
    cleanup: () => server.close(),
    targetEnv: {
      [CONTRACT_VARIABLES.baseUrl]: server.baseUrl,
      [CONTRACT_VARIABLES.environment]: server.environment,
      [CONTRACT_VARIABLES.embeddedTarget]: 'true',
    },
  };
};

/** A configuration error's line (its first line, when `firstLine`) and exit 2; any other error goes on up. */
const configurationFailure = (error: unknown, fail: SayLine, firstLine = false): number => {
  if (!(error instanceof ConfigError)) throw error;
  fail(`configuration error: ${firstLine ? error.message.split('\n')[0] : error.message}`);
  return EXIT.badConfiguration;
};

/** The number of k6 instances and k6's own arguments, after .env; or the exit code of a configuration error. */
const readArguments = (
  argv: readonly string[],
  fail: SayLine,
): { segments: number; k6Args: string[] } | number => {
  const { segments: segmentsArg, k6Args } = splitArguments(argv);
  try {
    loadDotEnvUnlessIgnored();
    // The option is the setting given on the command line: read by the setting's own definition.
    const segments =
      segmentsArg === undefined
        ? CAPACITY_SEGMENTS.read()
        : CAPACITY_SEGMENTS.parse(segmentsArg, `--segments (${CAPACITY_SEGMENTS.name})`);
    return { segments, k6Args };
  } catch (error) {
    return configurationFailure(error, fail);
  }
};

const prepareOrFailure = async (privateDir: string, fail: SayLine): Promise<Prepared | number> => {
  try {
    return await prepareTarget(process.env, privateDir);
  } catch (error) {
    return configurationFailure(error, fail, true);
  }
};

/** The target's environment and planned duration, the plan said; or the exit code of a refusal. */
const planOrFailure = (
  prepared: Prepared,
  segments: number,
  lines: { say: SayLine; fail: SayLine },
): { targetEnv: NodeJS.ProcessEnv; plannedSeconds: number } | number => {
  try {
    const targetEnv = { ...process.env, ...prepared.targetEnv, CAPACITY_TENANTS_FILE: prepared.tenantsFile };
    const plan = capacityPlan(targetEnv, prepared.tenants);
    const refusal = capacityProductionRefusal(targetEnv, plan.target);
    if (refusal !== undefined) {
      lines.fail(refusal);
      return EXIT.badConfiguration;
    }
    lines.say(
      `${plan.tenants.length} tenants at ${Math.round(plan.share * 100)}% of their limits for ${plan.durationSeconds}s: ${plan.plannedIterations * 3} requests planned against ${plan.target.baseUrl}, in ${segments} k6 instance(s)`,
    );
    return { targetEnv, plannedSeconds: plan.durationSeconds };
  } catch (error) {
    return configurationFailure(error, lines.fail, true);
  }
};

/** A previous run's segments, reports and verdict removed: none of them may pass for this run's. */
const removePreviousOutputs = (reportDir: string, segmentsDir: string): void => {
  rmSync(segmentsDir, { recursive: true, force: true });
  mkdirSync(segmentsDir, { recursive: true });
  for (const file of [
    ...Object.values(reportFilesOf(CAPACITY_SCRIPT, reportDir)),
    ...Object.values(verdictFileNames).map((f) => join(reportDir, f)),
  ]) {
    rmSync(file, { force: true });
  }
};

/** The contract's run id, or a new one: the time to the second and a random suffix. */
const runIdOf = (): string =>
  (contractVariable(CONTRACT_VARIABLES.runId).read()?.trim() || undefined) ??
  `run-${new Date()
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 14)}-${Math.random().toString(16).slice(2, 8)}`;

/** What instance `index` of `segments` runs: its name, k6's arguments and the variables set over the run's. */
export const capacityInstance = (
  index: number,
  segments: number,
  run: { readonly segmentsDir: string; readonly k6Args: readonly string[]; readonly bundleFile: string },
): { name: string; args: string[]; env: Record<string, string> } => {
  const name = segments === 1 ? WHOLE_RUN_NAME : `segment-${index + 1}`;
  const args = [
    'run',
    ...(segments === 1 ? [] : [...segmentArguments(index, segments), '--no-thresholds', '--quiet']),
    `--out=csv=${join(run.segmentsDir, samplesFileOf(name))}`,
    ...run.k6Args,
    run.bundleFile,
  ];
  // One instance exports k6's web dashboard; a segment's would show its share alone.
  const env = {
    ...(segments === 1 ? {} : { K6_WEB_DASHBOARD: 'false' }),
    LOAD_REPORT_DIR: run.segmentsDir,
    CAPACITY_SEGMENT_NAME: name,
  };
  return { name, args, env };
};

/**
 * Runs every instance at once; returns undefined when each ended with a verdict (passed or a threshold
 * crossed), else the exit code of the one that could not start or failed itself.
 */
const runInstances = async (
  k6Path: string,
  segments: number,
  run: Parameters<typeof capacityInstance>[2] & { readonly base: NodeJS.ProcessEnv },
  fail: SayLine,
): Promise<number | undefined> => {
  let codes: number[];
  try {
    codes = await Promise.all(
      Array.from({ length: segments }, (_, index) => {
        const instance = capacityInstance(index, segments, run);
        return runChild(k6Path, instance.args, { ...run.base, ...instance.env });
      }),
    );
  } catch (error) {
    fail(`could not start k6 at ${k6Path}: ${(error as Error).message.split('\n')[0]}`);
    return EXIT.k6Missing;
  }
  const broken = codes.find((code) => code !== 0 && code !== K6_THRESHOLD_FAILED);
  if (broken === undefined) return undefined;
  fail(`a k6 instance exited with ${broken}: no verdict`);
  return exitCodeOfK6(broken);
};

/** Merges the instances' samples and judges the whole; says the dashboard and the verdict, returns its exit code. */
const mergeAndJudge = async (segmentsDir: string, reportDir: string, say: SayLine, fail: SayLine) => {
  const code = await runMerge([segmentsDir], reportDir, fail);
  const dashboard = reportFilesOf(CAPACITY_SCRIPT, reportDir).dashboard;
  if (existsSync(dashboard)) say(`web dashboard: ${relative(process.cwd(), dashboard)}`);
  say(code === 0 ? 'passed' : `failed (exit ${code})`);
  return code;
};

/** The capacity run; returns the kit's exit code. */
export const runCapacity = async (argv: readonly string[], say: SayLine, fail: SayLine): Promise<number> => {
  const read = readArguments(argv, fail);
  if (typeof read === 'number') return read;
  const { segments, k6Args } = read;
  const k6 = findK6(process.env);
  if (!k6.found) {
    fail(k6MissingLine(k6.reason));
    return EXIT.k6Missing;
  }
  const { load: reportDir, bundles } = outputPaths();
  const segmentsDir = join(reportDir, SEGMENTS_FOLDER);
  const privateDir = mkdtempSync(join(tmpdir(), 'kit-capacity-'));
  let prepared: Prepared | undefined;
  try {
    const target = await prepareOrFailure(privateDir, fail);
    if (typeof target === 'number') return target;
    prepared = target;
    const planned = planOrFailure(prepared, segments, { say, fail });
    if (typeof planned === 'number') return planned;
    const bundle = await bundleLoadScript(CAPACITY_SCRIPT, bundles);
    removePreviousOutputs(reportDir, segmentsDir);
    const base = k6RunEnvironment(planned.targetEnv, {
      script: CAPACITY_SCRIPT,
      reportDir,
      runId: runIdOf(),
      plannedSeconds: planned.plannedSeconds,
    });
    const run = { segmentsDir, k6Args, bundleFile: bundle.file, base };
    const failed = await runInstances(k6.path, segments, run, fail);
    if (failed !== undefined) return failed;
    return await mergeAndJudge(segmentsDir, reportDir, say, fail);
  } finally {
    await prepared?.cleanup();
    rmSync(privateDir, { recursive: true, force: true });
  }
};
