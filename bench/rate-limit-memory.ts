/**
 * The rate-limit checks' memory as the limit grows: the same checks (the 429 burst, the headers, the
 * per-tenant stream: the ones whose requests grow with the limit and wait for no fresh window) run
 * against the reference server at the spec's 1000 per 60 s and at 100,000 per 60 s, and the peak
 * resident memory of the busiest worker compared (request-budget.json's `peakWorkerRssKb`). The goal:
 * at most 1.5 times as much, since what the checks keep of a burst does not grow with its requests.
 */
import { readFileSync } from 'node:fs';
import { TENANT_LIMIT_VARIABLES } from '../config/index.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import type { Row } from './figure-row.ts';
import { timedRun } from './timed-run.ts';

/** The rate-limit checks that wait for no fresh window. */
export const UNWAITED_RATE_LIMIT_CHECKS =
  'RATE-LIMIT-429: inside a fresh window|RATE-LIMIT-NO-HEADERS|RATE-LIMIT-PER-TENANT';

export const RATE_LIMIT_MEMORY_GOAL = 1.5;

export interface LimitMemory {
  readonly requestsPerWindow: number;
  readonly code: number;
  readonly seconds: number;
  /** The busiest worker's peak resident memory, in kilobytes. */
  readonly peakRssKb: number | undefined;
  /** Requests the rate-limit tenant was sent. */
  readonly requests: number | undefined;
}

export interface RateLimitMemoryFigure {
  readonly spec: LimitMemory;
  readonly raised: LimitMemory;
  /** Set when a run did not pass. */
  readonly code: number;
}

/** What the bench reads of the run's request-budget.json. */
interface BudgetFigures {
  readonly peakWorkerRssKb?: number;
  readonly tenants?: { readonly RATE_LIMIT?: { readonly requests?: number } };
}

const measureAt = async (
  requestsPerWindow: number,
  folderOf: (name: string) => string,
  envFor: (outputDir: string, extra: NodeJS.ProcessEnv) => NodeJS.ProcessEnv,
): Promise<LimitMemory> => {
  const folder = folderOf(`rate-limit-memory-${requestsPerWindow}`);
  const own = TENANT_LIMIT_VARIABLES.RATE_LIMIT;
  const run = await timedRun(
    ['conformance', '--grep', UNWAITED_RATE_LIMIT_CHECKS, '--workers=1'],
    envFor(folder, { [own.requestsPerWindow]: String(requestsPerWindow), [own.windowSeconds]: '60' }),
    `${folder}/conformance.log`,
  );
  let report: BudgetFigures | undefined;
  try {
    report = JSON.parse(
      readFileSync(outputPaths({ KIT_OUTPUT_DIR: folder }).requestBudget, 'utf8'),
    ) as BudgetFigures;
  } catch {
    report = undefined;
  }
  return {
    requestsPerWindow,
    code: run.code,
    seconds: run.seconds,
    peakRssKb: report?.peakWorkerRssKb,
    requests: report?.tenants?.RATE_LIMIT?.requests,
  };
};

export const measureRateLimitMemory = async (
  folderOf: (name: string) => string,
  envFor: (outputDir: string, extra: NodeJS.ProcessEnv) => NodeJS.ProcessEnv,
): Promise<RateLimitMemoryFigure> => {
  const spec = await measureAt(1000, folderOf, envFor);
  const raised = await measureAt(100_000, folderOf, envFor);
  return { spec, raised, code: spec.code !== 0 ? spec.code : raised.code };
};

const mb = (kb: number | undefined): string => (kb === undefined ? '?' : `${Math.round(kb / 1024)} MB`);

export const rateLimitMemoryRow = (figure: RateLimitMemoryFigure | undefined): Row => {
  const measure =
    'rate-limit checks, peak worker memory at 100,000 per 60 s / at 1000 per 60 s (the 429 burst, headers, per tenant)';
  const goal = `≤ ${RATE_LIMIT_MEMORY_GOAL}`;
  if (!figure) return { measure, figure: 'not measured', goal, verdict: 'not measured' };
  const { spec, raised } = figure;
  const ratio =
    spec.peakRssKb && raised.peakRssKb !== undefined ? raised.peakRssKb / spec.peakRssKb : undefined;
  const failed = figure.code === 0 ? '' : ` (exit ${figure.code}: a run did not pass, so no goal is met)`;
  return {
    measure,
    figure: `${ratio === undefined ? '?' : ratio.toFixed(2)} (${mb(raised.peakRssKb)} for ${raised.requests ?? '?'} requests, ${mb(spec.peakRssKb)} for ${spec.requests ?? '?'})${failed}`,
    goal,
    verdict: figure.code === 0 && ratio !== undefined && ratio <= RATE_LIMIT_MEMORY_GOAL ? 'met' : 'NOT MET',
  };
};
