/**
 * The entry the k6 load scripts import: realistic events and updates from the same arbitraries as
 * the conformance suite, deterministic for a seed. Everything this file pulls in runs in k6's
 * JavaScript runtime: no Node API, no Intl, URL, TextEncoder, structuredClone, regex named groups
 * (docs/tooling.md); k6-safe.test.ts bundles it the way load/ does and runs it in a bare context.
 */
import * as fc from 'fast-check';
import type { EventType } from '../spec/event-fields.ts';
import { loadExternalId } from './external-id-tag.ts';
import type { FinancialEvent, FinancialEventFields } from './financial-event.ts';
import { eventFieldsArbitrary, validUpdateArbitrary } from './valid-event.ts';

export { loadExternalId } from './external-id-tag.ts';
export type { FinancialEvent } from './financial-event.ts';

/** A 32-bit seed from two numbers (murmur3's finalizer over their mix), so that nearby inputs give unrelated seeds. */
const mixSeed = (seed: number, salt: number): number => {
  let h = Math.imul(seed | 0, 0x9e3779b1) ^ (salt | 0);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
};

/** A 32-bit hash of a string (FNV-1a). */
const hashString = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
};

/** One value of an arbitrary for a seed. */
const one = <T>(arbitrary: fc.Arbitrary<T>, seed: number): T => {
  const [value] = fc.sample(arbitrary, { seed, numRuns: 1 });
  if (value === undefined) throw new Error('fast-check produced no value');
  return value;
};

/** Without fast-check's bias towards edge values: load tests send realistic traffic. */
const fieldsByType = new Map<string, fc.Arbitrary<FinancialEventFields>>();

const fieldsArbitrary = (type: EventType | undefined): fc.Arbitrary<FinancialEventFields> => {
  const key = type ?? 'any';
  let arbitrary = fieldsByType.get(key);
  if (arbitrary === undefined) {
    arbitrary = fc.noBias(eventFieldsArbitrary(type === undefined ? {} : { type }));
    fieldsByType.set(key, arbitrary);
  }
  return arbitrary;
};

/**
 * A valid, realistic event. The same (seed, index) always gives the same event; its externalId is
 * `loadExternalId(runId, index)`, unique per (runId, index) and within 35 characters.
 */
export function realisticEvent(
  seed: number,
  runId: string,
  index: number,
  type?: 'INTERNAL_PAYIN' | 'INTERNAL_PAYOUT',
): FinancialEvent {
  const fields = one(fieldsArbitrary(type), mixSeed(seed, index));
  return { externalId: loadExternalId(runId, index), ...fields };
}

/**
 * A valid PUT body for the event `previous`: same externalId, type, country and currency, with a
 * changed status, amount and so on (validUpdateArbitrary). Deterministic for (seed, previous).
 */
export function realisticUpdate(seed: number, previous: FinancialEvent): FinancialEvent {
  return one(fc.noBias(validUpdateArbitrary(previous)), mixSeed(seed, hashString(JSON.stringify(previous))));
}
