/**
 * Mutants of validation on PUT: the same rules as POST, except where a hurried implementation validates
 * the update path differently (one field forgotten, the payload judged by the old type, its own error
 * body). Hooks: handlers/update-event.ts (validateUpdate, refusedUpdateAnswer).
 */
import type { EventType } from '../../spec/index.ts';
import { REQUEST_BODY_HOOKS } from '../handlers/request-body.ts';
import { withHooks } from '../hooks.ts';
import { VALIDATION_HOOKS, validateEvent } from '../validation.ts';
import { failedValidation, validationProblem } from '../validation-answer.ts';
import { mutant } from './define.ts';

const reference = VALIDATION_HOOKS;

/** The processing states a separate update DTO of the provider's lets through. */
const UPDATE_DTO_STATUSES: ReadonlySet<unknown> = new Set(['FAILED', 'SETTLED']);

export const UPDATE_VALIDATION_MUTANTS = [
  mutant(
    'put-malformed-json-500',
    ['REQUEST-MALFORMED-400'],
    "PUT's route reads its body with a parser of its own whose failure escapes: a PUT body that is not JSON answers 500 ERR-5001 (POST's answers 400).",
    {
      malformedJsonAnswer: (behaviour, method) =>
        method === 'PUT'
          ? new Error('update body parser failed')
          : REQUEST_BODY_HOOKS.malformedJsonAnswer(behaviour, method),
    },
  ),
  mutant(
    'put-status-takes-processing-states',
    ['VAL-STATUS-ENUM'],
    "PUT validates with an update DTO written apart from POST's: its status also takes the processing states FAILED and SETTLED, which POST refuses.",
    {
      validateUpdate: (ctx, body) =>
        validateEvent(
          body,
          withHooks(ctx, {
            isEventStatus: (value) => reference.isEventStatus(value) || UPDATE_DTO_STATUSES.has(value),
          }),
        ),
    },
  ),
  mutant(
    'put-skips-payload-exclusivity',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS', 'VAL-PAYOUT-NO-PAYIN-FIELDS', 'UPDATE-VALIDATES'],
    'PUT validates like POST except payin/payout exclusivity: a payout field in a payin is stored by an update.',
    { validateUpdate: (ctx, body) => validateEvent(body, withHooks(ctx, { fieldsNotAllowedIn: () => [] })) },
  ),
  mutant(
    'put-validates-payload-against-old-type',
    ['UPDATE-APPLIES', 'UPDATE-VALIDATES'],
    "PUT judges payload exclusivity by the stored type, not the new one: a PUT that changes the type with the new type's payload is refused with ERR-3009/3010, and one that keeps the old type's payload fields is accepted.",
    {
      validateUpdate: (ctx, body, existing) =>
        validateEvent(
          body,
          withHooks(ctx, {
            typeOfPayload: () => reference.typeOfPayload(existing.event) as EventType | undefined,
          }),
        ),
    },
  ),
  mutant(
    'put-amount-zero-accepted',
    ['VAL-AMOUNT-POSITIVE', 'UPDATE-VALIDATES'],
    'amount > 0 is checked on POST only: a PUT may set it to 0.',
    {
      validateUpdate: (ctx, body) =>
        validateEvent(body, withHooks(ctx, { isAmount: (value) => typeof value === 'number' && value >= 0 })),
    },
  ),
  mutant(
    'put-currency-not-validated',
    ['VAL-CURRENCY-ISO4217', 'UPDATE-VALIDATES'],
    'currencyCode is checked against ISO 4217 on POST only: a PUT may set any value.',
    { validateUpdate: (ctx, body) => validateEvent(body, withHooks(ctx, { isCurrencyCode: () => true })) },
  ),
  mutant(
    'put-external-id-empty-accepted',
    ['VAL-EXTERNAL-ID-REQUIRED', 'UPDATE-VALIDATES'],
    'A PUT may set externalId to an empty string (the update DTO has @NotNull, not @NotBlank).',
    {
      validateUpdate: (ctx, body) =>
        validateEvent(
          body,
          withHooks(ctx, {
            externalIdFault: (event) =>
              event.externalId === '' ? undefined : reference.externalIdFault(event),
          }),
        ),
    },
  ),
  mutant(
    'put-only-first-failure-returned',
    ['VAL-ALL-FAILURES', 'UPDATE-VALIDATES'],
    'PUT stops at the first failure: its errors[] holds one item however many faults the body has.',
    { refusedUpdateAnswer: (ctx, failures) => failedValidation(failures.slice(0, 1), ctx) },
  ),
  mutant(
    'put-validation-status-422',
    ['VAL-STATUS-400', 'UPDATE-VALIDATES'],
    "PUT's validation failures answer 422 (POST's answer 400).",
    {
      refusedUpdateAnswer: (ctx, failures) =>
        failedValidation(
          failures,
          withHooks(ctx, { validationAnswer: (items) => validationProblem(422, items) }),
        ),
    },
  ),
  mutant(
    'put-validation-title-generic',
    ['VAL-BODY-SHAPE', 'UPDATE-VALIDATES'],
    'The validation body of a PUT has the title "Bad Request" (POST\'s says that validation errors occurred).',
    {
      refusedUpdateAnswer: (ctx, failures) =>
        failedValidation(
          failures,
          withHooks(ctx, {
            validationAnswer: (items, status) => validationProblem(status, items, undefined, 'Bad Request'),
          }),
        ),
    },
  ),
  mutant(
    'put-top-level-code-of-last-failure',
    ['VAL-BODY-SHAPE', 'UPDATE-VALIDATES'],
    'The top-level errorCode of a PUT validation body is the code of its last failure instead of the first.',
    {
      refusedUpdateAnswer: (ctx, failures) =>
        failedValidation(
          failures,
          withHooks(ctx, {
            validationAnswer: (items, status) => validationProblem(status, items, items.at(-1)?.errorCode),
          }),
        ),
    },
  ),
  mutant(
    'refused-put-applies-status',
    ['UPDATE-VALIDATES'],
    "A PUT's status goes to a state-machine service before its body is validated: a PUT refused for a faulty field still moves the event to the status it carries.",
    {
      validateUpdate: (ctx, body, existing) => {
        if (reference.isEventStatus(body.status ?? null) && body.status !== existing.event.status)
          ctx.store.overwrite(existing, { ...existing.event, status: body.status ?? null }, ctx.clock());
        return validateEvent(body, ctx);
      },
    },
  ),
];
