/**
 * Part 7.2 and part 4, rule 2: a request body that fails validation gets 400 (7.3; 422 breaks
 * VAL-STATUS-400), the 7.2 body, and in errors[] exactly its failures as a set (any order, any
 * notation). Each violation is credited to the rule it breaks:
 * - a failure left out: the rule of that failure (VAL-AMOUNT-POSITIVE for a missing ERR-3005) when it
 *   is the only one or none was reported, else VAL-ALL-FAILURES (the others were reported, not all);
 * - a failure claimed that the body does not have: the rule of the claimed code (a valid amount
 *   refused with ERR-3005 breaks VAL-AMOUNT-POSITIVE), or VAL-ALL-FAILURES for an invented code;
 * - the top-level errorCode, the title and errors[] itself: VAL-BODY-SHAPE; the part 7.1 fields:
 *   ERROR-BODY-SHAPE.
 * Where the spec is silent an extra item is a reading, not a fault, and is returned as `tolerated`:
 * a refusal of an originalStatus or personal id type value (their values are not shown), on a PUT
 * a refusal, under a code of no stated rule, of a field the PUT changes (PUT's rules are not shown),
 * and more items inside a value of the wrong shape (reported once, or once per field inside it). A
 * body of several multiCurrencyAmounts items may be refused for their number (the maximum is not
 * shown): an item naming the list under a code of no stated rule is then a reading, and where the
 * answer leaves the failures inside the list unreported, or is 422, the claim is not made.
 *
 * An expected failure that is only a reading of a gap (`readingOf`: a null that may mean absent, a
 * scalar a deployment may coerce) may be reported or not; a body of nothing but such failures may be
 * created, or, when the coerced scalar is its externalId, refused as a duplicate. Whatever the body, a
 * 5xx is never its answer: the spec answers it, with 201 or with 400.
 */
import { PAYIN_ONLY_PAYLOAD_FIELDS, PAYOUT_ONLY_PAYLOAD_FIELDS, type RuleId } from '../spec/index.ts';
import { isValidationCode, ruleOfCode, valueCodeOfField } from './code-rules.ts';
import { errorBodyViolations } from './error-body.ts';
import { ANY_ERROR_CODE, describeExpectedFailures, type ExpectedFailure } from './expected-failure.ts';
import { matchFailures, type ReportedFailure } from './failure-matching.ts';
import { fieldLiesWithin, fieldNames, fieldSegments } from './field-paths.ts';
import {
  codesNamed,
  type HttpAnswer,
  isPlainObject,
  isServerError,
  isSuccess,
  summarise,
} from './http-answer.ts';
import { type Judgement, judgementOf, notEstablished } from './judgement.ts';
import { explainMismatch, type ValidationErrorBody, validationErrorBodySchema } from './response-schemas.ts';
import { titleStatesValidation } from './validation-title.ts';
import { type Violation, violationOf } from './violation.ts';

/** Fields whose allowed values the spec does not show: a deployment may refuse values of them. */
const FIELDS_OF_UNSHOWN_VALUES: readonly { field: string; gap: RuleId }[] = [
  { field: 'originalStatus', gap: 'GAP-ORIGINAL-STATUS-VALUES' },
  { field: 'payload.payerPersonalIdType', gap: 'GAP-PERSONAL-ID-TYPE-VALUES' },
  { field: 'payload.beneficiaryPersonalIdType', gap: 'GAP-PERSONAL-ID-TYPE-VALUES' },
];

/** The payload fields a deployment may require (GAP-REQUIRED-FIELDS), as paths. */
const NAMED_PAYLOAD_FIELDS: readonly string[] = [
  'channel',
  ...PAYIN_ONLY_PAYLOAD_FIELDS,
  ...PAYOUT_ONLY_PAYLOAD_FIELDS,
].map((field) => `payload.${field}`);

/**
 * The named payload fields a body sent as JSON leaves out of its payload object. Which fields are
 * required is not shown (GAP-REQUIRED-FIELDS): a deployment may require a name in a payin's payload
 * once it holds anything, or an id with its id type; a fault put into an empty payload, or a
 * hand-written payload of one property, leaves them out.
 */
