/**
 * The catalog of mutants: the reference server with exactly one rule deliberately broken, chosen by
 * name. Each is the kind of mistake a hurried implementation of the service would really contain, and
 * each is a few replaced hooks (mutants/, one file per area of the spec), never a copy of the server.
 *
 * `catchingRules` are the rule ids of spec/rules.ts whose checks should catch the mutant; a mutant
 * caught only by other checks is "weakly caught" in the self-check.
 */

import { ADDED_OPERATION_MUTANTS } from './mutants/added-operations.ts';
import { AUTHENTICATION_MUTANTS } from './mutants/authentication.ts';
import { CREATION_RETRIEVAL_MUTANTS } from './mutants/creation-retrieval.ts';
import { DEDUP_MUTANTS } from './mutants/dedup.ts';
import type { Mutant, MutantDefinition } from './mutants/define.ts';
import { ERROR_BODY_MUTANTS } from './mutants/error-bodies.ts';
import { ISOLATION_MUTANTS } from './mutants/isolation.ts';
import { NEIGHBOUR_MUTANTS } from './mutants/neighbours.ts';
import { RATE_LIMIT_MUTANTS } from './mutants/rate-limit.ts';
import { STRUCTURE_MUTANTS } from './mutants/structure.ts';
import { UPDATE_MUTANTS } from './mutants/update.ts';
import { UPDATE_VALIDATION_MUTANTS } from './mutants/update-validation.ts';
import { VALIDATION_MUTANTS } from './mutants/validation.ts';
import { VALIDATION_BODY_MUTANTS } from './mutants/validation-body.ts';

export type { Mutant, MutantDefinition } from './mutants/define.ts';

const CATALOG = [
  ...AUTHENTICATION_MUTANTS,
  ...VALIDATION_MUTANTS,
  ...VALIDATION_BODY_MUTANTS,
  ...STRUCTURE_MUTANTS,
  ...CREATION_RETRIEVAL_MUTANTS,
  ...UPDATE_MUTANTS,
  ...UPDATE_VALIDATION_MUTANTS,
  ...DEDUP_MUTANTS,
  ...ISOLATION_MUTANTS,
  ...ERROR_BODY_MUTANTS,
  ...RATE_LIMIT_MUTANTS,
  ...NEIGHBOUR_MUTANTS,
  ...ADDED_OPERATION_MUTANTS,
];

export type MutantName = (typeof CATALOG)[number]['name'];

export const MUTANTS: readonly MutantDefinition[] = Object.freeze(
  CATALOG.map(({ name, description, catchingRules, behaviour }) =>
    Object.freeze({ name, description, catchingRules, ...(behaviour ? { behaviour } : {}) }),
  ),
);

export const MUTANT_NAMES: readonly MutantName[] = Object.freeze(CATALOG.map((m) => m.name));

/** The mutant of a name; throws a clear error listing the known names for an unknown one. */
export const mutantByName = (name: string): Mutant<MutantName> => {
  const found = CATALOG.find((m) => m.name === name);
  if (!found) {
    throw new Error(`Unknown reference mutant "${name}". Known mutants: ${MUTANT_NAMES.join(', ')}`);
  }
  return found;
};

/**
 * Several mutants at once, named as a comma list (`validation-status-422,create-body-empty`): a server
 * that breaks many rules, the way a badly broken release does (the bench judges the kit's time to a
 * verdict against one). One name is that mutant. Two mutants that replace the same hook cannot be
 * combined (the second would silently undo the first): that is an error naming both.
 */
export const mutantsByList = (list: string): Mutant => {
  const names = list.split(',').map((name) => name.trim());
  const [only] = names;
  if (names.length === 1 && only !== undefined) return mutantByName(only);
  const mutants = names.map(mutantByName);
  const hooks: Record<string, unknown> = {};
  const behaviour: Record<string, unknown> = {};
  const ownerOf = new Map<string, string>();
  for (const m of mutants) {
    Object.assign(behaviour, m.behaviour);
    for (const [hook, replacement] of Object.entries(m.hooks)) {
      const owner = ownerOf.get(hook);
      if (owner !== undefined) {
        throw new Error(
          `Reference mutants "${owner}" and "${m.name}" both replace the hook ${hook}: they cannot be combined`,
        );
      }
      ownerOf.set(hook, m.name);
      hooks[hook] = replacement;
    }
  }
  return Object.freeze({
    name: mutants.map((m) => m.name).join(','),
    description: mutants.map((m) => m.description).join('; '),
    catchingRules: [...new Set(mutants.flatMap((m) => m.catchingRules))],
    hooks: Object.freeze(hooks) as Mutant['hooks'],
    ...(Object.keys(behaviour).length > 0 ? { behaviour: Object.freeze(behaviour) } : {}),
  });
};
