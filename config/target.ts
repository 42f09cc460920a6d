/**
 * The target contract (the README's table, and .env.example): environment variables (or a .env file)
 * parsed with zod into one typed, frozen Target. Nothing else in the kit reads these variables.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  CLIENT_ID_PATTERN,
  CONTRACT_VARIABLES,
  configuredTokens,
  decideEnvironment,
  POSITIVE_INTEGER_PATTERN,
  RUN_ID_PATTERN,
  RUN_ID_RULE,
  SECRET_VARIABLES,
  TENANT_VARIABLES,
  type TokenPrefixes,
} from '../contract/index.ts';
import { ENVIRONMENTS, type Environment } from '../spec/index.ts';
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
  /** True when the target is the kit's own reference server. */
  readonly embedded: boolean;
  readonly environment: Environment;
  /**
   * The token prefix of each environment as this target uses them: its tokens' own (the spec's
   * `svc_test_`, or another a deployment issues), and for the other environment the same with `test`
   * and `live` swapped. What the checks of "a token of the other environment" build on.
   */
  readonly tokenPrefixes: TokenPrefixes;
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

const V = CONTRACT_VARIABLES;
const { A, B, RATE_LIMIT } = TENANT_VARIABLES;

const optionalText = z
  .string()
  .transform((value) => value.trim())
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalPositiveInteger = optionalText.pipe(
  z.string().regex(POSITIVE_INTEGER_PATTERN, 'must be a positive whole number').transform(Number).optional(),
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
  [V.baseUrl]: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  [V.environment]: optionalText.pipe(
    z.enum(ENVIRONMENTS, { message: `must be one of: ${ENVIRONMENTS.join(', ')}` }).optional(),
  ),
  [A.clientId]: optionalText,
  [A.accessToken]: optionalText,
  [B.clientId]: optionalText,
  [B.accessToken]: optionalText,
  [RATE_LIMIT.clientId]: optionalText,
  [RATE_LIMIT.accessToken]: optionalText,
  ...limitShape,
  [V.caFile]: optionalText,
  [V.allowProductionWrites]: booleanFlag,
  [V.embeddedTarget]: booleanFlag,
  [V.runId]: optionalText.pipe(z.string().regex(RUN_ID_PATTERN, RUN_ID_RULE).optional()),
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
  required: boolean,
): TenantCredentials | undefined => {
  const { clientId: idVariable, accessToken: tokenVariable } = TENANT_VARIABLES[name];
  const clientId = parsed[idVariable];
  const accessToken = parsed[tokenVariable];
  if (clientId === undefined && accessToken === undefined) {
    if (required)
      throw new ConfigError(`${idVariable} and ${tokenVariable} are required when ${V.baseUrl} is set`);
    return undefined;
  }
  if (clientId === undefined) throw new ConfigError(`${idVariable} is missing while ${tokenVariable} is set`);
  if (accessToken === undefined)
    throw new ConfigError(`${tokenVariable} is missing while ${idVariable} is set`);
  if (!CLIENT_ID_PATTERN.test(clientId)) throw new ConfigError(`${idVariable} must be a UUID`);
  return Object.freeze({ name, clientId, accessToken });
};

/** The contract's one environment decision (contract/environment.ts): the environment and its prefixes. */
const environmentFrom = (
  parsed: ParsedContract,
): { environment: Environment; tokenPrefixes: TokenPrefixes } => {
  const decision = decideEnvironment(
    parsed[V.environment],
    configuredTokens((variable) => parsed[variable as keyof ParsedContract] as string | undefined),
  );
  if (!decision.ok) throw new ConfigError(decision.message);
  return { environment: decision.environment, tokenPrefixes: decision.prefixes };
};

/** TARGET_CA_FILE resolved against the working directory, and checked to hold a PEM certificate. */
const checkedCaFile = (file: string): string => {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`${V.caFile} names ${path}, which cannot be read`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new ConfigError(`${V.caFile} names ${path}, which holds no PEM certificate`);
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
    throw new ConfigError(SECRET_VARIABLES.includes(variable) ? `${variable} is invalid` : message);
  }
  const parsed = result.data;
  const runId = parsed[V.runId] ?? newRunId();
  const limitValues = parsed as unknown as LimitValues;
  const baseUrl = parsed[V.baseUrl];
  if (baseUrl === undefined) {
    return Object.freeze({ kind: 'embedded', runId, limits: tenantLimits(limitValues, true) });
  }
  const tenantA = tenantFrom(parsed, 'A', true) as TenantCredentials;
  const tenantB = tenantFrom(parsed, 'B', false);
  const rateLimitTenant = tenantFrom(parsed, 'RATE_LIMIT', false);
  if (tenantB && tenantB.clientId.toLowerCase() === tenantA.clientId.toLowerCase()) {
    throw new ConfigError(`${B.clientId} must differ from ${A.clientId}: tenant B is for isolation checks`);
  }
  const caFile = parsed[V.caFile];
  const target: Target = Object.freeze({
    baseUrl,
    embedded: parsed[V.embeddedTarget],
    ...environmentFrom(parsed),
    tenantA,
    tenantB,
    rateLimitTenant,
    limits: tenantLimits(limitValues, false),
    allowProductionWrites: parsed[V.allowProductionWrites],
    runId,
    ...(caFile === undefined ? {} : { caFile: checkedCaFile(caFile) }),
  });
  return Object.freeze({ kind: 'remote', target });
};

/** The target of a run whose base URL is known (set by the user, or by the reference server's start). */
export const loadTarget = (env: NodeJS.ProcessEnv = process.env): Target => {
  const contract = readTargetContract(env);
  if (contract.kind !== 'remote')
    throw new ConfigError(`${V.baseUrl} is not set and no reference server was started`);
  return contract.target;
};

/** Production is written to only with explicit consent. */
export const mayWrite = (target: Target): boolean =>
  target.environment !== 'production' || target.allowProductionWrites;