export const payloadFieldsLeftOut = (sentBody: string | undefined): readonly string[] => {
  let body: unknown;
  try {
    body = sentBody === undefined ? undefined : JSON.parse(sentBody);
  } catch {
    return [];
  }
  if (!isPlainObject(body) || !isPlainObject(body.payload)) return [];
  const payload = body.payload;
  // "An empty payload object is accepted" (2.2): none of its fields is required of it.
  if (Object.keys(payload).length === 0) return [];
  // The other type's fields are forbidden, not optional: only an unknown type leaves both open.
  const otherType: readonly string[] =
    body.type === 'INTERNAL_PAYIN'
      ? PAYOUT_ONLY_PAYLOAD_FIELDS
      : body.type === 'INTERNAL_PAYOUT'
        ? PAYIN_ONLY_PAYLOAD_FIELDS
        : [];
  return NAMED_PAYLOAD_FIELDS.filter((path) => {
    const name = path.slice('payload.'.length);
    return !Object.hasOwn(payload, name) && !otherType.includes(name);
  });
};

export interface ValidationContext {
  /** On a PUT: the fields (dot paths) whose value the PUT changes from the stored event. */
  readonly changedFields?: readonly string[];
  /**
   * The named payload fields the body left out of its payload (payloadFieldsLeftOut): an item about
   * one of them under a code of no stated rule reads a requirement (GAP-REQUIRED-FIELDS).
   */
  readonly payloadFieldsLeftOut?: readonly string[];
  /**
   * On a PUT whose check is of the update's own validation: a failure left out (or a faulty body
   * accepted) breaks UPDATE-VALIDATES, not the failure's own rule (POST may validate the field
   * perfectly well).
   */
  readonly creditMissingToUpdate?: boolean;
}

/** An extra item of errors[] that a reading of a gap explains, with that gap. */
export interface ToleratedFailure extends ReportedFailure {
  readonly gap: RuleId;
}

/** What one answer to a faulty body was found to be, before it is handed over as a Judgement. */
interface ValidationFindings {
  readonly violations: readonly Violation[];
  /**
   * The rules whose part of the answer was judged, held or broken: the status (VAL-STATUS-400), each
   * expected failure's code and field (its rule), errors[] as a whole (VAL-ALL-FAILURES) and the
   * body (VAL-BODY-SHAPE, ERROR-BODY-SHAPE), as far as the answer let them be judged. A 422 is judged
   * for its codes too; a body without the part 7 fields is not.
   */
  readonly judged: readonly RuleId[];
  /** The 7.2 body, when the answer has one. */
  readonly body: ValidationErrorBody | undefined;
  readonly tolerated: readonly ToleratedFailure[];
  /** Why the check's claim cannot be made on this answer (its body is over a limit the deployment may set). */
  readonly premiseNotMet?: string;
}

/**
 * A scalar at externalId that a deployment may coerce (42 read as "42", true as "true") names an event
 * that may exist already, from an earlier body or run: when nothing else in the body must be refused,
 * the duplicate's answer (4 rule 1: 400 ERR-4001) is as consistent as a creation.
 */
const duplicateOfCoercedId = (
  answer: HttpAnswer,
  expected: readonly ExpectedFailure[],
  required: readonly ExpectedFailure[],
): boolean =>
  required.length === 0 &&
  answer.status === 400 &&
  isPlainObject(answer.json) &&
  answer.json.errorCode === 'ERR-4001' &&
  expected.some((failure) => failure.readingOf !== undefined && failure.field === 'externalId');

/** Whether an answer names a 7.3 validation code, top-level or in errors[]. */
const reportsValidationCode = (answer: HttpAnswer): boolean => codesNamed(answer).some(isValidationCode);

/**
 * A refusal of a faulty PUT for something before its body: a status move the deployment does not allow
 * (transitions are not shown) may be refused before or beside the body's failures. A 4xx that names no
 * 7.3 validation code, top-level or in errors[], and is none of the answers a PUT of the tenant's own
 * event cannot have (401, 404, 429).
 */
export const refusedBeforeValidation = (answer: HttpAnswer): boolean =>
  answer.status >= 400 &&
  answer.status < 500 &&
  ![401, 404, 429].includes(answer.status) &&
  !reportsValidationCode(answer);

/**
 * A value the spec refuses under no code of its own (a string amount, a missing type) may be reported
 * more than once on its field: as the deployment's own failure and as the value rule it cannot meet
 * (a string is not an amount "greater than 0"). A stated code of another field's rule stays a claim,
 * and so does an item errors[] holds twice: one failure is one item.
 */
