/**
 * What every part of the server consults: the environment, the behaviour (gap readings), the clock,
 * and which mutant, if any, is active. `isMutant` takes only known mutant names, so a typo at a
 * mutation point does not compile.
 */
import type { Environment } from '../spec/index.ts';
import type { ReferenceBehaviour } from './behaviour.ts';
import type { MutantName } from './mutants.ts';

export interface ReferenceContext {
  readonly environment: Environment;
  readonly behaviour: ReferenceBehaviour;
  readonly mutant: MutantName | undefined;
  readonly variant: string | undefined;
  /** Epoch milliseconds. */
  readonly clock: () => number;
  isMutant(name: MutantName): boolean;
}

export const createContext = (init: Omit<ReferenceContext, 'isMutant'>): ReferenceContext =>
  Object.freeze({ ...init, isMutant: (name: MutantName) => init.mutant === name });
