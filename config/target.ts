/**
 * The target contract (the README's table, and .env.example): environment variables (or a .env file)
 * parsed with zod into one typed, frozen Target. Nothing else in the kit reads these variables.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ENVIRONMENTS, type Environment, environmentOfToken, TOKEN_PREFIXES } from '../spec/index.ts';
import { ConfigError } from './config-error.ts';
import {
  LIMIT_VARIABLE_NAMES,
  type LimitValues,
  type TenantLimits,
  type TenantName,
  tenantLimits,
} from './rate-limits.ts';

export interface TenantCredentials {
  readonly name: TenantName;
  readonly clientId: string;
  readonly accessToken: string;
}

export interface Target {
  readonly baseUrl: string;
  /** True when the target is the kit's own embedded reference server. */
  readonly embedded: boolean;
  readonly environment: Environment;
  readonly tenantA: TenantCredentials;
  readonly tenantB: TenantCredentials | undefined;
  readonly rateLimitTenant: TenantCredentials | undefined;
  /** Each tenant's rate limit (config/rate-limits.ts): its own, else the shared one, else the spec's. */
  readonly limits: TenantLimits;
  /** Production gets only @readonly checks unless this is set (ALLOW_PRODUCTION_WRITES=true). */
  readonly allowProductionWrites: boolean;
  /** Tags every externalId the run creates, so runs never collide and their data can be found. */
  readonly runId: string;
  /**
   * A PEM file of certificates to trust besides the public CAs (TARGET_CA_FILE): a deployment with a
   * private CA, or the reference server's self-signed HTTPS rehearsal. Absolute path.
   */
  readonly caFile?: string;
}

/** What the contract says before any server is started: a remote target, or "start the embedded one". */
export type TargetContract =
  | { readonly kind: 'remote'; readonly target: Target }
  | { readonly kind: 'embedded'; readonly limits: TenantLimits; readonly runId: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RUN_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

/** Variables whose values are secrets: an error message may name them, never quote them. */
const SECRET_VARIABLES = new Set([
  'TENANT_A_ACCESS_TOKEN',
  'TENANT_B_ACCESS_TOKEN',
  'RATE_LIMIT_ACCESS_TOKEN',
]);

const optionalText = z
  .string()
  .transform((value) => value.trim())
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalPositiveInteger = optionalText.pipe(
  z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number')
    .transform(Number)
    .optional(),
);

/** Every limit variable, shared and per tenant: a positive whole number, or unset. */
const limitShape = Object.fromEntries(LIMIT_VARIABLE_NAMES.map((name) => [name, optionalPositiveInteger]));

const booleanFlag = optionalText.pipe(
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
);

const contractSchema = z.object({
  TARGET_BASE_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  TARGET_ENVIRONMENT: optionalText.pipe(
    z.enum(ENVIRONMENTS, { message: `must be one of: ${ENVIRONMENTS.join(', ')}` }).optional(),
  ),
  TENANT_A_CLIENT_ID: optionalText,
  TENANT_A_ACCESS_TOKEN: optionalText,
  TENANT_B_CLIENT_ID: optionalText,
  TENANT_B_ACCESS_TOKEN: optionalText,
  RATE_LIMIT_CLIENT_ID: optionalText,
  RATE_LIMIT_ACCESS_TOKEN: optionalText,
  ...limitShape,
  TARGET_CA_FILE: optionalText,
  ALLOW_PRODUCTION_WRITES: booleanFlag,
  KIT_EMBEDDED_TARGET: booleanFlag,
  KIT_RUN_ID: optionalText.pipe(
    z.string().regex(RUN_ID_PATTERN, 'must be 1 to 40 letters, digits or dashes').optional(),
  ),
});

type ParsedContract = z.infer<typeof contractSchema>;

export const newRunId = (now: Date = new Date()): string =>
  `run-${now.toISOString().replace(/[-:T]/g, '').slice(0, 14)}-${crypto.randomUUID().slice(0, 6)}`;

const firstIssueMessage = (error: z.ZodError): string => {
  const issue = error.issues[0];
  const variable = String(issue?.path[0] ?? 'target contract');
  return `${variable} ${issue?.message ?? 'is invalid'}`;
};

const tenantFrom = (
  parsed: ParsedContract,
  name: TenantCredentials['name'],
  prefix: 'TENANT_A' | 'TENANT_B' | 'RATE_LIMIT',
  required: boolean,
): TenantCredentials | undefined => {
  const idVariable = `${prefix}_CLIENT_ID` as const;
  const tokenVariable = `${prefix}_ACCESS_TOKEN` as const;
  const clientId = parsed[idVariable];
  const accessToken = parsed[tokenVariable];
  if (clientId === undefined && accessToken === undefined) {
    if (required)
      throw new ConfigError(`${idVariable} and ${tokenVariable} are required when TARGET_BASE_URL is set`);
    return undefined;
  }
  if (clientId === undefined) throw new ConfigError(`${idVariable} is missing while ${tokenVariable} is set`);
  if (accessToken === undefined)
    throw new ConfigError(`${tokenVariable} is missing while ${idVariable} is set`);
  if (!UUID_PATTERN.test(clientId)) throw new ConfigError(`${idVariable} must be a UUID`);
  if (environmentOfToken(accessToken) === undefined) {
    throw new ConfigError(
      `${tokenVariable} must start with ${TOKEN_PREFIXES.sandbox} (sandbox) or ${TOKEN_PREFIXES.production} (production)`,
    );
  }
  return Object.freeze({ name, clientId, accessToken });
};

const environmentFrom = (parsed: ParsedContract, tenants: readonly TenantCredentials[]): Environment => {
  for (const tenant of tenants) {
    const tokenEnvironment = environmentOfToken(tenant.accessToken);
    const variable = `${tenant.name === 'RATE_LIMIT' ? 'RATE_LIMIT' : `TENANT_${tenant.name}`}_ACCESS_TOKEN`;
    const declared = parsed.TARGET_ENVIRONMENT;
    if (declared !== undefined && tokenEnvironment !== declared) {
      throw new ConfigError(
        `${variable} is a ${tokenEnvironment} token but TARGET_ENVIRONMENT is ${declared}: credentials of one environment do not work in the other`,
      );
    }
    const first = tenants[0];
    if (first && environmentOfToken(first.accessToken) !== tokenEnvironment) {
      throw new ConfigError(`${variable} belongs to another environment than TENANT_A_ACCESS_TOKEN`);
    }
  }
  const fromToken = tenants[0] ? environmentOfToken(tenants[0].accessToken) : undefined;
  return parsed.TARGET_ENVIRONMENT ?? fromToken ?? 'sandbox';
};

/** TARGET_CA_FILE resolved against the working directory, and checked to hold a PEM certificate. */
const checkedCaFile = (file: string): string => {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`TARGET_CA_FILE names ${path}, which cannot be read`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new ConfigError(`TARGET_CA_FILE names ${path}, which holds no PEM certificate`);
  }
  return path;
};

