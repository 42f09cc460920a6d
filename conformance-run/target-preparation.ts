/**
 * The run's target made ready and its plan said, before Playwright starts: a deployment is asked by
 * the preflight whether it is the service (and how long a round trip takes, which every wait of the
 * run is sized from); the embedded reference server is started later by the global setup. Either way
 * the plan (requests, duration) is printed before the first check.
 */
import { caTrustEnvironment, mayWrite, readTimeouts } from '../config/index.ts';
import type { PlaywrightArguments } from '../config/playwright-arguments.ts';
import { defaultWorkers, workersOfArguments } from '../config/run-workers.ts';
import { KIT_ROUND_TRIP_MS } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { preflight } from './preflight.ts';
import type { TargetContract } from './run-inputs.ts';
import { describeRunPlan, type PlanInput, runPlan } from './run-plan.ts';
import { chooseWorkers } from './run-workers-plan.ts';
import type { Selection } from './selection.ts';

type RemoteContract = Extract<TargetContract, { kind: 'remote' }>;

/** The plan's input for the target, but the round trip (known only after the preflight). */
const planInputOf = (
  contract: TargetContract,
  workers: number,
  selection: Selection | undefined,
): Omit<PlanInput, 'roundTripMs'> => {
  const shared = { workers, ...(selection ? { selection } : {}) };
  if (contract.kind !== 'remote')
    return {
      ...shared,
      limits: contract.limits,
      embedded: true,
      tenantB: true,
      rateLimitTenant: true,
      readOnly: false,
    };
  const { target } = contract;
  return {
    ...shared,
    limits: target.limits,
    embedded: target.embedded,
    tenantB: target.tenantB !== undefined,
    rateLimitTenant: target.rateLimitTenant !== undefined,
    readOnly: !mayWrite(target),
  };
};

/** A deployment: says what it is, asks the preflight, and hands the round trip to the run's waits. */
const preflightRemote = async (contract: RemoteContract, say: SayLine): Promise<number> => {
  const { target } = contract;
  say(`target ${target.baseUrl} (${target.environment}), run ${target.runId}`);
  // Playwright and its workers, started later, trust TARGET_CA_FILE from their first instruction.
  Object.assign(process.env, caTrustEnvironment(target));
  if (!mayWrite(target)) {
    say(
      `PRODUCTION target: only @readonly checks run (set ${CONTRACT_VARIABLES.allowProductionWrites}=true to run everything)`,
    );
  }
  const { roundTripMs, bodiesBreakPart7 } = await preflight(target);
  KIT_ROUND_TRIP_MS.write(String(Math.max(1, roundTripMs)));
  const timeouts = readTimeouts();
  if (bodiesBreakPart7) say(`preflight: ${bodiesBreakPart7}`);
  say(
    `preflight: the service answers, round trip ${roundTripMs} ms; a request without an answer after ${timeouts.requestMs / 1000} s is not run, a check stops after ${timeouts.testMs / 1000} s`,
  );
  return roundTripMs;
};

/**
 * Readies the target and prints the plan; returns the arguments Playwright gets besides the user's.
 * A target that is no working deployment throws a PreflightError (or a ConfigError) here.
 */
export const prepareTarget = async (
  contract: TargetContract,
  args: PlaywrightArguments,
  selection: Selection | undefined,
  say: SayLine,
): Promise<readonly string[]> => {
  const embedded = contract.kind !== 'remote' || contract.target.embedded;
  const asked = workersOfArguments(args.forPlaywright);
  const { workers, extraArguments } = chooseWorkers(asked, defaultWorkers(embedded), selection, embedded);
  let roundTripMs: number | undefined;
  if (contract.kind === 'remote') roundTripMs = await preflightRemote(contract, say);
  else say(`no ${CONTRACT_VARIABLES.baseUrl}: starting the reference server, run ${contract.runId}`);
  const plan = runPlan({ ...planInputOf(contract, workers, selection), roundTripMs });
  for (const line of describeRunPlan(plan, embedded)) say(line);
  return extraArguments;
};
