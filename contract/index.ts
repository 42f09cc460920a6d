/**
 * The target contract's vocabulary, shared by every reader of the contract: config/ (the conformance
 * run), load/ (the k6 scripts), reference/ (which hands its variables to a run) and the scripts. A
 * leaf: it imports only spec/, and stays loadable by k6.
 */

export * from './duration.ts';
export * from './environment.ts';
export * from './variables.ts';
export * from './variables-table.ts';
export * from './whole-number.ts';
