/**
 * The hand-written field checks of part 2: a valid event with exactly one fault, and the failure(s)
 * that fault must produce. Each case names its rule id. Written from the spec's tables, independently
 * of the generators and of the reference server.
 */
import { blankMark, itemHolders } from '../../generators/index.ts';
import type { ExpectedFailure } from '../../oracle/index.ts';
import type { ErrorCode, RuleId } from '../../spec/index.ts';
import { expectedFailure, failureOfAnyCode } from './expected-failures.ts';
import { type EventBody, validPayin, validPayout, withField } from './sample-events.ts';

export interface SingleFaultCase {
  readonly ruleId: RuleId;
  readonly label: string;
  readonly make: (runId: string) => EventBody;
  /** Every failure the body must produce, field in any notation (dot notation here). */
  readonly expected: readonly ExpectedFailure[];
}

/** A payin whose payload holds only a channel: for faults of `type`, which make payin/payout fields undecidable. */
export const neutralPayin = (runId: string): EventBody =>
  withField(validPayin(runId), 'payload', { channel: 'ONLINE' });

/** `value` written at `path` of a valid event, and the failures that must answer it. */
const caseOf = (
  ruleId: RuleId,
  label: string,
  base: (runId: string) => EventBody,
  path: string,
  value: unknown,
  expected: readonly ExpectedFailure[],
): SingleFaultCase => ({ ruleId, label, make: (runId) => withField(base(runId), path, value), expected });

const fault = (
  ruleId: RuleId,
  label: string,
  base: (runId: string) => EventBody,
  path: string,
  value: unknown,
  errorCode: ErrorCode,
  field: string = path,
): SingleFaultCase =>
  caseOf(ruleId, label, base, path, value, [{ ...expectedFailure(field, errorCode), ...blankMark(value) }]);

/**
 * A payout with six items: a loop that validates only the first few items lets a fault in the last
 * one through. The maximum is not shown; a deployment that takes fewer names the list in errors[],
 * a limit the oracle reads as such.
 */
const payoutWithSixItems = (runId: string): EventBody =>
  withField(
    validPayout(runId),
    'multiCurrencyAmounts',
    ['CHF', 'USD', 'GBP', 'JPY', 'SEK', 'NOK'].map((currencyCode, index) => ({
      currencyCode,
      amount: 100 + index,
    })),
  );

/**
 * A fault whose code the case does not fix: refused, under the field's code or one of the
 * deployment's own. A closed vocabulary's value sent as its place in the list (0 for the first), as
 * Jackson and other binders take an integer for an enum, is a number where the spec gives a string
 * (a code for the JSON type is a reading); a negative amount under a cent has three decimals, which a
 * deployment may refuse for its precision first (GAP-FIELD-LIMITS). Either way it must be refused.
 */
const faultOfAnyCode = (
  ruleId: RuleId,
  label: string,
  base: (runId: string) => EventBody,
  path: string,
  value: unknown,
  alternativeFields?: readonly string[],
): SingleFaultCase =>
  caseOf(ruleId, label, base, path, value, [failureOfAnyCode(path, ruleId, alternativeFields)]);

/** A payout paid in crypto-currency: a channel that suggests a ticker is a currency to a team. */
const cryptoPayout = (runId: string): EventBody => withField(validPayout(runId), 'payload.channel', 'CRYPTO');

