/**
 * Shrinking help for invalid events. `invalidEventArbitrary` draws the faults with `chain` on the
 * valid event they break, so fast-check can shrink the faults but hardly ever the event under them:
 * a shrunk event changes which fault kinds apply, the faults are drawn again, and the failure is
 * lost. A counterexample then keeps four multiCurrencyAmounts items, a full payload and two faults
 * that have nothing to do with the bug.
 *
 * `withSimplification` keeps fast-check's own shrinks and, once they are exhausted, tries simpler
 * samples built from the same faults: without a fault, with the payload emptied, without the
 * multiCurrencyAmounts items no fault names (the faults' indexes are moved down), with plain values
 * for the fields no fault touches. Every candidate is rebuilt with the generators' `applyFaults`, so
 * its body and its expected verdict remain the generators' own (the oracle is not rewritten here), and
 * gets a fresh externalId, so that an event a broken server stored never turns a candidate into a
 * duplicate. Candidates depend only on the value, so seed + path replays stay exact.
 */
import * as fc from 'fast-check';
import {
  applyFaults,
  type Fault,
  type FinancialEvent,
  fieldPathsOverlap,
  type InvalidEventSample,
  VALID_COUNTRY_CODES,
  VALID_CURRENCY_CODES,
} from '../../generators/index.ts';
import type { UpdatePair } from './property-requests.ts';

interface SimplifyingContext {
  /** The wrapped arbitrary's context, while the value is one of its own. */
  readonly inner: unknown;
  readonly fromInner: boolean;
}

class SimplifyingArbitrary<T> extends fc.Arbitrary<T> {
  private readonly inner: fc.Arbitrary<T>;
  private readonly simpler: (value: T) => readonly T[];
  constructor(inner: fc.Arbitrary<T>, simpler: (value: T) => readonly T[]) {
    super();
    this.inner = inner;
    this.simpler = simpler;
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const value = this.inner.generate(mrng, biasFactor);
    return new fc.Value(value.value_, { inner: value.context, fromInner: true } satisfies SimplifyingContext);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return false;
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    const own = context as SimplifyingContext | undefined;
    const innerShrinks = own?.fromInner
      ? this.inner.shrink(value, own.inner).map(
          (shrunk) =>
            new fc.Value(shrunk.value_, {
              inner: shrunk.context,
              fromInner: true,
            } satisfies SimplifyingContext),
        )
      : fc.Stream.nil<fc.Value<T>>();
    const simpler = this.simpler;
    function* candidates(): IterableIterator<fc.Value<T>> {
      for (const candidate of simpler(value)) {
        yield new fc.Value(candidate, { inner: undefined, fromInner: false } satisfies SimplifyingContext);
      }
    }
    return innerShrinks.join(candidates());
  }
}

/** The arbitrary, shrinking first as it does, then to the simpler values `simpler` proposes. */
export const withSimplification = <T>(
  arbitrary: fc.Arbitrary<T>,
  simpler: (value: T) => readonly T[],
): fc.Arbitrary<T> => new SimplifyingArbitrary(arbitrary, simpler);

// ---------------------------------------------------------------------------------------------
// The simplest values of a valid event's fields

const SIMPLE_COUNTRY = VALID_COUNTRY_CODES.includes('DE') ? 'DE' : (VALID_COUNTRY_CODES[0] as string);
const SIMPLE_CURRENCY = VALID_CURRENCY_CODES.includes('EUR') ? 'EUR' : (VALID_CURRENCY_CODES[0] as string);

const SIMPLE_FIELDS = {
  countryCode: SIMPLE_COUNTRY,
  currencyCode: SIMPLE_CURRENCY,
  amount: 1,
  status: 'PENDING',
  originalStatus: 'PENDING',
} as const;
type SimpleField = keyof typeof SIMPLE_FIELDS;
const SIMPLE_FIELD_NAMES = Object.keys(SIMPLE_FIELDS) as SimpleField[];

// ---------------------------------------------------------------------------------------------
// Faults and the items of multiCurrencyAmounts

const ITEM = /multiCurrencyAmounts\[(\d+)\]/g;

const itemIndexes = (faults: readonly Fault[]): Set<number> => {
  const indexes = new Set<number>();
  for (const fault of faults) for (const match of fault.field.matchAll(ITEM)) indexes.add(Number(match[1]));
  return indexes;
};

/** The text with every item index above `removed` moved down by one. */
const shiftText = (text: string, removed: number): string =>
  text.replace(ITEM, (whole, index: string) =>
    Number(index) > removed ? `multiCurrencyAmounts[${Number(index) - 1}]` : whole,
  );

/** The fault as it reads once item `removed` is gone from multiCurrencyAmounts. */
const shiftFault = (fault: Fault, removed: number): Fault => ({
  ...fault,
  field: shiftText(fault.field, removed),
  description: shiftText(fault.description, removed),
  operations: fault.operations.map((operation) => ({
    ...operation,
    path: shiftText(operation.path, removed),
  })),
  expected: { ...fault.expected, field: shiftText(fault.expected.field, removed) },
});

const touched = (faults: readonly Fault[], field: string): boolean =>
  faults.some((fault) => fieldPathsOverlap(fault.field, field));

interface Broken {
  readonly base: FinancialEvent;
  readonly faults: readonly Fault[];
}

const withoutPayload = ({ base, faults }: Broken): Broken => ({ base: { ...base, payload: {} }, faults });

/** The first item alone: a valid event keeps one (an empty list is a reading, valid-event.ts). */
const withoutItems = ({ base, faults }: Broken): Broken => ({
  base: { ...base, multiCurrencyAmounts: base.multiCurrencyAmounts.slice(0, 1) },
  faults,
});

