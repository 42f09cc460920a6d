/**
 * ReferenceServerOptions checked and completed with the defaults, once, before anything starts. An
 * unknown mutant or variant, a bad rate limit or a malformed tenant stops the start with a clear error.
 */
import { resolve } from 'node:path';
import { MAX_LATENCY_MS } from '../config/settings/reference-settings.ts';
import { DEFAULT_RATE_LIMIT, ENVIRONMENTS } from '../spec/index.ts';
import { deploymentByName } from './deployments.ts';
import { hooksWith } from './hooks.ts';
import { mutantsByList } from './mutants.ts';
import { resolveBehaviour } from './resolve-behaviour.ts';
import { generateTenants } from './tenants.ts';
import type { RateLimitOptions, ReferenceOptions, ReferenceServerOptions } from './types.ts';
import { variantByName } from './variants.ts';

/** Every option with its default filled in and checked (types.ts declares them), and the tokens' prefix they decide. */
export type ResolvedOptions = ReferenceOptions & {
  /** The prefix of the environment's tokens (the spec's, unless a mutant issues another). */
  readonly tokenPrefix: string;
};

const checkedLatency = (latency: ReferenceServerOptions['latency']): ResolvedOptions['latency'] => {
  if (latency === undefined) return undefined;
  const { minMs, maxMs } = latency;
  const valid = (ms: unknown) =>
    typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms <= MAX_LATENCY_MS;
  if (!valid(minMs) || !valid(maxMs) || minMs > maxMs) {
    throw new Error(
      `latency must be { minMs, maxMs } with 0 <= minMs <= maxMs <= ${MAX_LATENCY_MS}; got ${JSON.stringify(latency)}`,
    );
  }
  return maxMs === 0 ? undefined : Object.freeze({ minMs, maxMs });
};

const checkedTls = (tls: ReferenceServerOptions['tls']): ResolvedOptions['tls'] => {
  if (tls === undefined) return undefined;
  if (typeof tls.key !== 'string' || !tls.key.includes('PRIVATE KEY-----')) {
    throw new Error('tls.key must be a PEM private key');
  }
  if (typeof tls.cert !== 'string' || !tls.cert.includes('-----BEGIN CERTIFICATE-----')) {
    throw new Error('tls.cert must be a PEM certificate');
  }
  return Object.freeze({ key: tls.key, cert: tls.cert });
};

const checkedAnswersFile = (file: ReferenceServerOptions['answersFile']): string | undefined => {
  if (file === undefined) return undefined;
  if (typeof file !== 'string' || file.trim() === '') throw new Error('answersFile must be a file path');
  return resolve(file.trim());
};

export const DEFAULT_HOST = '127.0.0.1';

const checkedRateLimit = (label: string, limit: RateLimitOptions): RateLimitOptions => {
  const { requestsPerWindow, windowSeconds } = limit;
  if (!Number.isInteger(requestsPerWindow) || requestsPerWindow < 1) {
    throw new Error(`${label}.requestsPerWindow must be a positive whole number; got ${requestsPerWindow}`);
  }
  if (typeof windowSeconds !== 'number' || !Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    throw new Error(`${label}.windowSeconds must be a positive number; got ${windowSeconds}`);
  }
  return Object.freeze({ requestsPerWindow, windowSeconds });
};

export const resolveOptions = (options: ReferenceServerOptions = {}): ResolvedOptions => {
  const environment = options.environment ?? 'sandbox';
  if (!ENVIRONMENTS.includes(environment)) {
    throw new Error(`environment must be one of ${ENVIRONMENTS.join(', ')}; got ${String(environment)}`);
  }
  // A deployment is its variant's readings and its mutants' deviations (deployments.ts).
  const deployment = options.deployment === undefined ? undefined : deploymentByName(options.deployment);
  const mutantList = [
    ...(deployment?.mutants ?? []),
    ...(options.mutant === undefined ? [] : [options.mutant]),
  ];
  const mutated = mutantList.length === 0 ? undefined : mutantsByList(mutantList.join(','));
  const mutant = mutated?.name;
  const tokenPrefix = hooksWith(mutated?.hooks).tokenPrefix(environment);
  const variant =
    options.variant === undefined && deployment === undefined
      ? undefined
      : variantByName(options.variant ?? (deployment?.variant as string));
  // A mutant of an operation only some readings have brings that reading; a variant's or the caller's
  // own readings go over it.
  const behaviour = resolveBehaviour(mutated?.behaviour, variant?.behaviour, options.behaviour);

  const rateLimit = checkedRateLimit('rateLimit', {
    requestsPerWindow: options.rateLimit?.requestsPerWindow ?? DEFAULT_RATE_LIMIT.requests,
    windowSeconds: options.rateLimit?.windowSeconds ?? DEFAULT_RATE_LIMIT.windowSeconds,
  });
  const tenantRateLimits = Object.freeze(
    Object.fromEntries(
      Object.entries(options.tenantRateLimits ?? {}).map(([name, limit]) => [
        name,
        checkedRateLimit(`tenantRateLimits.${name}`, limit),
      ]),
    ),
  );

  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`port must be a whole number from 0 to 65535; got ${port}`);
  }
  const clock = options.clock ?? Date.now;
  return Object.freeze({
    environment,
    tokenPrefix,
    tenants: options.tenants ?? generateTenants(environment, clock(), tokenPrefix),
    rateLimit,
    tenantRateLimits,
    behaviour,
    variant: variant?.name,
    mutant,
    deployment: deployment?.name,
    host: options.host ?? DEFAULT_HOST,
    port,
    clock,
    tls: checkedTls(options.tls),
    latency: checkedLatency(options.latency),
    answersFile: checkedAnswersFile(options.answersFile),
  });
};
