/**
 * The target contract as its users read it: each variable (or pair), what it means and what happens
 * when it is unset. The README's table, docs/configuration.md and `fei-kit conformance --help` are
 * this table; a kit test keeps the README equal to it.
 */
import { CONTRACT_VARIABLES, SHARED_LIMIT_VARIABLES, TENANT_VARIABLES, TOKEN_PREFIXES } from './variables.ts';

export interface ContractRow {
  readonly names: readonly string[];
  readonly meaning: string;
  readonly unset: string;
}

const pair = (a: string, b: string): readonly string[] => [a, b];

export const CONTRACT_TABLE: readonly ContractRow[] = Object.freeze([
  {
    names: [CONTRACT_VARIABLES.baseUrl],
    meaning: 'base address of the deployment (http or https)',
    unset: 'the kit starts its reference server and tests that',
  },
  {
    names: [CONTRACT_VARIABLES.environment],
    meaning: "`sandbox` or `production`; with it, a deployment's own token prefix is that environment's",
    unset: `from the token prefix (\`${TOKEN_PREFIXES.sandbox}\` sandbox, \`${TOKEN_PREFIXES.production}\` production); required for another prefix`,
  },
  {
    names: pair(TENANT_VARIABLES.A.clientId, TENANT_VARIABLES.A.accessToken),
    meaning: 'the main tenant',
    unset: 'required with a base address',
  },
  {
    names: pair(TENANT_VARIABLES.B.clientId, TENANT_VARIABLES.B.accessToken),
    meaning: 'a second tenant, for isolation',
    unset: 'the checks that need it are skipped, with the reason',
  },
  {
    names: pair(TENANT_VARIABLES.RATE_LIMIT.clientId, TENANT_VARIABLES.RATE_LIMIT.accessToken),
    meaning: 'a tenant used only by the rate-limit checks',
    unset: 'the rate-limit checks are skipped, with the reason',
  },
  {
    names: pair(SHARED_LIMIT_VARIABLES.requestsPerWindow, SHARED_LIMIT_VARIABLES.windowSeconds),
    meaning: "every tenant's limit and its window, unless the tenant has its own",
    unset: '1000 per 60 s',
  },
  {
    names: (['A', 'B', 'RATE_LIMIT'] as const).flatMap((name) => [
      TENANT_VARIABLES[name].requestsPerWindow,
      TENANT_VARIABLES[name].windowSeconds,
    ]),
    meaning: "one tenant's own limit and window (a provider raises limits tenant by tenant)",
    unset: 'the shared pair',
  },
  {
    names: [CONTRACT_VARIABLES.caFile],
    meaning: 'a PEM file of certificates to trust besides the public ones (a private CA)',
    unset: 'the public CAs only',
  },
  {
    names: [CONTRACT_VARIABLES.allowProductionWrites],
    meaning: '`true` lets a production run create events',
    unset: 'only checks that create nothing run against production',
  },
  {
    names: [CONTRACT_VARIABLES.declaredDeviations],
    meaning:
      'a YAML or JSON file of the deviations the provider declares: they read *declared* and do not fail the run',
    unset: 'every deviation fails the run',
  },
  {
    names: [CONTRACT_VARIABLES.providerDescription],
    meaning:
      "the provider's own OpenAPI description (YAML or JSON): a listing it adds is walked with the paging parameters it declares where the listing's answers name none",
    unset: "the listing's own answers, else the kit's guess (`page`, `size`)",
  },
  {
    names: [CONTRACT_VARIABLES.runId],
    meaning: 'tags every `externalId` the run creates',
    unset: '`run-<UTC timestamp>-<random>`',
  },
]);