/** errors[] holds this item once: an item listed twice is a claim, never a reading (one failure, one item). */
const reportedOnce = (reported: ReportedFailure, items: readonly ReportedFailure[]): boolean =>
  items.filter((item) => item.field === reported.field && item.errorCode === reported.errorCode).length === 1;

const toldAgain = (
  reported: ReportedFailure,
  expected: readonly ExpectedFailure[],
  items: readonly ReportedFailure[],
): ExpectedFailure | undefined =>
  !reportedOnce(reported, items)
    ? undefined
    : expected.find(
        (f) =>
          f.errorCode === ANY_ERROR_CODE &&
          fieldNames(reported.field, f.field) &&
          (ruleOfCode(reported.errorCode) === undefined || reported.errorCode === valueCodeOfField(f.field)),
      );

/**
 * A payload field the body left out, reported once under its own value rule's code: a channel left out
 * is none of CASH, ONLINE or CRYPTO, so ERR-3011 ("Otherwise ERR-3011") is true of a deployment that
 * requires it once the payload holds anything (GAP-REQUIRED-FIELDS).
 */
const leftOutUnderItsOwnCode = (
  reported: ReportedFailure,
  context: ValidationContext,
  items: readonly ReportedFailure[],
): boolean => {
  const leftOut = context.payloadFieldsLeftOut?.find((field) => fieldNames(reported.field, field));
  return (
    leftOut !== undefined && reportedOnce(reported, items) && reported.errorCode === valueCodeOfField(leftOut)
  );
};

const toleratedGap = (
  reported: ReportedFailure,
  expected: readonly ExpectedFailure[],
  context: ValidationContext,
  items: readonly ReportedFailure[],
): RuleId | undefined => {
  if (expected.some((f) => f.reportedWithin && fieldLiesWithin(reported.field, f.field)))
    return 'GAP-WRONG-JSON-TYPE';
  if (
    reportedOnce(reported, items) &&
    ruleOfCode(reported.errorCode) === undefined &&
    expected.some((f) => f.sentBlank && fieldNames(reported.field, f.field))
  )
    return 'GAP-REQUIRED-FIELDS';
  const again = toldAgain(reported, expected, items);
  if (again) return again.readingOf ?? 'GAP-WRONG-JSON-TYPE';
  if (leftOutUnderItsOwnCode(reported, context, items)) return 'GAP-REQUIRED-FIELDS';
  if (ruleOfCode(reported.errorCode) !== undefined) return undefined;
  const unshown = FIELDS_OF_UNSHOWN_VALUES.find((f) => fieldNames(reported.field, f.field));
  if (unshown) return unshown.gap;
  if (context.payloadFieldsLeftOut?.some((field) => fieldNames(reported.field, field)))
    return 'GAP-REQUIRED-FIELDS';
  if (context.changedFields?.some((field) => fieldNames(reported.field, field))) return 'GAP-PUT-BODY';
  return undefined;
};

const ITEMS_FIELD = 'multiCurrencyAmounts';

/**
 * The number of multiCurrencyAmounts items every deployment is taken to hold (their maximum is not
 * shown): a valid event of the kit's carries no more (generators/valid-event.ts, MAX_ITEMS). A body of
 * more may be over a deployment's own limit.
 */
const ITEMS_EVERY_DEPLOYMENT_TAKES = 3;

/** How many multiCurrencyAmounts items the body carried, at least: one past the last item a failure is expected in. */
const itemsSent = (expected: readonly ExpectedFailure[]): number =>
  expected.reduce((most, failure) => {
    const index = /^multiCurrencyAmounts\[(\d+)\]/.exec(failure.field)?.[1];
    return index === undefined ? most : Math.max(most, Number(index) + 1);
  }, 0);

const isInsideList = (failure: ExpectedFailure): boolean => failure.field.startsWith(`${ITEMS_FIELD}[`);

/**
 * An item of errors[] that names the list of multiCurrencyAmounts, or one of its items as a whole (the
 * first over the limit, say), under a code of no stated rule, once.
 */
const namesItemList = (reported: ReportedFailure, items: readonly ReportedFailure[], sent: number): boolean =>
  fieldSegments(reported.field).some((segment) => segment.toLowerCase() === ITEMS_FIELD.toLowerCase()) &&
  Array.from({ length: sent }, (_, index) => `${ITEMS_FIELD}[${index}]`).some((item) =>
    fieldNames(reported.field, item),
  ) &&
  ruleOfCode(reported.errorCode) === undefined &&
  reportedOnce(reported, items);

