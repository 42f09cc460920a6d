/**
 * The writes refused for their credentials whose effect a later read can see (part 5.3): tenant A
 * named by X-Client-Id, the token missing or not any tenant's. The refusal's answer is judged by its
 * own checks; if the write was done all the same, it is the rule of the refusal that is broken.
 */
import type { RuleId } from '../spec/index.ts';

export const CREDENTIAL_REFUSALS = Object.freeze({
  'no token': { rule: 'AUTH-TOKEN-MISSING', sent: 'without X-Access-Token' },
  'unknown token': { rule: 'AUTH-TOKEN-INVALID', sent: 'with an unknown token' },
} as const satisfies Record<string, { readonly rule: RuleId; readonly sent: string }>);

export type CredentialRefusal = keyof typeof CREDENTIAL_REFUSALS;

export const CREDENTIAL_REFUSAL_KINDS = Object.keys(CREDENTIAL_REFUSALS) as CredentialRefusal[];
