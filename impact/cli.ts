/**
 * `fei-kit impact --traffic <folder>`: the target contract names the candidate and its sandbox tenants
 * (with no TARGET_BASE_URL, the kit's reference server stands in); `--baseline` another deployment the
 * same tenants reach. Writes the report into <output>/impact and returns the gate's exit code.
 */
import { join } from 'node:path';
import {
  ConfigError,
  loadDotEnvUnlessIgnored,
  mayWrite,
  readTargetContract,
  readTimeouts,
  type TenantLimits,
} from '../config/index.ts';
import { contractVariable } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES, SECRET_VARIABLES } from '../contract/index.ts';
import { type RunningReferenceServer, startReferenceServer } from '../reference/index.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { outputRoot } from '../utilities/output-paths.ts';
import { redact, registerSecrets } from '../utilities/redaction.ts';
import { type ImpactPlan, runImpact } from './impact-run.ts';
import type { SandboxTenant } from './replay-request.ts';
import { headlineOf, IMPACT_FILES, IMPACT_FOLDER, reportOf } from './report/impact-report.ts';
import { writeImpactReport } from './report/write-report.ts';
import { TrafficFolderError } from './traffic-folder.ts';

export interface ImpactOptions {
  readonly traffic: string;
  readonly baseline: string | undefined;
  /** The contract's tenants to spread the replays over: `A`, `B`. */
  readonly tenants: readonly string[];
}

const SPREADABLE = ['A', 'B'] as const;

export const parseTenantList = (text: string | undefined): readonly ('A' | 'B')[] => {
  const names = (text ?? 'A').split(',').map((name) => name.trim().toUpperCase());
  const bad = names.find((name) => !(SPREADABLE as readonly string[]).includes(name));
  if (bad !== undefined)
    throw new ConfigError(`--tenants takes A, B or A,B (the contract's tenants); got "${bad}"`);
  return [...new Set(names)] as ('A' | 'B')[];
};

const checkedUrl = (text: string): string => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`--baseline is not a URL: "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`--baseline must be an http or https URL; got ${url.protocol}`);
  return url.toString().replace(/\/$/, '');
};

interface ContractTenants {
  readonly baseUrl: string;
  readonly tenants: Readonly<Record<'A' | 'B' | 'RATE_LIMIT', SandboxTenant | undefined>>;
  readonly limits: TenantLimits;
  readonly server?: RunningReferenceServer;
}

/** The candidate and its tenants: the contract's target, or the reference server started here. */
const candidateOf = async (): Promise<ContractTenants> => {
  const contract = readTargetContract();
  if (contract.kind === 'remote') {
    const { target } = contract;
    if (!mayWrite(target))
      throw new ConfigError(
        `the replay creates and updates events: refusing a production target without ${CONTRACT_VARIABLES.allowProductionWrites}=true`,
      );
    const tenants = { A: target.tenantA, B: target.tenantB, RATE_LIMIT: target.rateLimitTenant };
    return { baseUrl: target.baseUrl, tenants, limits: target.limits };
  }
  const server = await startReferenceServer({
    rateLimit: contract.limits.A,
    tenantRateLimits: contract.limits,
  });
  const named = (name: 'A' | 'B' | 'RATE_LIMIT'): SandboxTenant => {
    const { clientId, accessToken } = server.tenants[name];
    return { name, clientId, accessToken };
  };
  registerSecrets(...server.allTenants.map((t) => t.accessToken));
  const tenants = { A: named('A'), B: named('B'), RATE_LIMIT: named('RATE_LIMIT') };
  return { baseUrl: server.baseUrl, tenants, limits: contract.limits, server };
};

const planOf = (options: ImpactOptions, candidate: ContractTenants, say: SayLine): ImpactPlan => {
  const sandboxTenants = options.tenants.map((name) => {
    const tenant = candidate.tenants[name as 'A' | 'B'];
    if (!tenant) throw new ConfigError(`--tenants names ${name}, which the target contract does not set`);
    return { ...tenant, limit: candidate.limits[name as 'A' | 'B'] };
  });
  const rateLimit = candidate.tenants.RATE_LIMIT;
  return {
    traffic: options.traffic,
    candidate: candidate.baseUrl,
    ...(options.baseline === undefined ? {} : { baseline: checkedUrl(options.baseline) }),
    sandboxTenants,
    ...(rateLimit ? { rateLimitTenant: { ...rateLimit, limit: candidate.limits.RATE_LIMIT } } : {}),
    timeoutMs: readTimeouts().requestMs,
    say,
  };
};

export const runImpactCommand = async (options: ImpactOptions, say: SayLine): Promise<number> => {
  loadDotEnvUnlessIgnored();
  registerSecrets(...SECRET_VARIABLES.map((name) => contractVariable(name).read()?.trim()));
  const speak: SayLine = (line) => say(redact(line));
  const candidate = await candidateOf();
  try {
    const plan = planOf(options, candidate, speak);
    speak(
      `replaying ${options.traffic} against ${candidate.server ? 'the reference server' : new URL(candidate.baseUrl).origin}${plan.baseline ? ` (baseline ${new URL(plan.baseline).origin}, twice)` : ''} under sandbox tenant${plan.sandboxTenants.length > 1 ? 's' : ''} ${plan.sandboxTenants.map((t) => t.name).join(', ')}`,
    );
    let result: Awaited<ReturnType<typeof runImpact>>;
    try {
      result = await runImpact(plan);
    } catch (error) {
      if (error instanceof TrafficFolderError) throw new ConfigError(error.message);
      throw error;
    }
    const report = reportOf(result);
    const folder = join(outputRoot(), IMPACT_FOLDER);
    writeImpactReport(report, folder);
    speak(headlineOf(report));
    speak(
      `report: ${join(folder, IMPACT_FILES.markdown)} (also .html, .json, .junit.xml and allure-results/)`,
    );
    return report.exitCode;
  } finally {
    await candidate.server?.close();
  }
};
