/**
 * Valid financial events and valid updates of them. "Valid" means accepted by every deployment that
 * conforms to the spec, whatever it chose where the spec is silent, so a valid event:
 * - carries every field of 2.1 (which fields are required is not shown), a non-empty externalId
 *   unique in the run, an exact type, a country and a currency from the stable pools (iso-codes.ts),
 *   an amount of at most two decimals (amounts.ts) and a status of the three;
 * - has a payload with channel and every field of its own type, or the empty payload (which the spec
 *   accepts), never a field of the other type: which payload fields are required is not shown either,
 *   and a deployment may require a name in a payin's payload, or an id with its id type;
 * - has one to three multiCurrencyAmounts, each with its own currency (duplicates are not forbidden,
 *   but a deployment could reasonably refuse them, and nothing is learnt by sending them); never an
 *   empty list, which a deployment that requires the list may refuse as a required list left empty
 *   (GAP-REQUIRED-FIELDS: a hand-written gap check sends one), nor more than three: their maximum is
 *   not shown, and a deployment may hold the list to a handful (the hand-written checks that need six
 *   items read such a refusal as their premise not met);
 * - uses short, printable strings (field lengths are not shown).
 */

import * as fc from 'fast-check';
import {
  CHANNELS,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventStatus,
  type EventType,
  PAYIN_ONLY_PAYLOAD_FIELDS,
  PAYOUT_ONLY_PAYLOAD_FIELDS,
} from '../spec/event-fields.ts';
import { fitToCurrency, nextAmountOf, positiveAmountArbitrary } from './amounts.ts';
import { externalIdTag } from './external-id-tag.ts';
import {
  cloneEvent,
  type FinancialEvent,
  type FinancialEventFields,
  type MultiCurrencyAmount,
  type Payload,
} from './financial-event.ts';
import { VALID_COUNTRY_CODES, VALID_CURRENCY_CODES } from './iso-codes.ts';

// ---------------------------------------------------------------------------------------------
// externalId

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A source of externalIds unique in the run: `${tag}-${instance}-${counter}` (external-id-tag.ts). The instance part
 * (six random letters and digits, starting with a letter) tells apart the sources of parallel
 * workers that share a run id; the counter tells apart the ids of one source. Math.random is
 * enough here (and is there in k6): it only has to avoid a collision between a handful of sources.
 */
export const createExternalIdSource = (runId: string): (() => string) => {
  let instance = ID_ALPHABET.charAt(Math.floor(Math.random() * 26));
  while (instance.length < 6) instance += ID_ALPHABET.charAt(Math.floor(Math.random() * ID_ALPHABET.length));
  let counter = 0;
  return () => {
    counter += 1;
    return `${externalIdTag(runId)}-${instance}-${counter.toString(36)}`;
  };
};

// ---------------------------------------------------------------------------------------------
// Realistic values

const FIRST_NAMES = [
  'Anna',
  'Carlos',
  'Chen',
  'Fatima',
  'José',
  'Łukasz',
  'Mary-Jane',
  'Noah',
  'Olúwaseun',
  'Priya',
  'Søren',
  'Zoë',
] as const;
const LAST_NAMES = [
  'Álvarez',
  'Brown',
  'Dubois',
  "O'Neill",
  'Kowalski',
  'Müller',
  'Nakamura',
  'Okafor',
  'Silva',
  'van der Berg',
] as const;
const COMPANIES = [
  'Acme Trading Ltd',
  'Nordic Timber AB',
  'Société Générale des Eaux',
  'Blue Ocean GmbH',
] as const;
/*
 * The values of the personal id types and of originalStatus are not shown (GAP-PERSONAL-ID-TYPE-VALUES,
 * GAP-ORIGINAL-STATUS-VALUES): a deployment may accept any string or only a list of its own. A valid
 * event uses only values every such list holds (the commonest id types; originalStatus in the service's
 * own vocabulary), so that no reading of those gaps refuses it; the hand-written gap checks send the
 * unusual values and record the reading.
 */
export const PERSONAL_ID_TYPES = Object.freeze(['PASSPORT', 'NATIONAL_ID'] as const);