/**
 * Whether errors[] refuses a body of more items than every deployment takes for their number: the
 * maximum is not shown (part 8), and a deployment may hold the list to fewer than a check's body has.
 */
const refusesItemCount = (
  expected: readonly ExpectedFailure[],
  items: readonly ReportedFailure[],
): boolean => {
  const sent = itemsSent(expected);
  return sent > ITEMS_EVERY_DEPLOYMENT_TAKES && items.some((item) => namesItemList(item, items, sent));
};

/** Why a claim about a body over the deployment's number of items is not made. */
const itemCountReason = (expected: readonly ExpectedFailure[], how: string): string =>
  `the deployment refuses the body's ${itemsSent(expected)} multiCurrencyAmounts items as more than it takes (GAP-FIELD-LIMITS: the maximum is not shown) ${how}`;

/**
 * A body over the deployment's number of items refused whole, before validation: a simple body under
 * a code of no stated rule, to a body of more items than every deployment takes.
 */
const refusedWholeForItems = (answer: HttpAnswer, expected: readonly ExpectedFailure[]): boolean => {
  const code = isPlainObject(answer.json) ? answer.json.errorCode : undefined;
  return (
    itemsSent(expected) > ITEMS_EVERY_DEPLOYMENT_TAKES &&
    typeof code === 'string' &&
    ruleOfCode(code) === undefined
  );
};

/** The rule a failure left out breaks when it is not the failure's own (see creditMissingToUpdate). */
const creditOfMissing = (context: ValidationContext): RuleId | undefined =>
  context.creditMissingToUpdate ? 'UPDATE-VALIDATES' : undefined;

const missingViolations = (
  expected: readonly ExpectedFailure[],
  missing: readonly ExpectedFailure[],
  answer: HttpAnswer,
  context: ValidationContext,
): Violation[] => {
  if (missing.length === 0) return [];
  const creditMissingTo = creditOfMissing(context);
  const noneReported = missing.length === expected.length;
  if (expected.length === 1 || noneReported) {
    return missing.map((failure) =>
      violationOf(
        creditMissingTo ?? failure.ruleId,
        `errors[] lacks ${describeExpectedFailures([failure])} (${summarise(answer)})`,
      ),
    );
  }
  return [
    violationOf(
      'VAL-ALL-FAILURES',
      `errors[] lacks ${describeExpectedFailures(missing)}: all failures must be returned together`,
    ),
  ];
};

const claimViolation = (reported: ReportedFailure): Violation => {
  const rule = ruleOfCode(reported.errorCode);
  return rule !== undefined
    ? violationOf(
        rule,
        `errors[] claims ${reported.field} ${reported.errorCode}, which the body does not break`,
      )
    : violationOf(
        'VAL-ALL-FAILURES',
        `errors[] reports ${reported.field} ${reported.errorCode}, a failure the body does not have`,
      );
};

/** What a refused body shows: its 7.2 body, and the failures a reading of a gap explains. */
export type ValidationEvidence = Pick<ValidationFindings, 'body' | 'tolerated'>;

/** What every step of judging a refused body reads: the answer, the failures it must show, and how. */
interface ValidationScope {
  readonly answer: HttpAnswer;
  readonly expected: readonly ExpectedFailure[];
  /** The failures that are no reading of a gap: they must be reported. */
  readonly required: readonly ExpectedFailure[];
  readonly context: ValidationContext;
  /** The rule a failure left out is credited to instead of its own (on a PUT), if any. */
  readonly creditMissingTo: RuleId | undefined;
}

const NONE: ValidationFindings = { violations: [], body: undefined, tolerated: [], judged: [] };
const STATUS_AND_SHAPE: readonly RuleId[] = ['VAL-STATUS-400', 'ERROR-BODY-SHAPE'];

/**
 * The rules judged so far (held or broken): each failure's own, unless a failure left out is
 * credited to another rule (on a PUT), which then leaves the failure's own rule unjudged.
 */
const ownRules = (scope: ValidationScope, failures: readonly ExpectedFailure[]): RuleId[] =>
  scope.creditMissingTo ? [] : [...new Set(failures.map((failure) => failure.ruleId))];

