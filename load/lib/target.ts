/**
 * The target contract (the README's table) as a k6 script reads it from `__ENV`: the same variable names as
 * config/target.ts. The runner (load/run-k6.ts) has already validated them with zod; this k6-safe
 * reading repeats only what a script needs, so that a bundle run by hand (k6 Cloud, k6-operator)
 * still stops with one clear message. Pure: no k6 import, no Node API.
 */
import {
  BASE_URL_PATTERN,
  CLIENT_ID_PATTERN,
  CONTRACT_VARIABLES,
  configuredTokens,
  decideEnvironment,
  REMOTE_DEFAULT_LIMIT,
  RUN_ID_PATTERN,
  RUN_ID_RULE,
  SHARED_LIMIT_VARIABLES,
  TENANT_VARIABLES,
} from '../../contract/index.ts';
import { type Env, flag, LoadSetupError, positiveInteger, text } from './env.ts';

const V = CONTRACT_VARIABLES;

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
  /** The kit's reference server (KIT_EMBEDDED_TARGET=true): shorter default durations. */
  readonly embedded: boolean;
  readonly tenantA: LoadTenant;
  readonly tenantB: LoadTenant | undefined;
  readonly rateLimitTenant: LoadTenant | undefined;
  /** Each tenant's limit: its own variables, else the shared ones, else the spec's 1000 per 60 s. */
  readonly limits: Readonly<Record<LoadTenant['name'], LoadLimit>>;
  /** KIT_RUN_ID, when the runner set it; a script without one makes its own in setup(). */
  readonly runId: string | undefined;
}

const tenantFrom = (env: Env, name: LoadTenant['name']): LoadTenant | undefined => {
  const { clientId: idVariable, accessToken: tokenVariable } = TENANT_VARIABLES[name];
  const clientId = text(env, idVariable);
  const accessToken = text(env, tokenVariable);
  if (clientId === undefined && accessToken === undefined) return undefined;
  if (clientId === undefined)
    throw new LoadSetupError(`${idVariable} is missing while ${tokenVariable} is set`);
  if (accessToken === undefined)
    throw new LoadSetupError(`${tokenVariable} is missing while ${idVariable} is set`);
  if (!CLIENT_ID_PATTERN.test(clientId)) throw new LoadSetupError(`${idVariable} must be a UUID`);
  return Object.freeze({ name, clientId, accessToken });
};

/** A tenant's limit, variable by variable: its own, else the shared one, else the spec's (config/rate-limits.ts). */
const limitOf = (env: Env, name: LoadTenant['name']): LoadLimit => {
  const own = TENANT_VARIABLES[name];
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

/**
 * The contract's environment decision (contract/environment.ts): TARGET_ENVIRONMENT, else the tokens'
 * prefixes; tokens of both environments, or against TARGET_ENVIRONMENT, stop the script, and so does a
 * token of a prefix not the spec's without TARGET_ENVIRONMENT to say which environment it is.
 */
export const targetEnvironment = (env: Env): 'sandbox' | 'production' => {
  const decision = decideEnvironment(
    text(env, V.environment),
    configuredTokens((variable) => text(env, variable)),
  );
  if (!decision.ok) throw new LoadSetupError(decision.message);
  return decision.environment;
};

export const readLoadTarget = (env: Env): LoadTarget => {
  const baseUrl = text(env, V.baseUrl);
  if (baseUrl === undefined) {
    throw new LoadSetupError(
      `${V.baseUrl} is not set: run the script through fei-kit load rate-limit / load:latency (which starts the reference server), or set the target contract`,
    );
  }
  if (!BASE_URL_PATTERN.test(baseUrl)) {
    throw new LoadSetupError(`${V.baseUrl} must be an http:// or https:// address`);
  }
  const tenantA = tenantFrom(env, 'A');
  if (tenantA === undefined) {
    const { clientId, accessToken } = TENANT_VARIABLES.A;
    throw new LoadSetupError(`${clientId} and ${accessToken} are required when ${V.baseUrl} is set`);
  }
  const runId = text(env, V.runId);
  if (runId !== undefined && !RUN_ID_PATTERN.test(runId)) {
    throw new LoadSetupError(`${V.runId} ${RUN_ID_RULE}`);
  }
  return Object.freeze({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    environment: targetEnvironment(env),
    embedded: flag(env, V.embeddedTarget),
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
  `${target.baseUrl} (${target.environment}${target.embedded ? ', reference server' : ''})`;
