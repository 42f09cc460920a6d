/**
 * The tenant-impact gate put together: reads the traffic folder, shows each tenant's footprint, replays
 * each tenant against the candidate (and twice against the baseline, when one is given) under the
 * contract's sandbox tenants, spread over them in turn, each paced within its budget, and gives each
 * tenant its verdict. Tenants of one sandbox tenant replay one after another; sandbox tenants at once.
 */
import { basename } from 'node:path';
import type { RateLimitSettings } from '../config/index.ts';
import { partOfShare, RequestPacer } from '../pacing/request-pacer.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { BudgetRecord, type BudgetRow } from './budget-record.ts';
import { type Baseline, differencesOf } from './differences.ts';
import { footprintOf } from './footprint.ts';
import { type Replay, type ReplayTarget, replayTenant } from './replay.ts';
import type { SandboxTenant } from './replay-request.ts';
import { type ThrottleSampler, throttleSampler } from './throttled-sample.ts';
import type { TenantTraffic } from './traffic.ts';
import { readTrafficFolder, type UnusableFile } from './traffic-folder.ts';
import { impactExitCode, type TenantImpact, verdictOf } from './verdict.ts';

export interface ImpactPlan {
  /** The folder of HAR files (or one file). */
  readonly traffic: string;
  readonly candidate: string;
  readonly baseline?: string;
  /** The sandbox tenants the replays are spread over, each with its limit. */
  readonly sandboxTenants: readonly (SandboxTenant & { readonly limit: RateLimitSettings })[];
  readonly rateLimitTenant?: SandboxTenant & { readonly limit: RateLimitSettings };
  /** How long a request may wait for its answer. */
  readonly timeoutMs: number;
  readonly say: SayLine;
  /** How often a long replay says how far it got (default every 15 s). */
  readonly progressEveryMs?: number;
}

const PROGRESS_EVERY_MS = 15_000;

export interface ImpactResult {
  readonly candidate: string;
  readonly baseline: string | undefined;
  readonly tenants: readonly TenantImpact[];
  readonly unusable: readonly UnusableFile[];
  readonly holdingTokens: readonly string[];
  readonly budget: readonly BudgetRow[];
  readonly exitCode: number;
}

interface Deployment {
  readonly label: 'candidate' | 'baseline';
  readonly baseUrl: string;
  readonly sampler: ThrottleSampler;
}

/** What every replay of one gate run shares. */
interface RunContext {
  readonly plan: ImpactPlan;
  readonly candidate: Deployment;
  readonly baseline: Deployment | undefined;
  readonly budget: BudgetRecord;
  /** One pacer per deployment and sandbox tenant: the same server named twice shares it. */
  readonly pacers: Map<string, RequestPacer>;
}

type Sandbox = ImpactPlan['sandboxTenants'][number];

const pacerOf = (run: RunContext, baseUrl: string, tenant: Sandbox): RequestPacer => {
  const key = `${baseUrl} ${tenant.clientId}`;
  let pacer = run.pacers.get(key);
  if (!pacer) {
    pacer = new RequestPacer(partOfShare(tenant.limit, 1));
    run.pacers.set(key, pacer);
  }
  return pacer;
};

const replayAt = (
  run: RunContext,
  deployment: Deployment,
  draw: number,
  sandbox: Sandbox,
  traffic: TenantTraffic,
): Promise<Replay> => {
  const target: ReplayTarget = {
    baseUrl: deployment.baseUrl,
    tenant: sandbox,
    pacer: pacerOf(run, deployment.baseUrl, sandbox),
    timeoutMs: run.plan.timeoutMs,
    throttled: () => deployment.sampler.draw(draw),
    onSend: run.budget.counter(deployment.baseUrl, sandbox.name, sandbox.limit),
  };
  return replayTenant(traffic.exchanges, traffic.clientId, target);
};

const impactOf = async (run: RunContext, sandbox: Sandbox, traffic: TenantTraffic): Promise<TenantImpact> => {
  let baseline: Baseline | undefined;
  let baselineProblems: string[] = [];
  if (run.baseline) {
    const first = await replayAt(run, run.baseline, 0, sandbox, traffic);
    const second = await replayAt(run, run.baseline, 1, sandbox, traffic);
    baseline = { first, second };
    baselineProblems = [...new Set([...first.problems, ...second.problems])].map((p) => `baseline: ${p}`);
  }
  const candidate = await replayAt(run, run.candidate, 0, sandbox, traffic);
  const reasons = [...baselineProblems, ...candidate.problems];
  const differences = differencesOf(traffic.exchanges, candidate, baseline);
  return {
    tenant: traffic.name,
    file: basename(traffic.file),
    sandboxTenant: sandbox.name,
    exchanges: traffic.exchanges.length,
    footprint: footprintOf(traffic),
    verdict: verdictOf(differences, reasons),
    differences,
    reasons,
  };
};

const deploymentOf = (plan: ImpactPlan, label: Deployment['label'], baseUrl: string): Deployment => ({
  label,
  baseUrl,
  sampler: throttleSampler(
    baseUrl,
    plan.rateLimitTenant,
    plan.rateLimitTenant?.limit ?? { requestsPerWindow: 1, windowSeconds: 1 },
    plan.timeoutMs,
  ),
});

export const runImpact = async (plan: ImpactPlan): Promise<ImpactResult> => {
  const folder = readTrafficFolder(plan.traffic);
  for (const { file, problem } of folder.unusable) plan.say(`${file}: not used: ${problem}`);
  for (const file of folder.holdingTokens)
    plan.say(
      `${file}: holds an access token in clear; it is replaced in the replay and never shown: redact the file`,
    );
  const run: RunContext = {
    plan,
    candidate: deploymentOf(plan, 'candidate', plan.candidate),
    baseline: plan.baseline === undefined ? undefined : deploymentOf(plan, 'baseline', plan.baseline),
    budget: new BudgetRecord(),
    pacers: new Map(),
  };
  const total = folder.tenants.length;
  const impacts: TenantImpact[] = [];
  const exchanges = folder.tenants.reduce((sum, t) => sum + t.exchanges.length, 0);
  const progress = setInterval(() => {
    const sent = run.budget.rows().reduce((sum, row) => sum + row.requests, 0);
    plan.say(
      `replaying: ${impacts.length} of ${total} tenants done, ${sent} requests sent (${exchanges} exchanges recorded)`,
    );
  }, plan.progressEveryMs ?? PROGRESS_EVERY_MS);
  const queues = plan.sandboxTenants.map((sandbox, lane) =>
    (async () => {
      for (let i = lane; i < total; i += plan.sandboxTenants.length) {
        const impact = await impactOf(run, sandbox, folder.tenants[i] as TenantTraffic);
        impacts.push(impact);
        plan.say(
          `[${impacts.length}/${total}] ${impact.tenant}: ${impact.verdict} (${impact.exchanges} exchanges, ${impact.differences.length} differing; sandbox tenant ${sandbox.name})`,
        );
      }
    })(),
  );
  try {
    await Promise.all(queues);
  } finally {
    clearInterval(progress);
  }
  const order = new Map(folder.tenants.map((t, index) => [t.name, index]));
  impacts.sort((a, b) => (order.get(a.tenant) ?? 0) - (order.get(b.tenant) ?? 0));
  return {
    candidate: plan.candidate,
    baseline: plan.baseline,
    tenants: impacts,
    unusable: folder.unusable,
    holdingTokens: folder.holdingTokens,
    budget: run.budget.rows(),
    exitCode: impactExitCode(impacts, folder.unusable),
  };
};
