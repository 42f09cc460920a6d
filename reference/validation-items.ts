/**
 * Part 2.1: multiCurrencyAmounts, an optional array whose every item is an object with an ISO 4217
 * currencyCode (ERR-3007) and an amount greater than 0 (ERR-3008).
 */
import { MULTI_CURRENCY_AMOUNT_FIELDS } from '../spec/index.ts';
import { REFERENCE_CODES } from './codes.ts';
import type { ValidationContext } from './context.ts';
import { isJsonObject, type JsonValue } from './json.ts';
import { type Failure, fail } from './validation-failure.ts';
import { checkItemCount, checkPrecision } from './validation-limits.ts';

const WRONG_TYPE = REFERENCE_CODES.wrongType.code;
const UNKNOWN_FIELD = REFERENCE_CODES.unknownField.code;
const ITEM_FIELD_SET: ReadonlySet<string> = new Set(MULTI_CURRENCY_AMOUNT_FIELDS);

export const checkAmountItems = (items: JsonValue, ctx: ValidationContext, failures: Failure[]): void => {
  const { behaviour, hooks } = ctx;
  if (!Array.isArray(items)) {
    fail(failures, ['multiCurrencyAmounts'], WRONG_TYPE, 'multiCurrencyAmounts must be an array');
    return;
  }
  checkItemCount(items, ctx, failures);
  for (const [index, item] of hooks.itemsValidated(items).entries()) {
    const at = `multiCurrencyAmounts[${index}]`;
    if (!isJsonObject(item)) {
      if (behaviour.nonObjectItem === 'per-field') {
        // As a deserializer that builds an empty item and validates its fields.
        fail(
          failures,
          ['multiCurrencyAmounts', index, 'currencyCode'],
          'ERR-3007',
          `${at}.currencyCode is required`,
        );
        fail(failures, ['multiCurrencyAmounts', index, 'amount'], 'ERR-3008', `${at}.amount is required`);
      } else {
        fail(
          failures,
          ['multiCurrencyAmounts', index],
          WRONG_TYPE,
          `${at} must be an object with currencyCode and amount`,
        );
      }
      continue;
    }
    if (!Object.hasOwn(item, 'currencyCode')) {
      fail(
        failures,
        ['multiCurrencyAmounts', index, 'currencyCode'],
        'ERR-3007',
        `${at}.currencyCode is required`,
      );
    } else if (!hooks.isItemCurrencyCode(item.currencyCode as JsonValue)) {
      fail(
        failures,
        ['multiCurrencyAmounts', index, 'currencyCode'],
        hooks.itemCurrencyFaultCode(),
        `${at}.currencyCode must be an ISO 4217 code`,
      );
    }
    const amount = item.amount as JsonValue;
    if (!Object.hasOwn(item, 'amount')) {
      fail(failures, ['multiCurrencyAmounts', index, 'amount'], 'ERR-3008', `${at}.amount is required`);
    } else if (behaviour.wrongJsonType !== 'own-code' && typeof amount !== 'number') {
      fail(failures, ['multiCurrencyAmounts', index, 'amount'], WRONG_TYPE, `${at}.amount must be a number`);
      if (behaviour.wrongJsonType === 'generic-and-own-code')
        fail(
          failures,
          ['multiCurrencyAmounts', index, 'amount'],
          'ERR-3008',
          `${at}.amount must be greater than 0`,
        );
    } else if (!hooks.isItemAmount(amount)) {
      fail(
        failures,
        ['multiCurrencyAmounts', index, 'amount'],
        'ERR-3008',
        `${at}.amount must be a number greater than 0`,
      );
    } else {
      checkPrecision(['multiCurrencyAmounts', index, 'amount'], amount as number, ctx, failures);
    }
    if (behaviour.unknownTopLevelFields === 'reject') {
      for (const key of Object.keys(item)) {
        if (!ITEM_FIELD_SET.has(key)) {
          fail(
            failures,
            ['multiCurrencyAmounts', index, key],
            UNKNOWN_FIELD,
            `${at}.${key} is not a field of an amount`,
          );
        }
      }
    }
  }
};
