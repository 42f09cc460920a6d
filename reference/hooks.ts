/**
 * The decisions of the reference server that a hurried implementation gets wrong, as named hooks: each
 * one is declared and given its reference behaviour beside the code that calls it, and a mutant
 * (mutants/) is the reference with one or two of them replaced. Handlers call hooks, never ask which
 * mutant is running.
 */

import { AUTHENTICATION_HOOKS } from './authentication.ts';
import type { ReferenceHooks } from './context.ts';
import { CREATION_HOOKS } from './handlers/create-event.ts';
import { DEDUP_HOOKS } from './handlers/dedup.ts';
import { ERROR_ANSWER_HOOKS } from './handlers/error-answers.ts';
import { EVENT_FORM_HOOKS } from './handlers/event-view.ts';
import { RATE_LIMIT_HOOKS, REFUSAL_HOOKS } from './handlers/guard.ts';
import { LISTING_HOOKS } from './handlers/list-events.ts';
import { PATH_ID_HOOKS } from './handlers/path-id.ts';
import { RETRIEVAL_HOOKS } from './handlers/read-event.ts';
import { REQUEST_BODY_HOOKS } from './handlers/request-body.ts';
import { UPDATE_HOOKS } from './handlers/update-event.ts';
import { VALIDATION_HOOKS } from './validation.ts';
import { VALIDATION_ANSWER_HOOKS } from './validation-answer.ts';

export type { ReferenceHooks } from './context.ts';

/** The reference server's own decisions: what every stated rule of the spec asks. */
export const REFERENCE_HOOKS: ReferenceHooks = Object.freeze({
  ...AUTHENTICATION_HOOKS,
  ...RATE_LIMIT_HOOKS,
  ...REFUSAL_HOOKS,
  ...REQUEST_BODY_HOOKS,
  ...PATH_ID_HOOKS,
  ...VALIDATION_HOOKS,
  ...VALIDATION_ANSWER_HOOKS,
  ...EVENT_FORM_HOOKS,
  ...DEDUP_HOOKS,
  ...CREATION_HOOKS,
  ...RETRIEVAL_HOOKS,
  ...UPDATE_HOOKS,
  ...ERROR_ANSWER_HOOKS,
  ...LISTING_HOOKS,
});

/** A context whose hooks have some replaced: how a mutant changes one judgement for one operation. */
export const withHooks = <C extends { readonly hooks: ReferenceHooks }>(
  ctx: C,
  replaced: Partial<ReferenceHooks>,
): C => ({
  ...ctx,
  hooks: { ...ctx.hooks, ...replaced },
});

/** The reference's hooks with some replaced (a mutant's). */
export const hooksWith = (replaced: Partial<ReferenceHooks> | undefined): ReferenceHooks =>
  replaced ? Object.freeze({ ...REFERENCE_HOOKS, ...replaced }) : REFERENCE_HOOKS;