/** Without item `index` of multiCurrencyAmounts, the faults' indexes above it moved down. */
const withoutItem = ({ base, faults }: Broken, index: number): Broken => ({
  base: { ...base, multiCurrencyAmounts: base.multiCurrencyAmounts.filter((_, i) => i !== index) },
  faults: faults.map((fault) => shiftFault(fault, index)),
});

/** Item `index` of multiCurrencyAmounts with the amount 1 (its currency stays: items keep distinct ones). */
const withSimpleItem = ({ base, faults }: Broken, index: number): Broken => ({
  base: {
    ...base,
    multiCurrencyAmounts: base.multiCurrencyAmounts.map((item, i) =>
      i === index ? { ...item, amount: 1 } : item,
    ),
  },
  faults,
});

const withSimpleField = ({ base, faults }: Broken, name: SimpleField): Broken => ({
  base: { ...base, [name]: SIMPLE_FIELDS[name] },
  faults,
});

/** Simpler bases for these faults: all the simplifications at once first, then one at a time. */
const simplerBases = (broken: Broken, fields: readonly SimpleField[] = SIMPLE_FIELD_NAMES): Broken[] => {
  const { base, faults } = broken;
  const steps: ((from: Broken) => Broken)[] = [];
  if (Object.keys(base.payload).length > 0) steps.push(withoutPayload);
  const named = itemIndexes(faults);
  if (base.multiCurrencyAmounts.length > 1 && named.size === 0) steps.push(withoutItems);
  if (named.size > 0) {
    // Items that stay (a fault names them, or removing them loses the failure) can still be plain.
    // These steps come before the removals: all at once, they must still find the items where they were.
    base.multiCurrencyAmounts.forEach((item, index) => {
      if (item.amount !== 1 && !touched(faults, `multiCurrencyAmounts[${index}].amount`)) {
        steps.push((from) => withSimpleItem(from, index));
      }
    });
    // From the last item down, so that each removal's index is still right after the earlier ones.
    for (let index = base.multiCurrencyAmounts.length - 1; index >= 0; index -= 1) {
      if (!named.has(index)) steps.push((from) => withoutItem(from, index));
    }
  }
  for (const name of fields) {
    if (base[name] !== SIMPLE_FIELDS[name] && !touched(faults, name)) {
      steps.push((from) => withSimpleField(from, name));
    }
  }
  const one = steps.map((step) => step(broken));
  return steps.length > 1 ? [steps.reduce((current, step) => step(current), broken), ...one] : one;
};

/** The same faults on a base with a fresh externalId: body and verdict as the generators make them. */
const rebuild = ({ base, faults }: Broken, externalId: string): InvalidEventSample =>
  applyFaults({ ...base, externalId }, faults);

/** Fewer faults first, then a simpler event under them. */
const simplerBroken = (sample: InvalidEventSample, fields?: readonly SimpleField[]): Broken[] => {
  const fewer: Broken[] =
    sample.faults.length > 1
      ? sample.faults.map((_, index) => ({
          base: sample.base,
          faults: sample.faults.filter((__, i) => i !== index),
        }))
      : [];
  return [...fewer, ...simplerBases(sample, fields)];
};

/** Simpler invalid events than this one: fewer faults first, then a simpler event under them. */
export const simplerInvalidEvents =
  (nextId: () => string) =>
  (sample: InvalidEventSample): InvalidEventSample[] =>
    simplerBroken(sample).map((broken) => rebuild(broken, nextId()));

/**
 * What a PUT keeps of the event it updates: type, country and currency (validUpdateArbitrary changes
 * nothing a deployment could hold immutable, GAP-PUT-BODY). They are simplified on both at once.
 */
const KEPT_BY_UPDATES: readonly SimpleField[] = ['countryCode', 'currencyCode'];
const UPDATE_FIELDS = SIMPLE_FIELD_NAMES.filter((name) => !KEPT_BY_UPDATES.includes(name));

/** The simpler fields of the event a PUT is made on; its type, country and currency stay. */
const simplerPrevious = (previous: FinancialEvent): FinancialEvent[] => {
  const steps: FinancialEvent[] = [];
  if (Object.keys(previous.payload).length > 0) steps.push({ ...previous, payload: {} });
  if (previous.multiCurrencyAmounts.length > 1)
    steps.push({ ...previous, multiCurrencyAmounts: previous.multiCurrencyAmounts.slice(0, 1) });
  for (const name of ['amount', 'status', 'originalStatus'] as const) {
    if (previous[name] !== SIMPLE_FIELDS[name]) steps.push({ ...previous, [name]: SIMPLE_FIELDS[name] });
  }
  return steps;
};

/** Simpler invalid PUTs: simpler invalid bodies on the same event, then a simpler event under the same body. */
export const simplerInvalidUpdates =
  (nextId: () => string) =>
  ({ previous, update }: UpdatePair<InvalidEventSample>): UpdatePair<InvalidEventSample>[] => {
    const simplerUpdates = simplerBroken(update, UPDATE_FIELDS).map((candidate) => {
      const externalId = nextId();
      return { previous: { ...previous, externalId }, update: rebuild(candidate, externalId) };
    });
    const simplerKept = KEPT_BY_UPDATES.filter(
      (name) => previous[name] !== SIMPLE_FIELDS[name] && !touched(update.faults, name),
    ).map((name) => {
      const externalId = nextId();
      return {
        previous: { ...previous, externalId, [name]: SIMPLE_FIELDS[name] },
        update: rebuild(withSimpleField(update, name), externalId),
      };
    });
    const simplerEvents = simplerPrevious(previous).map((candidate) => {
      const externalId = nextId();
      return {
        previous: { ...candidate, externalId },
        update: applyFaults({ ...update.base, externalId }, update.faults),
      };
    });
    return [...simplerUpdates, ...simplerKept, ...simplerEvents];
  };
