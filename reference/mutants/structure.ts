/**
 * Mutants of the body's structure and of the literal forms of its numbers: a wrong JSON shape at a
 * nested position that crashes a validator (500) or slips through it, and zeros written in a form a
 * hurried comparison does not recognise. Hooks: validation.ts, handlers/request-body.ts.
 */
import { isCurrencyCode } from '../iso-codes.ts';
import type { JsonValue } from '../json.ts';
import { VALIDATION_HOOKS } from '../validation.ts';
import { mutant } from './define.ts';

const reference = VALIDATION_HOOKS;

/** Marks a zero written with a scale (`0.00`, `0E+2`, `-0.0`) as the decimal text it is. */
const DECIMAL_ZERO_MARK = 'decimal:';

/**
 * JSON text with every number token that is a zero written with a scale replaced by a string of its
 * text, as a reader that keeps amounts as BigDecimal would see them (scale 2 for `0.00`). Strings are
 * skipped; the text is otherwise untouched.
 */
const markScaledZeros = (text: string): string => {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      const start = i;
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += text.slice(start, i + 1);
      i += 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (number && (i === 0 || !/[\w.]/.test(text[i - 1] as string))) {
      const token = number[0];
      const scaled = token.includes('.') || /[eE]/.test(token);
      out += scaled && Number(token) === 0 ? JSON.stringify(`${DECIMAL_ZERO_MARK}${token}`) : token;
      i += token.length;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
};

const isMarkedZero = (value: JsonValue): boolean =>
  typeof value === 'string' && value.startsWith(DECIMAL_ZERO_MARK);

export const STRUCTURE_MUTANTS = [
  mutant(
    'channel-wrong-type-crashes',
    ['VAL-CHANNEL-ENUM'],
    'payload.channel is trimmed before the enum check, so a channel that is not a string (null, a number, an array, an object) throws: 500.',
    { isChannel: (value) => reference.isChannel((value as string).trim()) },
  ),
  mutant(
    'external-id-astral-crashes',
    ['CREATE-RETURNS-UUID'],
    "The externalId column holds three-byte UTF-8 (MySQL's utf8): an externalId with a character beyond U+FFFF fails the insert, 500.",
    {
      externalIdFault: (body) => {
        if (typeof body.externalId === 'string' && /[\u{10000}-\u{10FFFF}]/u.test(body.externalId))
          throw new Error("Incorrect string value for column 'external_id'");
        return reference.externalIdFault(body);
      },
    },
  ),
  mutant(
    'mca-item-not-object-crashes',
    ['VAL-ALL-FAILURES'],
    "Each multiCurrencyAmounts item is probed with `'currencyCode' in item` before its type is checked, which throws on an item that is a string, number, boolean or null: 500.",
    {
      itemsValidated: (items) => {
        for (const item of items) if (!('currencyCode' in (item as object))) break;
        return reference.itemsValidated(items);
      },
    },
  ),
  mutant(
    'mca-amount-wrong-type-crashes',
    ['VAL-MCA-AMOUNT-POSITIVE'],
    'An item amount is formatted with toFixed(2) for the log before its type is checked, so an amount that is not a number (a string, an array, an object, null) throws: 500.',
    {
      isItemAmount: (value) => (value as number).toFixed(2) !== '' && reference.isItemAmount(value),
    },
  ),
  mutant(
    'mca-currency-wrong-type-accepted',
    ['VAL-MCA-CURRENCY-ISO4217'],
    'An item currencyCode is checked against ISO 4217 only when it is a string: a number, boolean, array or object passes and is stored.',
    { isItemCurrencyCode: (value) => typeof value !== 'string' || isCurrencyCode(value) },
  ),
  mutant(
    'amount-scaled-zero-accepted',
    ['VAL-AMOUNT-POSITIVE'],
    'Amounts are read as BigDecimal and zero is tested with equals(ZERO), which compares the scale too: a zero written 0.00, -0.0, 0E+2 or 0e-10 is not "equal" to 0 and is accepted.',
    {
      parseJson: (text) => JSON.parse(markScaledZeros(text)) as unknown,
      isAmount: (value) => isMarkedZero(value) || reference.isAmount(value),
    },
  ),
  mutant(
    'amount-negative-zero-accepted',
    ['VAL-AMOUNT-POSITIVE'],
    'Zero is tested with Object.is(amount, 0) (as Java Double.equals does) and negatives with < 0: -0 is neither, and is accepted.',
    {
      isAmount: (value) =>
        typeof value === 'number' && Number.isFinite(value) && !Object.is(value, 0) && !(value < 0),
    },
  ),
];
