/**
 * The reference server: a strict, complete implementation of the interface spec, and its
 * mutants (one rule broken) and variants (another reading of the spec's gaps). See README.md here.
 */
export { BODY_LIMIT_BYTES, buildReferenceApp, type ReferenceApp, type ReferenceAppInfo } from './app.ts';
export { DEFAULT_BEHAVIOUR, type RateLimitAlgorithm, type ReferenceBehaviour } from './behaviour.ts';
export { CredentialsUnwritableError, ReferenceStartError, serveReference } from './cli.ts';
export { REFERENCE_CODE_LIST, REFERENCE_CODES, type ReferenceCode } from './codes.ts';
export {
  DEPLOYMENT_NAMES,
  DEPLOYMENTS,
  type DeploymentDefinition,
  deploymentByName,
} from './deployments.ts';
export {
  MUTANT_NAMES,
  MUTANTS,
  type MutantDefinition,
  type MutantName,
  mutantByName,
  mutantsByList,
} from './mutants.ts';
export { resolveBehaviour } from './resolve-behaviour.ts';
export { startReferenceServer } from './server.ts';
export { targetEnvironmentOf, toDotEnv } from './target-env.ts';
export { generateTenants, LOOPBACK_ADDRESSES, SEEDED_TENANT_NAMES } from './tenants.ts';
export type {
  RateLimitOptions,
  ReferenceIdentity,
  ReferenceOptions,
  ReferenceServerOptions,
  ReferenceTenants,
  RunningReferenceServer,
  SeededTenant,
} from './types.ts';
export { VARIANT_NAMES, VARIANTS, type VariantDefinition, variantByName } from './variants.ts';
