/**
 * A deployment seconds away: the whole `fei-kit conformance` run against the reference server behind
 * the self-check's slow proxy (every answer `latencyMs` late, 4 s by default), every tenant at
 * FAR_REQUESTS_PER_WINDOW requests a window. Distance is not a deviation: the run must end as against a
 * near deployment (exit 0), only later, and its plan must say first how long. The figure: the exit
 * code, the wall time, and the duration the plan's first line stated.
 */
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { startFaultProxy } from '../self-check/fault-proxy.ts';
import { envFor, folderOf } from './bench-runs.ts';
import type { Row } from './figure-row.ts';
import { timedRun } from './timed-run.ts';

/** Every tenant's limit in the far part: few enough that the paced tenants' windows matter too. */
export const FAR_REQUESTS_PER_WINDOW = 50;

export interface FarFigure {
  readonly code: number;
  readonly seconds: number;
  readonly latencyMs: number;
  readonly requestsPerWindow: number;
  readonly windowSeconds: number;
  /** The plan's first line as printed (`plan: about 19.2 min in all at a round trip of …`), if any. */
  readonly planLine: string | undefined;
  /** The duration that line states, in seconds. */
  readonly planSeconds: number | undefined;
}

const PLAN_LINE = /^conformance: (plan: about ([\d.]+) (s|min|h) in all at a round trip of \d+ ms.*)$/m;
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, min: 60, h: 3600 };

/** The plan's first line and the duration it states, read from a run's output. */
export const planOf = (output: string): Pick<FarFigure, 'planLine' | 'planSeconds'> => {
  const match = PLAN_LINE.exec(output);
  if (!match) return { planLine: undefined, planSeconds: undefined };
  const [, line, amount, unit] = match as unknown as [string, string, string, string];
  return { planLine: line, planSeconds: Number(amount) * (UNIT_SECONDS[unit] ?? 1) };
};

export const measureFar = async (
  root: string,
  options: { readonly latencyMs: number; readonly windowSeconds: number },
): Promise<FarFigure> => {
  const folder = folderOf(root, 'far');
  const limit = { requestsPerWindow: FAR_REQUESTS_PER_WINDOW, windowSeconds: options.windowSeconds };
  const server = await startReferenceServer({ rateLimit: limit });
  const proxy = await startFaultProxy(server.baseUrl, { kind: 'slow', delayMs: options.latencyMs });
  try {
    // A deployment, not the embedded target: the run sizes itself for the distance it measures.
    const { [CONTRACT_VARIABLES.embeddedTarget]: _embedded, ...target } = targetEnvironmentOf(server);
    const run = await timedRun(
      ['conformance'],
      envFor(join(folder, 'output'), { ...target, [CONTRACT_VARIABLES.baseUrl]: proxy.baseUrl }),
      join(folder, 'conformance.log'),
    );
    return { code: run.code, seconds: run.seconds, ...options, ...limit, ...planOf(run.output) };
  } finally {
    await proxy.close();
    await server.close();
  }
};

const minutes = (seconds: number): string => `${(seconds / 60).toFixed(1)} min`;

/** The far part's row: its goal is the verdict a near deployment gets, exit 0. */
export const farRow = (figure: FarFigure | undefined): Row => {
  const goal = `exit ${EXIT.ok}`;
  if (!figure)
    return {
      measure: 'conformance run, a deployment seconds away',
      figure: 'not measured',
      goal,
      verdict: 'not measured',
    };
  const plan =
    figure.planSeconds === undefined ? 'no plan line' : `plan: about ${minutes(figure.planSeconds)}`;
  return {
    measure: `conformance run, the reference ${figure.latencyMs / 1000} s away (every answer that late; ${figure.requestsPerWindow} per ${figure.windowSeconds} s per tenant)`,
    figure: `exit ${figure.code} after ${minutes(figure.seconds)} (${plan})`,
    goal,
    verdict: figure.code === EXIT.ok && figure.planSeconds !== undefined ? 'met' : 'NOT MET',
  };
};