const ID_CHARACTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'.split('');
const DIGITS = '0123456789'.split('');

const nameArbitrary = (): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...FIRST_NAMES), fc.constantFrom(...LAST_NAMES))
        .map((p) => p.join(' ')),
    },
    { weight: 1, arbitrary: fc.constantFrom(...COMPANIES) },
  );

/**
 * A personal id: letters and digits, or, one time in four, digits only with a leading zero (a
 * national id as printed), which a store that reads it as a number would lose.
 */
const personalIdArbitrary = (): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.string({ unit: fc.constantFrom(...ID_CHARACTERS), minLength: 6, maxLength: 16 }),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: fc.constantFrom(...DIGITS), minLength: 5, maxLength: 11 })
        .map((digits) => `0${digits}`),
    },
  );

const originalStatusArbitrary = (): fc.Arbitrary<string> => fc.constantFrom(...EVENT_STATUSES);

// ---------------------------------------------------------------------------------------------
// Payload and multiCurrencyAmounts

/**
 * A payload of the given type: channel and every field of that type, or, one time in ten, the empty
 * payload the spec names as accepted. Not a part of them: which are required is not shown, and a
 * deployment may refuse a payin's payload without payerName, or an id type without its id.
 */
export const payloadArbitrary = (type: EventType): fc.Arbitrary<Payload> => {
  const own = type === 'INTERNAL_PAYIN' ? PAYIN_ONLY_PAYLOAD_FIELDS : PAYOUT_ONLY_PAYLOAD_FIELDS;
  const [nameField, idTypeField, idField] = own;
  const full = fc.record(
    {
      channel: fc.constantFrom(...CHANNELS),
      [nameField]: nameArbitrary(),
      [idTypeField]: fc.constantFrom(...PERSONAL_ID_TYPES),
      [idField]: personalIdArbitrary(),
    },
    // Plain objects: fast-check's records may otherwise have a null prototype.
    { noNullPrototype: true },
  ) as fc.Arbitrary<Payload>;
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(null).map((): Payload => ({})) },
    { weight: 9, arbitrary: full },
  );
};

export interface LengthRange {
  readonly minLength?: number;
  readonly maxLength?: number;
}

const multiCurrencyAmountArbitrary = (): fc.Arbitrary<MultiCurrencyAmount> =>
  fc
    .record(
      { currencyCode: fc.constantFrom(...VALID_CURRENCY_CODES), amount: positiveAmountArbitrary() },
      { noNullPrototype: true },
    )
    .map((item) => ({ ...item, amount: fitToCurrency(item.amount, item.currencyCode) }));

const mcaArray = (minLength: number, maxLength: number): fc.Arbitrary<MultiCurrencyAmount[]> =>
  fc.uniqueArray(multiCurrencyAmountArbitrary(), {
    minLength,
    maxLength,
    selector: (item) => item.currencyCode,
  });

/** The fewest items a valid event carries (see the header: an empty list is a reading). */
const MIN_ITEMS = 1;

/** The most items a valid event carries: a deployment may hold the list to a few (the maximum is not shown). */
export const MAX_ITEMS = 3;

/** multiCurrencyAmounts: by default one item or several (up to MAX_ITEMS) in about equal shares. */
export const multiCurrencyAmountsArbitrary = (range?: LengthRange): fc.Arbitrary<MultiCurrencyAmount[]> =>
  range === undefined
    ? fc.oneof(mcaArray(1, 1), mcaArray(2, MAX_ITEMS))
    : mcaArray(
        Math.max(MIN_ITEMS, range.minLength ?? MIN_ITEMS),
        Math.max(MIN_ITEMS, range.maxLength ?? Math.max(MAX_ITEMS, range.minLength ?? MIN_ITEMS)),
      );

// ---------------------------------------------------------------------------------------------
// Events

export interface EventFieldsOptions {
  /** Only events of this type; both types when absent. */
  readonly type?: EventType;
  /** The number of multiCurrencyAmounts items (at least one); one or many when absent. */
  readonly multiCurrencyAmounts?: LengthRange;
  /** Only events of this status; any of the three when absent. */
  readonly status?: EventStatus;
}

