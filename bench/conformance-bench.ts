/**
 * The conformance run timed, against the reference server (`embedded`) and against a deployment
 * rehearsed on this machine (`remote`: bench/remote-rehearsal.ts), with its projection to the real
 * one-minute window through the run plan and the 429s it met outside the rate-limit checks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { defaultWorkers } from '../config/run-workers.ts';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import { runPlan } from '../conformance-run/run-plan.ts';
import { envFor, folderOf } from './bench-runs.ts';
import type { EmbeddedFigure, RemoteFigure } from './kit-figures.ts';
import { startRemoteRehearsal } from './remote-rehearsal.ts';
import { timedRun } from './timed-run.ts';

/** The conforming run timed; `beforeSeconds`, the same run's time before a change, is kept beside it. */
export const measureEmbedded = async (root: string, beforeSeconds?: number): Promise<EmbeddedFigure> => {
  const folder = folderOf(root, 'embedded');
  const run = await timedRun(['conformance'], envFor(folder), join(folder, 'conformance.log'));
  return { seconds: run.seconds, code: run.code, ...(beforeSeconds === undefined ? {} : { beforeSeconds }) };
};

const budgetSchema = z.object({
  tenants: z.record(z.string(), z.object({ outsideRateLimitChecks: z.object({ throttled: z.number() }) })),
});

const throttledOutside = (outputDir: string): number | undefined => {
  try {
    const budget = budgetSchema.parse(
      JSON.parse(readFileSync(join(outputDir, 'conformance', 'request-stats.json'), 'utf8')),
    );
    return Object.values(budget.tenants).reduce((sum, t) => sum + t.outsideRateLimitChecks.throttled, 0);
  } catch {
    return undefined;
  }
};

export const measureRemote = async (
  root: string,
  scale: number,
  latencyMs: number,
): Promise<RemoteFigure> => {
  const folder = folderOf(root, 'remote');
  const server = await startRemoteRehearsal({ scale, latencyMs, env: kitEnvironment() });
  try {
    const outputDir = join(folder, 'output');
    const run = await timedRun(
      ['conformance'],
      // The rehearsal's contract file, read as a user's .env is.
      { ...envFor(outputDir), KIT_IGNORE_DOTENV: 'false', KIT_ENV_FILE: server.envFile },
      join(folder, 'conformance.log'),
    );
    const planAt = (windowSeconds: number) =>
      runPlan({
        limits: {
          A: { ...server.limit, windowSeconds },
          B: { ...server.limit, windowSeconds },
          RATE_LIMIT: { ...server.limit, windowSeconds },
        },
        embedded: false,
        workers: defaultWorkers(false),
        roundTripMs: latencyMs,
        tenantB: true,
        rateLimitTenant: true,
        readOnly: false,
      }).seconds;
    return {
      seconds: run.seconds,
      code: run.code,
      windowSeconds: server.limit.windowSeconds,
      requestsPerWindow: server.limit.requestsPerWindow,
      latencyMs,
      throttledOutside: throttledOutside(outputDir),
      planSeconds: planAt(server.limit.windowSeconds),
      planRealSeconds: planAt(60),
    };
  } finally {
    await server.close();
  }
};
