/**
 * Deployments: servers that behave as a real deployment of the service documents itself, where that
 * differs from the spec. Unlike a variant (a reading of the gaps, which must pass) or a mutant (one rule
 * broken, which must be caught), a deployment knowingly deviates from some stated rules and reads the
 * gaps its own way: the suite must judge every rule against it and fail exactly the rules it deviates
 * from (`deviatesFrom`), no more and no fewer. Each is the readings of a variant and the deviations of
 * some mutants, put together; no code is copied.
 */
import type { RuleId } from '../spec/index.ts';
import type { MutantName } from './mutants.ts';

export interface DeploymentDefinition {
  readonly name: string;
  readonly description: string;
  /** The variant whose readings of the gaps it has. */
  readonly variant: string;
  /** The mutants whose deviations it has. */
  readonly mutants: readonly MutantName[];
  /** The stated rules it breaks: exactly what the suite must fail against it. */
  readonly deviatesFrom: readonly RuleId[];
}

export const DEPLOYMENTS: readonly DeploymentDefinition[] = Object.freeze([
  Object.freeze({
    name: 'public-deployment',
    description:
      "As a provider's public documentation describes its deployment: tokens prefixed th_test_ (Sandbox) and th_live_ (Production); a third type, BANK_MOVEMENT, with an accountId and payload fields of its own; top-level isNegative and accountId; a listing paged by page and pageSize (default 50) and filtered by date; ?versions=true on GET and PUT keeping versions.",
    variant: 'public-listing-and-versions',
    mutants: Object.freeze(['tokens-of-another-prefix', 'type-bank-movement-accepted'] as const),
    deviatesFrom: Object.freeze(['AUTH-TOKEN-PREFIX', 'VAL-TYPE-ENUM'] as const),
  }),
]);

export const DEPLOYMENT_NAMES: readonly string[] = Object.freeze(DEPLOYMENTS.map((d) => d.name));

/** The deployment of a name; throws a clear error listing the known names for an unknown one. */
export const deploymentByName = (name: string): DeploymentDefinition => {
  const found = DEPLOYMENTS.find((d) => d.name === name);
  if (!found)
    throw new Error(
      `Unknown reference deployment "${name}". Known deployments: ${DEPLOYMENT_NAMES.join(', ')}`,
    );
  return found;
};