/** A body that must fail was accepted: every required failure is missing. */
const acceptedFindings = (scope: ValidationScope): ValidationFindings => ({
  ...NONE,
  judged: ownRules(scope, scope.required),
  violations: scope.required.map((failure) =>
    violationOf(
      scope.creditMissingTo ?? failure.ruleId,
      `accepted (${summarise(scope.answer)}) although ${describeExpectedFailures([failure])} must be refused`,
    ),
  ),
});

/**
 * Neither 400 nor 422: a 5xx replaced the answer the spec gives, so every failure's rule is broken, a
 * reading's too (its answer was 201 or 400, never a server error); any other status, the required ones.
 */
const wrongStatusFindings = (scope: ValidationScope): ValidationFindings => {
  const { answer, expected, required } = scope;
  const replaced = isServerError(answer.status) || required.length === 0 ? expected : required;
  const what = isServerError(answer.status) ? 'a server error where the spec answers' : 'expected';
  const violations = replaced.map((failure) =>
    violationOf(
      scope.creditMissingTo ?? failure.ruleId,
      `${what} 400 with ${describeExpectedFailures([failure])}, got ${summarise(answer)}`,
    ),
  );
  return {
    ...NONE,
    violations: [...violations, ...errorBodyViolations(answer)],
    judged: [...ownRules(scope, replaced), 'ERROR-BODY-SHAPE'],
  };
};

/** 7.3 gives 400 to its codes; a failure under no code of 7.3 may read 7.4's "422 Validation failed". */
const statusViolations = (scope: ValidationScope): Violation[] =>
  scope.answer.status === 422 &&
  (scope.expected.some((f) => f.errorCode !== ANY_ERROR_CODE) || reportsValidationCode(scope.answer))
    ? [violationOf('VAL-STATUS-400', 'a body validation failure answered 422; 7.3 gives 400')]
    : [];

/**
 * A simple body, no errors[]: the failure it names was reported, but not in errors[] (VAL-BODY-SHAPE);
 * a code that is none of the expected ones means the expected failures were not reported at all.
 */
const simpleBodyFindings = (
  scope: ValidationScope,
  violations: readonly Violation[],
  mismatch: string,
): ValidationFindings => {
  const { answer, expected, required } = scope;
  const code = isPlainObject(answer.json) ? String(answer.json.errorCode) : '';
  const named = expected.some((f) => f.errorCode === ANY_ERROR_CODE || f.errorCode === code);
  if (!named) {
    const claimed =
      ruleOfCode(code) !== undefined ? [claimViolation({ field: '(top level)', errorCode: code })] : [];
    return {
      ...NONE,
      violations: [
        ...violations,
        ...missingViolations(required, required, answer, scope.context),
        ...claimed,
      ],
      judged: [...ownRules(scope, required), ...STATUS_AND_SHAPE],
    };
  }
  const allFailures =
    required.length > 1
      ? [violationOf('VAL-ALL-FAILURES', `no errors[] to return ${describeExpectedFailures(required)} in`)]
      : [];
  return {
    ...NONE,
    violations: [
      ...violations,
      violationOf(
        'VAL-BODY-SHAPE',
        `the validation body must have errors[] of {field, errorCode, message}: ${mismatch}`,
      ),
      ...allFailures,
    ],
    judged: [
      ...STATUS_AND_SHAPE,
      'VAL-BODY-SHAPE',
      ...(required.length > 1 ? (['VAL-ALL-FAILURES'] as const) : ownRules(scope, required)),
    ],
  };
};

/** The 7.2 body's top-level code and title, as 7.2 states them. */
const bodyShapeViolations = (body: ValidationErrorBody): Violation[] => [
  ...(body.errorCode !== body.errors[0]?.errorCode
    ? [
        violationOf(
          'VAL-BODY-SHAPE',
          `the top-level errorCode ${body.errorCode} must be the code of the first failure, ${body.errors[0]?.errorCode}`,
        ),
      ]
    : []),
  ...(titleStatesValidation(body.title)
    ? []
    : [
        violationOf(
          'VAL-BODY-SHAPE',
          `the title must state that validation errors occurred; got "${body.title}"`,
        ),
      ]),
];