export interface ValidEventOptions extends EventFieldsOptions {
  /** Carried by every externalId, so that runs never collide and their data can be found. */
  readonly runId: string;
}

const fieldsOfType = (type: EventType, options: EventFieldsOptions): fc.Arbitrary<FinancialEventFields> =>
  fc
    .record({
      countryCode: fc.constantFrom(...VALID_COUNTRY_CODES),
      currencyCode: fc.constantFrom(...VALID_CURRENCY_CODES),
      amount: positiveAmountArbitrary(),
      status: options.status === undefined ? fc.constantFrom(...EVENT_STATUSES) : fc.constant(options.status),
      originalStatus: originalStatusArbitrary(),
      payload: payloadArbitrary(type),
      multiCurrencyAmounts: multiCurrencyAmountsArbitrary(options.multiCurrencyAmounts),
    })
    .map((fields) => ({
      type,
      countryCode: fields.countryCode,
      currencyCode: fields.currencyCode,
      amount: fitToCurrency(fields.amount, fields.currencyCode),
      status: fields.status,
      originalStatus: fields.originalStatus,
      payload: fields.payload,
      multiCurrencyAmounts: fields.multiCurrencyAmounts,
    }));

/** Every field of a valid event but its externalId (for callers that give the id themselves). */
export const eventFieldsArbitrary = (options: EventFieldsOptions = {}): fc.Arbitrary<FinancialEventFields> =>
  options.type !== undefined
    ? fieldsOfType(options.type, options)
    : fc.oneof(...EVENT_TYPES.map((type) => fieldsOfType(type, options)));

/**
 * A valid event. Its externalId is `${tag}-…` (the run's tag), fresh for every value the arbitrary produces,
 * including every value fast-check tries while shrinking and every replay of a seed: the id is given
 * by the outermost map, which fast-check calls again for each of them. A property that POSTs each
 * value therefore never trips over ERR-4001.
 */
export const validEventArbitrary = (options: ValidEventOptions): fc.Arbitrary<FinancialEvent> => {
  const nextId = createExternalIdSource(options.runId);
  return eventFieldsArbitrary(options).map((fields) => ({ externalId: nextId(), ...fields }));
};

export interface ValidUpdateOptions {
  /** Keep the status as it is (transitions are not shown, GAP-STATUS-TRANSITIONS); false by default. */
  readonly keepStatus?: boolean;
}

/**
 * A valid PUT body for an existing event: same externalId, type, country and currency (PUT's body
 * rules are not shown, GAP-PUT-BODY, so nothing is changed that a deployment could hold immutable),
 * and a new status, originalStatus, amount, and sometimes a new payload (of the same type) and new
 * multiCurrencyAmounts. It always differs from `previous`.
 */
export const validUpdateArbitrary = (
  previous: FinancialEvent,
  options: ValidUpdateOptions = {},
): fc.Arbitrary<FinancialEvent> =>
  fc
    .record({
      status: options.keepStatus ? fc.constant(previous.status) : fc.constantFrom(...EVENT_STATUSES),
      originalStatus: originalStatusArbitrary(),
      amount: positiveAmountArbitrary(),
      payload: fc.option(payloadArbitrary(previous.type), { nil: undefined }),
      multiCurrencyAmounts: fc.option(multiCurrencyAmountsArbitrary(), { nil: undefined }),
    })
    .map((changes) => {
      const next = cloneEvent(previous);
      next.status = changes.status;
      next.originalStatus = changes.originalStatus;
      next.amount = fitToCurrency(changes.amount, previous.currencyCode);
      if (changes.payload !== undefined) next.payload = changes.payload;
      if (changes.multiCurrencyAmounts !== undefined)
        next.multiCurrencyAmounts = changes.multiCurrencyAmounts;
      if (JSON.stringify(next) === JSON.stringify(previous)) {
        next.amount = nextAmountOf(previous.amount, previous.currencyCode);
      }
      return next;
    });
