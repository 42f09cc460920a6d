/** Mutants of part 2: the rule of one field broken. Hooks: validation.ts. */
import { PAYLOAD_FIELDS } from '../../spec/index.ts';
import { COUNTRY_ALPHA3_CODES, isCountryCode, isCurrencyCode } from '../iso-codes.ts';
import type { JsonValue } from '../json.ts';
import { VALIDATION_HOOKS } from '../validation.ts';
import { mutant } from './define.ts';

const reference = VALIDATION_HOOKS;
const upperCased = (value: JsonValue): JsonValue => (typeof value === 'string' ? value.toUpperCase() : value);
/** A string that spells a number, the sign included. */
const isNumericText = (value: JsonValue): boolean =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
const CRYPTO_TICKERS: ReadonlySet<JsonValue> = new Set(['BTC', 'ETH', 'USDT', 'USDC']);
const isCryptoTicker = (value: JsonValue): boolean => CRYPTO_TICKERS.has(value);
const isFiniteNumber = (value: JsonValue): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const VALIDATION_MUTANTS = [
  mutant(
    'external-id-empty-accepted',
    ['VAL-EXTERNAL-ID-REQUIRED'],
    'externalId is checked for presence only; an empty string is accepted.',
    { externalIdFault: (body) => (body.externalId === '' ? undefined : reference.externalIdFault(body)) },
  ),
  mutant(
    'external-id-missing-accepted',
    ['VAL-EXTERNAL-ID-REQUIRED'],
    'externalId is checked only when present: a body without it is accepted (and stored without one).',
    {
      externalIdFault: (body) =>
        Object.hasOwn(body, 'externalId') ? reference.externalIdFault(body) : undefined,
    },
  ),
  mutant(
    'external-id-limit-as-missing',
    ['VAL-EXTERNAL-ID-REQUIRED'],
    "externalId is limited to 255 characters, and a longer one is refused under ERR-3001 (the field's one code), which says it is empty or missing.",
    {
      externalIdFault: (body) =>
        typeof body.externalId === 'string' && body.externalId.length > 255
          ? 'externalId must be between 1 and 255 characters'
          : reference.externalIdFault(body),
    },
  ),
  mutant(
    'type-case-insensitive',
    ['VAL-TYPE-ENUM'],
    'type is compared case-insensitively, so internal_payin is accepted.',
    { isEventType: (value) => reference.isEventType(upperCased(value)) },
  ),
  mutant(
    'type-trimmed',
    ['VAL-TYPE-ENUM'],
    'type is trimmed before the enum check (an enum parser that strips blanks), so "INTERNAL_PAYIN " is accepted.',
    { isEventType: (value) => reference.isEventType(typeof value === 'string' ? value.trim() : value) },
  ),
  mutant(
    'country-lowercase-accepted',
    ['VAL-COUNTRY-ISO3166'],
    'countryCode is upper-cased before the ISO 3166-1 lookup, so "de" is accepted.',
    { isCountryCode: (value) => typeof value === 'string' && isCountryCode(value.toUpperCase()) },
  ),
  mutant(
    'country-alpha3-accepted',
    ['VAL-COUNTRY-ISO3166'],
    'countryCode accepts ISO 3166-1 alpha-3 codes (DEU) as well as alpha-2.',
    {
      isCountryCode: (value) =>
        reference.isCountryCode(value) || (typeof value === 'string' && COUNTRY_ALPHA3_CODES.has(value)),
    },
  ),
  mutant(
    'country-list-before-2010',
    ['VAL-COUNTRY-ISO3166'],
    'countryCode is looked up in a list from before 2010: BQ, CW, SX (2010) and SS (2011) are refused as unknown.',
    {
      isCountryCode: (value) =>
        reference.isCountryCode(value) && !['BQ', 'CW', 'SX', 'SS'].includes(String(value)),
    },
  ),
  mutant(
    'type-enum-ordinal-accepted',
    ['VAL-TYPE-ENUM'],
    "type is bound to an enum that also takes an integer by its ordinal (Jackson's default): 0 and 1 are accepted.",
    { isEventType: (value) => reference.isEventType(value) || value === 0 || value === 1 },
  ),
  mutant(
    'status-enum-ordinal-accepted',
    ['VAL-STATUS-ENUM'],
    'status is bound to an enum that also takes an integer by its ordinal: 0, 1 and 2 are accepted.',
    { isEventStatus: (value) => reference.isEventStatus(value) || value === 0 || value === 1 || value === 2 },
  ),
  mutant(
    'amount-sign-read-after-rounding-to-cents',
    ['VAL-AMOUNT-POSITIVE'],
    'The amount is rounded to cents before its sign is read: -0.001 rounds to -0.00, which is not below zero, so it is accepted.',
    {
      isAmount: (value) =>
        reference.isAmount(value) ||
        (typeof value === 'number' && value < 0 && Math.round(value * 100) === 0),
    },
  ),
  mutant(
    'country-any-two-letters',
    ['VAL-COUNTRY-ISO3166'],
    'countryCode is checked against /^[A-Z]{2}$/ instead of the ISO 3166-1 list, so JJ is accepted.',
    { isCountryCode: (value) => typeof value === 'string' && /^[A-Z]{2}$/.test(value) },
  ),
  mutant(
    'currency-any-three-letters',
    ['VAL-CURRENCY-ISO4217'],
    'currencyCode is checked against /^[A-Z]{3}$/ instead of the ISO 4217 list, so ABC is accepted.',
    { isCurrencyCode: (value) => typeof value === 'string' && /^[A-Z]{3}$/.test(value) },
  ),
  mutant(
    'currency-lowercase-accepted',
    ['VAL-CURRENCY-ISO4217'],
    'currencyCode is upper-cased before the ISO 4217 lookup, so "eur" is accepted.',
    { isCurrencyCode: (value) => typeof value === 'string' && isCurrencyCode(value.toUpperCase()) },
  ),
  mutant('amount-zero-accepted', ['VAL-AMOUNT-POSITIVE'], 'amount is checked with >= 0, so 0 is accepted.', {
    isAmount: (value) => isFiniteNumber(value) && value >= 0,
  }),
  mutant(
    'amount-numeric-string-sign-not-checked',
    ['VAL-AMOUNT-POSITIVE', 'VAL-MCA-AMOUNT-POSITIVE'],
    'The positivity check applies to JSON numbers only: an amount sent as a numeric string ("-12.50") is taken as a number without it, and stored.',
    {
      isAmount: (value) => isNumericText(value) || (isFiniteNumber(value) && value > 0),
      isItemAmount: (value) => isNumericText(value) || (isFiniteNumber(value) && value > 0),
    },
  ),
  mutant(
    'amount-negative-accepted',
    ['VAL-AMOUNT-POSITIVE'],
    'amount is only checked to be non-zero, so negative amounts are accepted.',
    { isAmount: (value) => isFiniteNumber(value) && value !== 0 },
  ),
  mutant(
    'status-case-insensitive',
    ['VAL-STATUS-ENUM'],
    'status is compared case-insensitively, so "pending" is accepted.',
    { isEventStatus: (value) => reference.isEventStatus(upperCased(value)) },
  ),
  mutant(
    'channel-not-validated',
    ['VAL-CHANNEL-ENUM'],
    'payload.channel is never checked against CASH, ONLINE, CRYPTO.',
    { isChannel: () => true },
  ),
  mutant(
    'channel-case-insensitive',
    ['VAL-CHANNEL-ENUM'],
    'payload.channel is upper-cased before the check, so "cash" is accepted.',
    { isChannel: (value) => reference.isChannel(upperCased(value)) },
  ),
  mutant(
    'empty-payload-rejected',
    ['VAL-PAYLOAD-EMPTY-ACCEPTED'],
    'payload.channel is treated as required, so an empty payload object gives ERR-3011.',
    { channelRequired: () => true },
  ),
  mutant(
    'payin-payout-codes-swapped',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS', 'VAL-PAYOUT-NO-PAYIN-FIELDS'],
    'ERR-3009 and ERR-3010 are swapped: a payout field in a payin gives ERR-3010 and the reverse ERR-3009.',
    { exclusivityCode: (type) => (type === 'INTERNAL_PAYIN' ? 'ERR-3010' : 'ERR-3009') },
  ),
  mutant(
    'payout-fields-allowed-in-payin',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS'],
    'beneficiary* fields are accepted in an INTERNAL_PAYIN payload.',
    { fieldsNotAllowedIn: (type) => (type === 'INTERNAL_PAYIN' ? [] : reference.fieldsNotAllowedIn(type)) },
  ),
  mutant(
    'payin-fields-allowed-in-payout',
    ['VAL-PAYOUT-NO-PAYIN-FIELDS'],
    'payer* fields are accepted in an INTERNAL_PAYOUT payload.',
    { fieldsNotAllowedIn: (type) => (type === 'INTERNAL_PAYOUT' ? [] : reference.fieldsNotAllowedIn(type)) },
  ),
  mutant(
    'exclusivity-name-fields-only',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS', 'VAL-PAYOUT-NO-PAYIN-FIELDS'],
    'Payin/payout exclusivity is checked for payerName and beneficiaryName only; the *PersonalIdType and *PersonalId fields pass in the wrong type.',
    { fieldsNotAllowedIn: (type) => reference.fieldsNotAllowedIn(type).filter((f) => f.endsWith('Name')) },
  ),
  mutant(
    'exclusivity-checks-truthiness',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS', 'VAL-PAYOUT-NO-PAYIN-FIELDS'],
    'A field of the other type counts only when its value is truthy (`if (payload.beneficiaryName)`): sent empty, it is accepted.',
    { sentAgainstType: (value) => Boolean(value) },
  ),
  mutant(
    'payload-unknown-property-accepted',
    ['VAL-PAYLOAD-UNKNOWN-PROPERTY'],
    'Unknown payload properties are accepted (additionalProperties left open).',
    { isPayloadProperty: () => true },
  ),
  mutant(
    'payload-names-case-insensitive',
    ['VAL-PAYLOAD-UNKNOWN-PROPERTY'],
    "Payload properties are matched ignoring case (.NET's PropertyNameCaseInsensitive): PayerName is taken for payerName and accepted.",
    {
      isPayloadProperty: (key, type) =>
        reference.isPayloadProperty(key, type) ||
        PAYLOAD_FIELDS.some((field) => field.toLowerCase() === key.toLowerCase()),
    },
  ),
  mutant(
    'mca-only-first-item-validated',
    ['VAL-MCA-CURRENCY-ISO4217', 'VAL-MCA-AMOUNT-POSITIVE'],
    'Only multiCurrencyAmounts[0] is validated; faults in later items pass.',
    { itemsValidated: (items) => items.slice(0, 1) },
  ),
  mutant(
    'mca-first-five-items-validated',
    ['VAL-MCA-CURRENCY-ISO4217', 'VAL-MCA-AMOUNT-POSITIVE'],
    'Only the first five multiCurrencyAmounts items are validated; a fault in the sixth passes.',
    { itemsValidated: (items) => items.slice(0, 5) },
  ),
  mutant(
    'currency-crypto-accepted',
    ['VAL-CURRENCY-ISO4217', 'VAL-MCA-CURRENCY-ISO4217'],
    'Crypto-currency tickers (BTC, ETH, USDT, USDC) are added to the ISO 4217 list, since channel has CRYPTO.',
    {
      isCurrencyCode: (value) => reference.isCurrencyCode(value) || isCryptoTicker(value),
      isItemCurrencyCode: (value) => reference.isItemCurrencyCode(value) || isCryptoTicker(value),
    },
  ),
  mutant(
    'mca-currency-not-validated',
    ['VAL-MCA-CURRENCY-ISO4217'],
    'multiCurrencyAmounts[].currencyCode is never checked against ISO 4217.',
    { isItemCurrencyCode: () => true },
  ),
  mutant(
    'mca-currency-trimmed',
    ['VAL-MCA-CURRENCY-ISO4217'],
    'multiCurrencyAmounts[].currencyCode is trimmed before the ISO 4217 lookup, so "USD " is accepted in an item (the top-level currencyCode is not).',
    {
      isItemCurrencyCode: (value) =>
        reference.isItemCurrencyCode(typeof value === 'string' ? value.trim() : value),
    },
  ),
  mutant(
    'mca-currency-code-reported-as-3004',
    ['VAL-MCA-CURRENCY-ISO4217'],
    'multiCurrencyAmounts[].currencyCode is checked by the currencyCode helper, so its fault is reported as ERR-3004 instead of ERR-3007.',
    { itemCurrencyFaultCode: () => 'ERR-3004' },
  ),
  mutant(
    'mca-amount-zero-accepted',
    ['VAL-MCA-AMOUNT-POSITIVE'],
    'multiCurrencyAmounts[].amount is checked with >= 0, so 0 is accepted.',
    { isItemAmount: (value) => isFiniteNumber(value) && value >= 0 },
  ),
];