/** errors[] against the failures expected: the missing, the false claims, the readings tolerated. */
const errorsListFindings = (
  scope: ValidationScope,
  violations: readonly Violation[],
  body: ValidationErrorBody,
): ValidationFindings => {
  const { answer, expected, required, context } = scope;
  const { missing, unexpected } = matchFailures(expected, body.errors);
  const unread = missing.filter((failure) => failure.readingOf === undefined);
  // Over the deployment's number of items, the failures inside the list may go unreported (a list
  // refused whole) and the answer may be 7.4's 422: those two are not judged; everything else is.
  const overItemCount = refusesItemCount(expected, body.errors);
  const unreadItems = overItemCount ? unread.filter(isInsideList) : [];
  const judgedUnread = unread.filter((failure) => !unreadItems.includes(failure));
  const found = [
    ...(overItemCount ? violations.filter((v) => v.rule !== 'VAL-STATUS-400') : violations),
    ...missingViolations(required, judgedUnread, answer, context),
  ];
  const tolerated: ToleratedFailure[] = [];
  for (const reported of unexpected) {
    const gap =
      overItemCount && namesItemList(reported, body.errors, itemsSent(expected))
        ? 'GAP-FIELD-LIMITS'
        : toleratedGap(reported, expected, context, body.errors);
    if (gap) tolerated.push({ field: reported.field, errorCode: reported.errorCode, gap });
    else found.push(claimViolation(reported));
  }
  const all = [...found, ...bodyShapeViolations(body)];
  const unjudged =
    unreadItems.length > 0 ? 'and reports no failure inside the list' : `with ${summarise(answer)}`;
  const premiseNotMet =
    all.length === 0 && overItemCount && (unreadItems.length > 0 || answer.status === 422)
      ? itemCountReason(expected, unjudged)
      : undefined;
  const reported = required.filter((failure) => !missing.includes(failure));
  return {
    ...(premiseNotMet === undefined ? {} : { premiseNotMet }),
    violations: all,
    body,
    tolerated,
    // A failure errors[] reports holds for its own rule, wherever a left-out one would be credited.
    judged: [
      ...new Set(reported.map((failure) => failure.ruleId)),
      ...STATUS_AND_SHAPE,
      'VAL-ALL-FAILURES',
      'VAL-BODY-SHAPE',
    ],
  };
};

/** The violations of an answer to a body that must fail with exactly `expected`. */
const findValidationFailure = (
  answer: HttpAnswer,
  expected: readonly ExpectedFailure[],
  context: ValidationContext,
): ValidationFindings => {
  const scope: ValidationScope = {
    answer,
    expected,
    // Failures that are only readings of a gap: reported or not, as the deployment reads it.
    required: expected.filter((failure) => failure.readingOf === undefined),
    context,
    creditMissingTo: creditOfMissing(context),
  };
  if (isSuccess(answer.status)) return acceptedFindings(scope);
  if (duplicateOfCoercedId(answer, expected, scope.required))
    return { ...NONE, violations: errorBodyViolations(answer), judged: ['ERROR-BODY-SHAPE'] };
  if (answer.status !== 400 && answer.status !== 422) return wrongStatusFindings(scope);
  const violations = statusViolations(scope);
  const shape = errorBodyViolations(answer);
  if (shape.length > 0) return { ...NONE, violations: [...violations, ...shape], judged: STATUS_AND_SHAPE };
  const parsed = validationErrorBodySchema.safeParse(answer.json);
  if (!parsed.success && refusedWholeForItems(answer, expected))
    return { ...NONE, premiseNotMet: itemCountReason(expected, `with a simple body (${summarise(answer)})`) };
  return parsed.success
    ? errorsListFindings(scope, violations, parsed.data)
    : simpleBodyFindings(scope, violations, explainMismatch(parsed.error));
};

/**
 * An answer to a body that must fail with exactly `expected`: its violations, the rules it reached
 * (`judged`: held or broken), and what the body shows.
 */
export const judgeValidationFailure = (
  answer: HttpAnswer,
  expected: readonly ExpectedFailure[],
  context: ValidationContext = {},
): Judgement<ValidationEvidence> => {
  const { violations, judged, body, tolerated, premiseNotMet } = findValidationFailure(
    answer,
    expected,
    context,
  );
  if (premiseNotMet !== undefined)
    return notEstablished('premise-not-met', premiseNotMet, { body, tolerated });
  return judgementOf(violations, { body, tolerated }, judged);
};
