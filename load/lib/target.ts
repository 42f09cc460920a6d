/**
 * The target contract (the README's table) as a k6 script reads it from `__ENV`: the same variable names as
 * config/target.ts. The runner (load/run-k6.ts) has already validated them with zod; this k6-safe
 * reading repeats only what a script needs, so that a bundle run by hand (k6 Cloud, k6-operator)
 * still stops with one clear message. Pure: no k6 import, no Node API.
 */
import {
  REMOTE_DEFAULT_LIMIT,
  SHARED_LIMIT_VARIABLES,
  TENANT_LIMIT_VARIABLES,
} from '../../config/rate-limits.ts';
import { TOKEN_PREFIXES } from '../../spec/http-interface.ts';
import { type Env, flag, LoadSetupError, positiveInteger, text } from './env.ts';

export interface LoadTenant {
  readonly name: 'A' | 'B' | 'RATE_LIMIT';
  readonly clientId: string;
  readonly accessToken: string;
}

export interface LoadLimit {
  readonly requestsPerWindow: number;
  readonly windowSeconds: number;
}

export interface LoadTarget {
  readonly baseUrl: string;
  readonly environment: 'sandbox' | 'production';
  /** The kit's embedded reference server (KIT_EMBEDDED_TARGET=true): shorter default durations. */
  readonly embedded: boolean;
  readonly tenantA: LoadTenant;
  readonly tenantB: LoadTenant | undefined;
  readonly rateLimitTenant: LoadTenant | undefined;
  /** Each tenant's limit: its own variables, else the shared ones, else the spec's 1000 per 60 s. */
  readonly limits: Readonly<Record<LoadTenant['name'], LoadLimit>>;
  /** KIT_RUN_ID, when the runner set it; a script without one makes its own in setup(). */
  readonly runId: string | undefined;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RUN_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

const PREFIX_OF: Readonly<Record<LoadTenant['name'], string>> = {
  A: 'TENANT_A',
  B: 'TENANT_B',
  RATE_LIMIT: 'RATE_LIMIT',
};

const tenantFrom = (env: Env, name: LoadTenant['name']): LoadTenant | undefined => {
  const prefix = PREFIX_OF[name];
  const clientId = text(env, `${prefix}_CLIENT_ID`);
  const accessToken = text(env, `${prefix}_ACCESS_TOKEN`);
  if (clientId === undefined && accessToken === undefined) return undefined;
  if (clientId === undefined)
    throw new LoadSetupError(`${prefix}_CLIENT_ID is missing while ${prefix}_ACCESS_TOKEN is set`);
  if (accessToken === undefined)
    throw new LoadSetupError(`${prefix}_ACCESS_TOKEN is missing while ${prefix}_CLIENT_ID is set`);
  if (!UUID_PATTERN.test(clientId)) throw new LoadSetupError(`${prefix}_CLIENT_ID must be a UUID`);
  if (!accessToken.startsWith(TOKEN_PREFIXES.sandbox) && !accessToken.startsWith(TOKEN_PREFIXES.production)) {
    throw new LoadSetupError(
      `${prefix}_ACCESS_TOKEN must start with ${TOKEN_PREFIXES.sandbox} (sandbox) or ${TOKEN_PREFIXES.production} (production)`,
    );
  }
  return Object.freeze({ name, clientId, accessToken });
};

/** A tenant's limit, variable by variable: its own, else the shared one, else the spec's (config/rate-limits.ts). */
const limitOf = (env: Env, name: LoadTenant['name']): LoadLimit => {
  const own = TENANT_LIMIT_VARIABLES[name];
  const shared = {
    requestsPerWindow: positiveInteger(
      env,
      SHARED_LIMIT_VARIABLES.requestsPerWindow,
      REMOTE_DEFAULT_LIMIT.requestsPerWindow,
    ),
    windowSeconds: positiveInteger(
      env,
      SHARED_LIMIT_VARIABLES.windowSeconds,
      REMOTE_DEFAULT_LIMIT.windowSeconds,
    ),
  };
  return Object.freeze({
    requestsPerWindow: positiveInteger(env, own.requestsPerWindow, shared.requestsPerWindow),
    windowSeconds: positiveInteger(env, own.windowSeconds, shared.windowSeconds),
  });
};

/** 'production' when TARGET_ENVIRONMENT says so or any configured token is a `svc_live_` one. */
export const targetEnvironment = (env: Env): 'sandbox' | 'production' => {
  const declared = text(env, 'TARGET_ENVIRONMENT');
  if (declared !== undefined && declared !== 'sandbox' && declared !== 'production') {
    throw new LoadSetupError('TARGET_ENVIRONMENT must be one of: sandbox, production');
  }
  const liveToken = ['TENANT_A', 'TENANT_B', 'RATE_LIMIT'].some((prefix) =>
    (text(env, `${prefix}_ACCESS_TOKEN`) ?? '').startsWith(TOKEN_PREFIXES.production),
  );
  return declared === 'production' || liveToken ? 'production' : 'sandbox';
};

export const readLoadTarget = (env: Env): LoadTarget => {
  const baseUrl = text(env, 'TARGET_BASE_URL');
  if (baseUrl === undefined) {
    throw new LoadSetupError(
      'TARGET_BASE_URL is not set: run the script through npm run load:rate-limit / load:latency (which starts the embedded reference server), or set the target contract',
    );
  }
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) {
    throw new LoadSetupError('TARGET_BASE_URL must be an http:// or https:// address');
  }
  const tenantA = tenantFrom(env, 'A');
  if (tenantA === undefined) {
    throw new LoadSetupError(
      'TENANT_A_CLIENT_ID and TENANT_A_ACCESS_TOKEN are required when TARGET_BASE_URL is set',
    );
  }
  const runId = text(env, 'KIT_RUN_ID');
  if (runId !== undefined && !RUN_ID_PATTERN.test(runId)) {
    throw new LoadSetupError('KIT_RUN_ID must be 1 to 40 letters, digits or dashes');
  }
  return Object.freeze({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    environment: targetEnvironment(env),
    embedded: flag(env, 'KIT_EMBEDDED_TARGET'),
    tenantA,
    tenantB: tenantFrom(env, 'B'),
    rateLimitTenant: tenantFrom(env, 'RATE_LIMIT'),
    limits: Object.freeze({
      A: limitOf(env, 'A'),
      B: limitOf(env, 'B'),
      RATE_LIMIT: limitOf(env, 'RATE_LIMIT'),
    }),
    runId,
  });
};

/** What a report may say about the target: never a token, never a client id. */
export const describeTarget = (target: LoadTarget): string =>
  `${target.baseUrl} (${target.environment}${target.embedded ? ', embedded reference server' : ''})`;
