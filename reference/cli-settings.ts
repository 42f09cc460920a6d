/**
 * The settings of `fei-kit reference`, read from the environment (which the command's options set)
 * and checked before anything starts. Each is read by its definition in the kit's registry of settings
 * (config/settings/reference-settings.ts), which holds its name, unit, default and bounds; the target
 * contract's limits are read with the registry's reading of a whole number. What is left here is the
 * reference's own: a variant's, mutant's or deployment's name checked against its catalog, and the
 * files' places. Kept apart from cli.ts so that they can be tested without starting a process.
 */
import { dirname, join, resolve } from 'node:path';
import {
  REFERENCE_CREDENTIALS_FILE,
  REFERENCE_DEPLOYMENT,
  REFERENCE_ENVIRONMENT,
  REFERENCE_HTTPS,
  REFERENCE_LATENCY_MS,
  REFERENCE_MUTANT,
  REFERENCE_PORT,
  REFERENCE_TENANTS_FILE,
  REFERENCE_VARIANT,
} from '../config/settings/reference-settings.ts';
import { type Environment as SettingsEnvironment, wholeNumber } from '../config/settings/setting.ts';
import {
  REMOTE_DEFAULT_LIMIT,
  SHARED_LIMIT_VARIABLES,
  TENANT_VARIABLES,
  type TenantName,
} from '../contract/index.ts';
import type { Environment } from '../spec/index.ts';
import { deploymentByName } from './deployments.ts';
import { mutantsByList } from './mutants.ts';
import { variantByName } from './variants.ts';

/** The HTTPS certificate, written beside the credentials file. */
export const CERTIFICATE_FILE_NAME = 'reference-certificate.pem';

export class SettingError extends Error {}

const MAX_REQUESTS_PER_WINDOW = 1_000_000_000;
const MAX_WINDOW_SECONDS = 86_400;

/** A limit of the target contract, a whole number in its bounds, the fallback when unset. */
const limitNumber = (env: SettingsEnvironment, name: string, fallback: number, max: number): number =>
  wholeNumber(fallback, 1, max)(env[name], name);

/** A variant, mutant or deployment name, checked against its catalog (which throws listing the known names). */
const known = (name: string | undefined, lookup: (name: string) => { name: string }): string | undefined => {
  if (name === undefined) return undefined;
  try {
    return lookup(name).name;
  } catch (error) {
    throw new SettingError((error as Error).message);
  }
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
export const readSettings = (env: SettingsEnvironment, defaultCredentialsFile: string): CliSettings => {
  const credentialsFile = resolve(REFERENCE_CREDENTIALS_FILE.read(env) ?? defaultCredentialsFile);
  const requestsPerWindow = limitNumber(
    env,
    SHARED_LIMIT_VARIABLES.requestsPerWindow,
    REMOTE_DEFAULT_LIMIT.requestsPerWindow,
    MAX_REQUESTS_PER_WINDOW,
  );
  const windowSeconds = limitNumber(
    env,
    SHARED_LIMIT_VARIABLES.windowSeconds,
    REMOTE_DEFAULT_LIMIT.windowSeconds,
    MAX_WINDOW_SECONDS,
  );
  const limitOf = (name: TenantName) => ({
    requestsPerWindow: limitNumber(
      env,
      TENANT_VARIABLES[name].requestsPerWindow,
      requestsPerWindow,
      MAX_REQUESTS_PER_WINDOW,
    ),
    windowSeconds: limitNumber(env, TENANT_VARIABLES[name].windowSeconds, windowSeconds, MAX_WINDOW_SECONDS),
  });
  const tenantsFile = REFERENCE_TENANTS_FILE.read(env);
  return {
    // Prefixed: a bare PORT, which platforms set for their own servers, never moves the reference server.
    port: REFERENCE_PORT.read(env),
    environment: REFERENCE_ENVIRONMENT.read(env),
    requestsPerWindow,
    windowSeconds,
    tenantRateLimits: {
      A: limitOf('A'),
      B: limitOf('B'),
      RATE_LIMIT: limitOf('RATE_LIMIT'),
    },
    variant: known(REFERENCE_VARIANT.read(env), variantByName),
    mutant: known(REFERENCE_MUTANT.read(env), mutantsByList),
    deployment: known(REFERENCE_DEPLOYMENT.read(env), deploymentByName),
    credentialsFile,
    https: REFERENCE_HTTPS.read(env),
    latency: REFERENCE_LATENCY_MS.read(env),
    certificateFile: join(dirname(credentialsFile), CERTIFICATE_FILE_NAME),
    tenantsFile: tenantsFile && resolve(tenantsFile),
  };
};
