/**
 * The target contract's vocabulary: the names of its variables (the README's table; users' CI secrets
 * carry them, so they never change), the patterns their values must match and their defaults. Every
 * part of the kit that reads, writes or names a contract variable takes the name from here. k6 loads
 * this code too: no Node built-in, no package.
 */
import { DEFAULT_RATE_LIMIT, ENVIRONMENTS, TOKEN_PREFIXES, UUID_PATTERN } from '../spec/index.ts';

export { ENVIRONMENTS, TOKEN_PREFIXES };

/** The variables about the target as a whole and the run against it. */
export const CONTRACT_VARIABLES = Object.freeze({
  baseUrl: 'TARGET_BASE_URL',
  environment: 'TARGET_ENVIRONMENT',
  caFile: 'TARGET_CA_FILE',
  allowProductionWrites: 'ALLOW_PRODUCTION_WRITES',
  /** A YAML or JSON file of the deviations from the spec the provider declares (docs/declared-deviations.md). */
  declaredDeviations: 'DECLARED_DEVIATIONS_FILE',
  /** The provider's own OpenAPI description (YAML or JSON): the paging of the listing it declares. */
  providerDescription: 'TARGET_OPENAPI_FILE',
  runId: 'KIT_RUN_ID',
  /** Set by the kit, never by a user: the target is its own reference server. */
  embeddedTarget: 'KIT_EMBEDDED_TARGET',
} as const);

export const TENANT_NAMES = Object.freeze(['A', 'B', 'RATE_LIMIT'] as const);
export type TenantName = (typeof TENANT_NAMES)[number];

export interface LimitVariables {
  readonly requestsPerWindow: string;
  readonly windowSeconds: string;
}

/** Every tenant's limit, unless it has its own. */
export const SHARED_LIMIT_VARIABLES = Object.freeze({
  requestsPerWindow: 'RATE_LIMIT_PER_MINUTE',
  windowSeconds: 'RATE_LIMIT_WINDOW_SECONDS',
} as const satisfies LimitVariables);

export interface TenantVariables extends LimitVariables {
  readonly clientId: string;
  readonly accessToken: string;
}

/** Each tenant's credentials and its own limit. */
export const TENANT_VARIABLES = Object.freeze({
  A: Object.freeze({
    clientId: 'TENANT_A_CLIENT_ID',
    accessToken: 'TENANT_A_ACCESS_TOKEN',
    requestsPerWindow: 'TENANT_A_RATE_LIMIT_PER_MINUTE',
    windowSeconds: 'TENANT_A_RATE_LIMIT_WINDOW_SECONDS',
  }),
  B: Object.freeze({
    clientId: 'TENANT_B_CLIENT_ID',
    accessToken: 'TENANT_B_ACCESS_TOKEN',
    requestsPerWindow: 'TENANT_B_RATE_LIMIT_PER_MINUTE',
    windowSeconds: 'TENANT_B_RATE_LIMIT_WINDOW_SECONDS',
  }),
  RATE_LIMIT: Object.freeze({
    clientId: 'RATE_LIMIT_CLIENT_ID',
    accessToken: 'RATE_LIMIT_ACCESS_TOKEN',
    requestsPerWindow: 'RATE_LIMIT_TENANT_PER_MINUTE',
    windowSeconds: 'RATE_LIMIT_TENANT_WINDOW_SECONDS',
  }),
} as const satisfies Record<TenantName, TenantVariables>);

/** Variables whose values are secrets: a message may name them, never quote them. */
export const SECRET_VARIABLES: readonly string[] = Object.freeze(
  TENANT_NAMES.map((name) => TENANT_VARIABLES[name].accessToken),
);

/** Every limit variable of the contract, shared ones first. */
export const LIMIT_VARIABLE_NAMES: readonly string[] = Object.freeze([
  SHARED_LIMIT_VARIABLES.requestsPerWindow,
  SHARED_LIMIT_VARIABLES.windowSeconds,
  ...TENANT_NAMES.flatMap((name) => [
    TENANT_VARIABLES[name].requestsPerWindow,
    TENANT_VARIABLES[name].windowSeconds,
  ]),
]);

/** Every variable of the contract. */
export const ALL_CONTRACT_VARIABLES: readonly string[] = Object.freeze([
  ...Object.values(CONTRACT_VARIABLES),
  ...TENANT_NAMES.flatMap((name) => [TENANT_VARIABLES[name].clientId, TENANT_VARIABLES[name].accessToken]),
  ...LIMIT_VARIABLE_NAMES,
]);

export const isContractVariable = (name: string): boolean => ALL_CONTRACT_VARIABLES.includes(name);

/** A client id is a UUID (part 5). */
export const CLIENT_ID_PATTERN = UUID_PATTERN;
export const RUN_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/;
export const RUN_ID_RULE = 'must be 1 to 40 letters, digits or dashes';
/** A limit or a window: a positive whole number. */
export const POSITIVE_INTEGER_PATTERN = /^[1-9]\d*$/;
export const BASE_URL_PATTERN = /^https?:\/\/[^\s/]+/;

/** A deployment's default limit: the spec's, for every tenant. */
export const REMOTE_DEFAULT_LIMIT = Object.freeze({
  requestsPerWindow: DEFAULT_RATE_LIMIT.requests,
  windowSeconds: DEFAULT_RATE_LIMIT.windowSeconds,
});
