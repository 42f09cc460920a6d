/**
 * GAP-FIELD-LIMITS: the server's own limits, in a reading that has them (behaviour.fieldLimits): the
 * longest externalId, the most multiCurrencyAmounts items, the most decimals of an amount. A value over
 * a limit fails with ERR-3016, marked as a limit (the answer's status may differ).
 */
import { REFERENCE_CODES } from './codes.ts';
import type { ValidationContext } from './context.ts';
import { decimalsOf } from './decimals.ts';
import { type FieldPath, formatFieldPath } from './field-path.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';
import { type Failure, failLimit } from './validation-failure.ts';

const LIMIT = REFERENCE_CODES.limitExceeded.code;

/** An externalId longer than the behaviour allows. */
export const checkExternalIdLength = (
  externalId: JsonValue,
  ctx: ValidationContext,
  failures: Failure[],
): void => {
  const { externalIdMaxLength } = ctx.behaviour.fieldLimits;
  if (
    externalIdMaxLength === null ||
    typeof externalId !== 'string' ||
    externalId.length <= externalIdMaxLength
  )
    return;
  failLimit(failures, ['externalId'], LIMIT, `externalId must be at most ${externalIdMaxLength} characters`);
};

/** An amount with more decimals, or more integer digits, than the behaviour allows. */
export const checkPrecision = (
  path: FieldPath,
  amount: number,
  ctx: ValidationContext,
  failures: Failure[],
): void => {
  const { amountMaxDecimals, amountMaxIntegerDigits } = ctx.behaviour.fieldLimits;
  const where = formatFieldPath(path, 'dot');
  if (amountMaxDecimals !== null && decimalsOf(amount) > amountMaxDecimals)
    failLimit(failures, path, LIMIT, `${where} must have at most ${amountMaxDecimals} decimals`);
  else if (amountMaxIntegerDigits !== null && Math.abs(amount) >= 10 ** amountMaxIntegerDigits)
    failLimit(failures, path, LIMIT, `${where} must have at most ${amountMaxIntegerDigits} integer digits`);
};

/** Whether an amount is too large for the behaviour's decimal column. */
const overflowsColumn = (amount: JsonValue | undefined, integerDigits: number): boolean =>
  typeof amount === 'number' && Math.abs(amount) >= 10 ** integerDigits;

/**
 * An amount, or an item's, too large for the store's decimal column (behaviour.amountColumn): the
 * write fails as an ORM's unhandled overflow does, an error the server answers 500 ERR-5001 with.
 */
export const failOnColumnOverflow = (event: JsonObject, ctx: ValidationContext): void => {
  const column = ctx.behaviour.amountColumn;
  if (column === null) return;
  const items = Array.isArray(event.multiCurrencyAmounts) ? event.multiCurrencyAmounts : [];
  const amounts = [event.amount, ...items.map((item) => (isJsonObject(item) ? item.amount : undefined))];
  if (amounts.some((amount) => overflowsColumn(amount, column.integerDigits)))
    throw new Error(`an amount overflows its column of ${column.integerDigits} integer digits`);
};

/** More multiCurrencyAmounts items than the behaviour allows (the list has no code of its own). */
export const checkItemCount = (
  items: readonly JsonValue[],
  ctx: ValidationContext,
  failures: Failure[],
): void => {
  const { maxMultiCurrencyAmounts } = ctx.behaviour.fieldLimits;
  if (maxMultiCurrencyAmounts === null || items.length <= maxMultiCurrencyAmounts) return;
  failLimit(
    failures,
    ['multiCurrencyAmounts'],
    LIMIT,
    `multiCurrencyAmounts must have at most ${maxMultiCurrencyAmounts} items`,
  );
};