/**
 * Reads the contract from an environment (process.env by default). Throws ConfigError with one
 * message naming the offending variable; never includes a secret's value.
 */
export const readTargetContract = (env: NodeJS.ProcessEnv = process.env): TargetContract => {
  const result = contractSchema.safeParse(env);
  if (!result.success) {
    const message = firstIssueMessage(result.error);
    const variable = message.split(' ')[0] ?? '';
    // zod may echo the received value for some issues; secrets are never echoed.
    throw new ConfigError(SECRET_VARIABLES.has(variable) ? `${variable} is invalid` : message);
  }
  const parsed = result.data;
  const runId = parsed.KIT_RUN_ID ?? newRunId();
  const limitValues = parsed as unknown as LimitValues;
  if (parsed.TARGET_BASE_URL === undefined) {
    return Object.freeze({ kind: 'embedded', runId, limits: tenantLimits(limitValues, true) });
  }
  const tenantA = tenantFrom(parsed, 'A', 'TENANT_A', true) as TenantCredentials;
  const tenantB = tenantFrom(parsed, 'B', 'TENANT_B', false);
  const rateLimitTenant = tenantFrom(parsed, 'RATE_LIMIT', 'RATE_LIMIT', false);
  const tenants = [tenantA, tenantB, rateLimitTenant].filter((t): t is TenantCredentials => t !== undefined);
  if (tenantB && tenantB.clientId.toLowerCase() === tenantA.clientId.toLowerCase()) {
    throw new ConfigError(
      'TENANT_B_CLIENT_ID must differ from TENANT_A_CLIENT_ID: tenant B is for isolation checks',
    );
  }
  const target: Target = Object.freeze({
    baseUrl: parsed.TARGET_BASE_URL,
    embedded: parsed.KIT_EMBEDDED_TARGET,
    environment: environmentFrom(parsed, tenants),
    tenantA,
    tenantB,
    rateLimitTenant,
    limits: tenantLimits(limitValues, false),
    allowProductionWrites: parsed.ALLOW_PRODUCTION_WRITES,
    runId,
    ...(parsed.TARGET_CA_FILE === undefined ? {} : { caFile: checkedCaFile(parsed.TARGET_CA_FILE) }),
  });
  return Object.freeze({ kind: 'remote', target });
};

/** The target of a run whose base URL is known (set by the user, or by the embedded server's start). */
export const loadTarget = (env: NodeJS.ProcessEnv = process.env): Target => {
  const contract = readTargetContract(env);
  if (contract.kind !== 'remote')
    throw new ConfigError('TARGET_BASE_URL is not set and no embedded server was started');
  return contract.target;
};

/** Production is written to only with explicit consent. */
export const mayWrite = (target: Target): boolean =>
  target.environment !== 'production' || target.allowProductionWrites;