export const SINGLE_FAULT_CASES: readonly SingleFaultCase[] = [
  faultOfAnyCode('VAL-TYPE-ENUM', 'type as the ordinal 0', neutralPayin, 'type', 0),
  faultOfAnyCode('VAL-TYPE-ENUM', 'type as the ordinal 1', neutralPayin, 'type', 1),
  faultOfAnyCode('VAL-STATUS-ENUM', 'status as the ordinal 2', validPayin, 'status', 2),
  faultOfAnyCode('VAL-CHANNEL-ENUM', 'payload.channel as the ordinal 1', validPayout, 'payload.channel', 1),
  fault(
    'VAL-CURRENCY-ISO4217',
    'currencyCode a crypto ticker, channel CRYPTO',
    cryptoPayout,
    'currencyCode',
    'BTC',
    'ERR-3004',
  ),
  // A sign read off an amount rounded to cents first: -0.001 is -0.00, not below zero.
  faultOfAnyCode('VAL-AMOUNT-POSITIVE', 'amount negative, under a cent', validPayin, 'amount', -0.001),
  faultOfAnyCode(
    'VAL-MCA-AMOUNT-POSITIVE',
    'first item amount negative, under a cent',
    validPayout,
    'multiCurrencyAmounts[0].amount',
    -0.001,
    itemHolders('multiCurrencyAmounts[0].amount'),
  ),
  fault('VAL-EXTERNAL-ID-REQUIRED', 'externalId empty', validPayin, 'externalId', '', 'ERR-3001'),
  fault('VAL-EXTERNAL-ID-REQUIRED', 'externalId missing', validPayin, 'externalId', undefined, 'ERR-3001'),
  fault('VAL-TYPE-ENUM', 'type lowercase', neutralPayin, 'type', 'internal_payin', 'ERR-3002'),
  fault('VAL-TYPE-ENUM', 'type mixed case', neutralPayin, 'type', 'Internal_Payout', 'ERR-3002'),
  fault('VAL-TYPE-ENUM', 'type near miss', neutralPayin, 'type', 'INTERNAL_PAYINS', 'ERR-3002'),
  fault('VAL-TYPE-ENUM', 'type short form', neutralPayin, 'type', 'PAYOUT', 'ERR-3002'),
  // "Exactly" INTERNAL_PAYIN: a value trimmed before the enum check is another value accepted.
  fault('VAL-TYPE-ENUM', 'type with a trailing space', neutralPayin, 'type', 'INTERNAL_PAYIN ', 'ERR-3002'),
  fault('VAL-TYPE-ENUM', 'type after a tab', neutralPayin, 'type', '\tINTERNAL_PAYOUT', 'ERR-3002'),
  fault('VAL-COUNTRY-ISO3166', 'countryCode alpha-3', validPayin, 'countryCode', 'DEU', 'ERR-3003'),
  fault('VAL-COUNTRY-ISO3166', 'countryCode lowercase', validPayin, 'countryCode', 'de', 'ERR-3003'),
  fault('VAL-COUNTRY-ISO3166', 'countryCode one letter', validPayout, 'countryCode', 'F', 'ERR-3003'),
  fault('VAL-COUNTRY-ISO3166', 'countryCode digits', validPayout, 'countryCode', '12', 'ERR-3003'),
  fault('VAL-CURRENCY-ISO4217', 'currencyCode four letters', validPayin, 'currencyCode', 'EURO', 'ERR-3004'),
  fault('VAL-CURRENCY-ISO4217', 'currencyCode lowercase', validPayin, 'currencyCode', 'eur', 'ERR-3004'),
  fault('VAL-CURRENCY-ISO4217', 'currencyCode two letters', validPayout, 'currencyCode', 'EU', 'ERR-3004'),
  fault('VAL-CURRENCY-ISO4217', 'currencyCode with a digit', validPayout, 'currencyCode', 'E1R', 'ERR-3004'),
  // Three capital letters in no ISO 4217 list, current or historic, and under no country's prefix.
  fault('VAL-CURRENCY-ISO4217', 'currencyCode unassigned', validPayin, 'currencyCode', 'JJJ', 'ERR-3004'),
  // A crypto-currency ticker is no ISO 4217 code, whatever channel CRYPTO suggests to a team.
  fault(
    'VAL-CURRENCY-ISO4217',
    'currencyCode a crypto ticker',
    validPayout,
    'currencyCode',
    'BTC',
    'ERR-3004',
  ),
  fault(
    'VAL-CURRENCY-ISO4217',
    'currencyCode with a trailing space',
    validPayin,
    'currencyCode',
    'EUR ',
    'ERR-3004',
  ),
  fault('VAL-COUNTRY-ISO3166', 'countryCode after a space', validPayout, 'countryCode', ' DE', 'ERR-3003'),
  fault('VAL-COUNTRY-ISO3166', 'countryCode unassigned', validPayin, 'countryCode', 'JJ', 'ERR-3003'),
  fault(
    'VAL-MCA-CURRENCY-ISO4217',
    'second item currency unassigned',
    validPayout,
    'multiCurrencyAmounts[1].currencyCode',
    'KKK',
    'ERR-3007',
  ),
  fault('VAL-AMOUNT-POSITIVE', 'amount zero', validPayin, 'amount', 0, 'ERR-3005'),
  fault('VAL-AMOUNT-POSITIVE', 'amount slightly negative', validPayin, 'amount', -0.01, 'ERR-3005'),
  fault('VAL-AMOUNT-POSITIVE', 'amount negative', validPayout, 'amount', -250, 'ERR-3005'),
  fault('VAL-STATUS-ENUM', 'status lowercase', validPayin, 'status', 'pending', 'ERR-3006'),
  fault('VAL-STATUS-ENUM', 'status near miss', validPayin, 'status', 'BOOK', 'ERR-3006'),
  fault('VAL-STATUS-ENUM', 'status of another vocabulary', validPayout, 'status', 'CANCELLED', 'ERR-3006'),
  fault('VAL-STATUS-ENUM', 'status with a trailing space', validPayin, 'status', 'BOOKED ', 'ERR-3006'),
  fault(
    'VAL-MCA-CURRENCY-ISO4217',
    'first item currency four letters',
    validPayin,
    'multiCurrencyAmounts[0].currencyCode',
    'USDT',
    'ERR-3007',
  ),
  // A currency trimmed before the list is looked up is another value accepted, in an item as at the top.
  fault(
    'VAL-MCA-CURRENCY-ISO4217',
    'first item currency with a trailing space',
    validPayout,
    'multiCurrencyAmounts[0].currencyCode',
    'USD ',
    'ERR-3007',
  ),
  fault(
    'VAL-MCA-CURRENCY-ISO4217',
    'second item currency lowercase',
    validPayin,
    'multiCurrencyAmounts[1].currencyCode',
    'gbp',
    'ERR-3007',
  ),
  fault(
    'VAL-MCA-AMOUNT-POSITIVE',
    'first item amount zero',
    validPayout,
    'multiCurrencyAmounts[0].amount',
    0,
    'ERR-3008',
  ),
  fault(
    'VAL-MCA-AMOUNT-POSITIVE',
    'second item amount negative',
    validPayout,
    'multiCurrencyAmounts[1].amount',
    -3.5,
    'ERR-3008',
  ),
  fault(
    'VAL-MCA-AMOUNT-POSITIVE',
    'sixth item amount zero',
    payoutWithSixItems,
    'multiCurrencyAmounts[5].amount',
    0,
    'ERR-3008',
  ),
  fault(
    'VAL-MCA-CURRENCY-ISO4217',
    'sixth item currency a crypto ticker',
    payoutWithSixItems,
    'multiCurrencyAmounts[5].currencyCode',
    'ETH',
    'ERR-3007',
  ),
  fault(
    'VAL-PAYIN-NO-PAYOUT-FIELDS',
    'beneficiaryName in a payin',
    validPayin,
    'payload.beneficiaryName',
    'Jean Dupont',
    'ERR-3009',
  ),
  fault(
    'VAL-PAYIN-NO-PAYOUT-FIELDS',
    'beneficiaryPersonalIdType in a payin',
    validPayin,
    'payload.beneficiaryPersonalIdType',
    'PASSPORT',
    'ERR-3009',
  ),
  fault(
    'VAL-PAYIN-NO-PAYOUT-FIELDS',
    'beneficiaryPersonalId in a payin',
    validPayin,
    'payload.beneficiaryPersonalId',
    'X123',
    'ERR-3009',
  ),
  // Sent empty is still sent: a check of the field's truthiness, not of its presence, lets it through.
  fault(
    'VAL-PAYIN-NO-PAYOUT-FIELDS',
    'beneficiaryName empty in a payin',
    validPayin,
    'payload.beneficiaryName',
    '',
    'ERR-3009',
  ),
  fault(
    'VAL-PAYOUT-NO-PAYIN-FIELDS',
    'payerName in a payout',
    validPayout,
    'payload.payerName',
    'Erika Mustermann',
    'ERR-3010',
  ),
  fault(
    'VAL-PAYOUT-NO-PAYIN-FIELDS',
    'payerPersonalIdType in a payout',
    validPayout,
    'payload.payerPersonalIdType',
    'PASSPORT',
    'ERR-3010',
  ),
  fault(
    'VAL-PAYOUT-NO-PAYIN-FIELDS',
    'payerPersonalId in a payout',
    validPayout,
    'payload.payerPersonalId',
    'C01X00T47',
    'ERR-3010',
  ),
  fault(
    'VAL-PAYOUT-NO-PAYIN-FIELDS',
    'payerPersonalId empty in a payout',
    validPayout,
    'payload.payerPersonalId',
    '',
    'ERR-3010',
  ),
  fault('VAL-CHANNEL-ENUM', 'channel lowercase', validPayin, 'payload.channel', 'cash', 'ERR-3011'),
  fault('VAL-CHANNEL-ENUM', 'channel not in the list', validPayout, 'payload.channel', 'CARD', 'ERR-3011'),
  fault('VAL-CHANNEL-ENUM', 'channel empty', validPayout, 'payload.channel', '', 'ERR-3011'),
  fault(
    'VAL-CHANNEL-ENUM',
    'channel with a trailing space',
    validPayin,
    'payload.channel',
    'ONLINE ',
    'ERR-3011',
  ),
];
