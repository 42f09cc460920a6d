/**
 * The settings of `fei-kit reference`, read from the environment (which the command's options set)
 * and checked before anything starts. Kept apart from cli.ts so that they can be tested without
 * starting a process.
 */
import { dirname, join, resolve } from 'node:path';
import {
  describeWholeNumber,
  parseWholeNumber,
  REMOTE_DEFAULT_LIMIT,
  SHARED_LIMIT_VARIABLES,
  TENANT_VARIABLES,
  type TenantName,
} from '../contract/index.ts';
import { ENVIRONMENTS, type Environment } from '../spec/index.ts';
import { deploymentByName } from './deployments.ts';
import { mutantsByList } from './mutants.ts';
import { MAX_LATENCY_MS } from './options.ts';
import { variantByName } from './variants.ts';

/** The HTTPS certificate, written beside the credentials file. */
export const CERTIFICATE_FILE_NAME = 'reference-certificate.pem';

export class SettingError extends Error {}

const MAX_REQUESTS_PER_WINDOW = 1_000_000_000;
const MAX_WINDOW_SECONDS = 86_400;

const text = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

const wholeNumber = (
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number => {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const whole = parseWholeNumber(value, { min, max });
  if (whole === undefined) {
    throw new SettingError(`${name} must be ${describeWholeNumber({ min, max })}; got "${value}"`);
  }
  return whole;
};

/** A variant, mutant or deployment name, checked against its catalog (which throws listing the known names). */
const known = (name: string | undefined, lookup: (name: string) => { name: string }): string | undefined => {
  if (name === undefined) return undefined;
  try {
    return lookup(name).name;
  } catch (error) {
    throw new SettingError((error as Error).message);
  }
};

/** `true`/`false` (or 1/0); unset is false. */
const flag = (env: NodeJS.ProcessEnv, name: string): boolean => {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new SettingError(`${name} must be true or false; got "${value}"`);
};

/** A fixed latency (`120`) or a range to draw from (`80-160`), in whole milliseconds. */
const latencyRange = (env: NodeJS.ProcessEnv, name: string): CliSettings['latency'] => {
  const value = text(env, name);
  if (value === undefined) return undefined;
  const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(value);
  const minMs = Number(match?.[1]);
  const maxMs = Number(match?.[2] ?? match?.[1]);
  if (!match || minMs > maxMs || maxMs > MAX_LATENCY_MS) {
    throw new SettingError(
      `${name} must be whole milliseconds, fixed (120) or a range (80-160), at most ${MAX_LATENCY_MS}; got "${value}"`,
    );
  }
  return maxMs === 0 ? undefined : { minMs, maxMs };
};

export interface CliSettings {
  readonly port: number;
  readonly environment: Environment;
  /** Every tenant's limit unless its own is set. */
  readonly requestsPerWindow: number;
  readonly windowSeconds: number;
  /** Each seeded tenant's limit: its own variables, else the shared ones. */
  readonly tenantRateLimits: Readonly<
    Record<TenantName, { readonly requestsPerWindow: number; readonly windowSeconds: number }>
  >;
  readonly variant: string | undefined;
  readonly mutant: string | undefined;
  /** A deployment that differs from the spec as it documents (deployments.ts). */
  readonly deployment: string | undefined;
  readonly credentialsFile: string;
  /** Serve HTTPS with a self-signed certificate generated at start. */
  readonly https: boolean;
  /** A simulated round trip added to every answer. */
  readonly latency: { readonly minMs: number; readonly maxMs: number } | undefined;
  /** Where the certificate goes (beside the credentials file), for clients to trust. */
  readonly certificateFile: string;
  /** REFERENCE_TENANTS_FILE: more tenants, each with its own limit, served beside the seeded three. */
  readonly tenantsFile?: string | undefined;
}

/** `defaultCredentialsFile`: where the credentials go unless REFERENCE_CREDENTIALS_FILE says (the caller's output folder). */
export const readSettings = (env: NodeJS.ProcessEnv, defaultCredentialsFile: string): CliSettings => {
  const environment = text(env, 'REFERENCE_ENVIRONMENT') ?? 'sandbox';
  if (!(ENVIRONMENTS as readonly string[]).includes(environment)) {
    throw new SettingError(
      `REFERENCE_ENVIRONMENT must be one of ${ENVIRONMENTS.join(', ')}; got "${environment}"`,
    );
  }
  const credentialsFile = resolve(text(env, 'REFERENCE_CREDENTIALS_FILE') ?? defaultCredentialsFile);
  const requestsPerWindow = wholeNumber(
    env,
    SHARED_LIMIT_VARIABLES.requestsPerWindow,
    REMOTE_DEFAULT_LIMIT.requestsPerWindow,
    1,
    MAX_REQUESTS_PER_WINDOW,
  );
  const windowSeconds = wholeNumber(
    env,
    SHARED_LIMIT_VARIABLES.windowSeconds,
    REMOTE_DEFAULT_LIMIT.windowSeconds,
    1,
    MAX_WINDOW_SECONDS,
  );
  const limitOf = (name: TenantName) => ({
    requestsPerWindow: wholeNumber(
      env,
      TENANT_VARIABLES[name].requestsPerWindow,
      requestsPerWindow,
      1,
      MAX_REQUESTS_PER_WINDOW,
    ),
    windowSeconds: wholeNumber(
      env,
      TENANT_VARIABLES[name].windowSeconds,
      windowSeconds,
      1,
      MAX_WINDOW_SECONDS,
    ),
  });
  return {
    // Prefixed: a bare PORT, which platforms set for their own servers, never moves the reference server.
    port: wholeNumber(env, 'REFERENCE_PORT', 8080, 0, 65535),
    environment: environment as Environment,
    requestsPerWindow,
    windowSeconds,
    tenantRateLimits: {
      A: limitOf('A'),
      B: limitOf('B'),
      RATE_LIMIT: limitOf('RATE_LIMIT'),
    },
    variant: known(text(env, 'REFERENCE_VARIANT'), variantByName),
    mutant: known(text(env, 'REFERENCE_MUTANT'), mutantsByList),
    deployment: known(text(env, 'REFERENCE_DEPLOYMENT'), deploymentByName),
    credentialsFile,
    https: flag(env, 'REFERENCE_HTTPS'),
    latency: latencyRange(env, 'REFERENCE_LATENCY_MS'),
    certificateFile: join(dirname(credentialsFile), CERTIFICATE_FILE_NAME),
    tenantsFile:
      text(env, 'REFERENCE_TENANTS_FILE') && resolve(text(env, 'REFERENCE_TENANTS_FILE') as string),
  };
};
