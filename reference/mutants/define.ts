/**
 * What a mutant is: the reference server with one rule deliberately broken, the way a hurried
 * implementation of the service would really break it. It is a name, the rule ids whose checks should
 * catch it (`catchingRules`, spec/rules.ts), a description, and the hooks (hooks.ts) it replaces: small
 * functions that usually wrap the reference's own.
 */
import type { RuleId } from '../../spec/index.ts';
import type { ReferenceBehaviour } from '../behaviour.ts';
import type { ReferenceHooks } from '../hooks.ts';

export interface MutantDefinition {
  readonly name: string;
  readonly description: string;
  readonly catchingRules: readonly RuleId[];
  /**
   * The readings of gaps the broken code lives in, when the reference's own has none of it: an
   * operation the spec does not show (a listing, versions), which the mutant's server offers.
   */
  readonly behaviour?: Partial<ReferenceBehaviour>;
}

export interface Mutant<N extends string = string> extends MutantDefinition {
  readonly name: N;
  readonly hooks: Partial<ReferenceHooks>;
}

export const mutant = <const N extends string>(
  name: N,
  catchingRules: readonly RuleId[],
  description: string,
  hooks: Partial<ReferenceHooks>,
  behaviour?: Partial<ReferenceBehaviour>,
): Mutant<N> =>
  Object.freeze({
    name,
    description,
    catchingRules,
    hooks: Object.freeze(hooks),
    ...(behaviour ? { behaviour: Object.freeze(behaviour) } : {}),
  });
