/**
 * Part 4: GET answers 200 with the event. Its body is not shown (GAP-GET-BODY), so every consistent
 * reading is accepted and described: the event at the top level or in an envelope (`{"data": {…}}`),
 * fields added (uuid, timestamps, nulls for the fields not sent), amounts as decimal strings. What
 * must hold is that every field sent comes back with the same value: the same strings exactly, the
 * same amounts as decimals, the same items; an optional container sent empty may come back empty,
 * null or absent. An empty string is no value: sent, it may come back null or absent (Oracle stores ''
 * as NULL; Jackson's NON_EMPTY leaves it out), and a field not sent may come back as "" (Go's zero
 * value of a string field, a NOT NULL DEFAULT '' column).
 */
import { EVENT_FIELDS, MULTI_CURRENCY_AMOUNT_FIELDS, PAYLOAD_FIELDS, type RuleId } from '../spec/index.ts';
import { AMOUNT_KEY, compareAmount } from './amounts.ts';
import { keepsReadValue } from './coercion.ts';
import { CREDENTIAL_REFUSALS, type CredentialRefusal } from './credential-refusals.ts';
import type { ExpectedFailure } from './expected-failure.ts';
import { type HttpAnswer, isPlainObject, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { violationOf } from './violation.ts';

/** What a GET of an event shows, for the check to go on with. */
export interface RetrievalEvidence {
  /** The stored event as the body holds it, when there is one. */
  readonly event: Record<string, unknown> | undefined;
  /** What came back at the paths of RetrievalOptions.readings (absent: undefined). */
  readonly readValues?: Readonly<Record<string, unknown>>;
  /** How the body reads the gaps (GAP-GET-BODY), when it holds the event. */
  readonly reading: {
    /** The envelope key the event was found under, or undefined at the top level. */
    readonly envelope: string | undefined;
    /** Top-level fields beyond those sent (uuid, timestamps, …), sorted. */
    readonly addedFields: readonly string[];
    readonly amountsAsStrings: boolean;
  };
}

const SPEC_FIELD_NAMES: ReadonlySet<string> = new Set<string>([
  ...EVENT_FIELDS,
  ...PAYLOAD_FIELDS,
  ...MULTI_CURRENCY_AMOUNT_FIELDS,
]);

const isEmptyContainer = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

/** An empty string and no value at all: one reading of "nothing here" (see the header). */
const isNoValue = (value: unknown): boolean => value === undefined || value === null || value === '';

const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));

interface Differences {
  readonly paths: string[];
  amountsAsStrings: boolean;
  /** Paths whose stored value is a reading, not compared (see RetrievalOptions). */
  readonly readings: ReadonlySet<string>;
  /** What came back at those paths. */
  readonly readValues: Record<string, unknown>;
}

const compare = (got: unknown, sent: unknown, path: string, key: string, out: Differences): void => {
  if (out.readings.has(path)) {
    out.readValues[path] = got;
    return;
  }
  if (key === AMOUNT_KEY && (typeof sent === 'number' || typeof sent === 'string')) {
    const comparison = compareAmount(got, sent);
    if (comparison === 'different') out.paths.push(`${path}: sent ${show(sent)}, got ${show(got)}`);
    if (comparison === 'same-as-string') out.amountsAsStrings = true;
    return;
  }
  if (Array.isArray(sent)) {
    if (sent.length === 0 && isEmptyContainer(got)) return;
    if (!Array.isArray(got) || got.length !== sent.length) {
      out.paths.push(`${path}: sent ${show(sent)}, got ${show(got)}`);
      return;
    }
    compareItems(got, sent, path, out);
    return;
  }
  if (isPlainObject(sent)) {
    if (Object.keys(sent).length === 0 && isEmptyContainer(got)) return;
    if (!isPlainObject(got)) {
      out.paths.push(`${path}: sent ${show(sent)}, got ${show(got)}`);
      return;
    }
    for (const [name, value] of Object.entries(sent)) compare(got[name], value, `${path}.${name}`, name, out);
    // Inside the event a deployment may add fields of its own (an item id) and list the fields of the
    // spec with null for those not sent; a value in a field of the spec that was not sent is a change.
    for (const [name, value] of Object.entries(got)) {
      if (out.readings.has(`${path}.${name}`)) {
        out.readValues[`${path}.${name}`] = value;
        continue;
      }
      if (!(name in sent) && !isNoValue(value) && SPEC_FIELD_NAMES.has(name))
        out.paths.push(`${path}.${name}: not sent, got ${show(value)}`);
    }
    return;
  }
  if (isNoValue(sent) && isNoValue(got)) return;
  if (got !== sent) out.paths.push(`${path}: sent ${show(sent)}, got ${show(got)}`);
};

/** A fresh record of differences, with the readings of `out`. */
const scratchOf = (out: Differences): Differences => ({
  paths: [],
  amountsAsStrings: false,
  readings: out.readings,
  readValues: {},
});

const mergeInto = (out: Differences, found: Differences): void => {
  for (const path of found.paths) out.paths.push(path);
  out.amountsAsStrings ||= found.amountsAsStrings;
  Object.assign(out.readValues, found.readValues);
};

/** The value sent at `path` within an item sent at `itemPath`: the item itself, or one of its fields. */
const sentAt = (item: unknown, itemPath: string, path: string): unknown => {
  const rest = path.slice(itemPath.length).replace(/^\./, '');
  if (rest === '') return item;
  return isPlainObject(item) ? item[rest] : undefined;
};

/**
 * The differences of an item that came back from one sent, when it is that item: equal where
 * compared, and, where the item holds a reading (a coerced amount), kept as a reading may be.
 */
const fitting = (
  got: unknown,
  item: unknown,
  itemPath: string,
  out: Differences,
): Differences | undefined => {
  const trial = scratchOf(out);
  compare(got, item, itemPath, '', trial);
  const kept = Object.entries(trial.readValues).every(([path, value]) =>
    keepsReadValue(value, sentAt(item, itemPath, path)),
  );
  return trial.paths.length === 0 && kept ? trial : undefined;
};

/**
 * A list's items, compared place by place; where that fails, each item sent matched with one that
 * came back at another place: the order a list is stored and shown in is not shown (GAP-GET-BODY; a
 * child table read in its own order). A reading inside an item is read at the item it was matched
 * with. When no order makes them the items sent, the differences are reported place by place.
 */
const compareItems = (
  got: readonly unknown[],
  sent: readonly unknown[],
  path: string,
  out: Differences,
): void => {
  const inPlace = sent.map((item, index) => fitting(got[index], item, `${path}[${index}]`, out));
  const unmatched = new Set(got.keys());
  const matched = inPlace.every((fit) => fit !== undefined)
    ? inPlace
    : sent.map((item, index) => {
        const itemPath = `${path}[${index}]`;
        for (const place of unmatched) {
          const fit = fitting(got[place], item, itemPath, out);
          if (fit === undefined) continue;
          unmatched.delete(place);
          return fit;
        }
        return undefined;
      });
  if (matched.every((fit) => fit !== undefined)) {
    for (const fit of matched) mergeInto(out, fit);
    return;
  }
  for (const [index, item] of sent.entries()) compare(got[index], item, `${path}[${index}]`, '', out);
};

/** The event in a body: the body itself, or the one object under a key of it that holds the externalId sent. */
const locateEvent = (
  body: Record<string, unknown>,
  sent: Record<string, unknown>,
): { event: Record<string, unknown>; envelope: string | undefined } => {
  if ('externalId' in body || !('externalId' in sent)) return { event: body, envelope: undefined };
  const holders = Object.entries(body).filter(
    ([, value]) => isPlainObject(value) && value.externalId === sent.externalId,
  );
  const [only] = holders;
  return holders.length === 1 && only
    ? { event: only[1] as Record<string, unknown>, envelope: only[0] }
    : { event: body, envelope: undefined };
};

export interface RetrievalOptions {
  /**
   * Paths (`amount`, `payload.payerName`, `multiCurrencyAmounts[1].amount`) whose stored value is a
   * reading of a gap, not compared: a scalar the deployment coerced, a null it dropped, a string it
   * could not decode. Every other field sent must still come back the same. What came back at them
   * is returned in `readValues`.
   */
  readonly readings?: readonly string[];
}

/** A GET of an event that holds `sent`, judged for `rule`: the claim the read-back is about. */
export type RetrievalJudge = (
  answer: HttpAnswer,
  sent: Record<string, unknown>,
  options?: RetrievalOptions,
) => Judgement<RetrievalEvidence>;

const retrievalFor =
  (rule: RuleId): RetrievalJudge =>
  (answer, sent, options = {}) => {
    const noReading = { envelope: undefined, addedFields: [], amountsAsStrings: false };
    if (answer.status !== 200)
      return judgementOf([violationOf(rule, `expected 200 with the event, got ${summarise(answer)}`)], {
        event: undefined,
        reading: noReading,
      });
    if (!isPlainObject(answer.json))
      return judgementOf([violationOf(rule, 'the event must come back as a JSON object')], {
        event: undefined,
        reading: noReading,
      });
    const { event, envelope } = locateEvent(answer.json, sent);
    const out: Differences = {
      paths: [],
      amountsAsStrings: false,
      readings: new Set(options.readings ?? []),
      readValues: {},
    };
    for (const [name, value] of Object.entries(sent)) compare(event[name], value, name, name, out);
    // A field of a reading may not have been sent at all (its value dropped): what came back is read too.
    for (const path of out.readings) {
      if (!path.includes('.') && !path.includes('[') && !(path in out.readValues) && !(path in sent))
        out.readValues[path] = event[path];
    }
    const violations =
      out.paths.length > 0
        ? [
            violationOf(
              rule,
              `every field sent must come back with the same value; these differ: ${out.paths.join('; ')}`,
            ),
          ]
        : [];
    return judgementOf(violations, {
      event,
      readValues: out.readValues,
      reading: {
        envelope,
        addedFields: Object.keys(event)
          .filter((key) => !(key in sent))
          .sort(),
        amountsAsStrings: out.amountsAsStrings,
      },
    });
  };

/** GET of an event: it holds every field sent, unchanged (RETRIEVE-RETURNS-EVENT). */
export const judgeRetrieval: RetrievalJudge = retrievalFor('RETRIEVE-RETURNS-EVENT');
/** GET after an applied PUT: it shows the update (UPDATE-APPLIES). */
export const judgeUpdateShown: RetrievalJudge = retrievalFor('UPDATE-APPLIES');
/** GET after a refused PUT: the event as it was (UPDATE-VALIDATES). */
export const judgeUnchangedByRefusedUpdate: RetrievalJudge = retrievalFor('UPDATE-VALIDATES');
/** GET after a duplicate's refusal, or a rename: the event that holds the externalId (DEDUP-EXTERNAL-ID). */
export const judgeKeptUnderItsExternalId: RetrievalJudge = retrievalFor('DEDUP-EXTERNAL-ID');
/** GET of each tenant's event of one externalId: each its own (DEDUP-PER-TENANT). */
export const judgeKeptPerTenant: RetrievalJudge = retrievalFor('DEDUP-PER-TENANT');
/** GET of the one event simultaneous POSTs created: the body sent (DEDUP-CONCURRENT). */
export const judgeConcurrentCreationStored: RetrievalJudge = retrievalFor('DEDUP-CONCURRENT');
/** GET by its owner after another tenant's PUT: unchanged (ISOLATION-PUT). */
export const judgeUnchangedByForeignPut: RetrievalJudge = retrievalFor('ISOLATION-PUT');
/** GET by its owner after a token of another client was refused: unchanged (AUTH-NOT-AUTHORIZED). */
export const judgeUnchangedByForeignToken: RetrievalJudge = retrievalFor('AUTH-NOT-AUTHORIZED');
/**
 * GET by its owner after a PUT refused for its credentials (`refusal`): the event as it was. A refusal
 * answered while the update was applied breaks the refusal's rule.
 */
export const retrievalJudgeOfRefusedCredentials = (refusal: CredentialRefusal): RetrievalJudge =>
  retrievalFor(CREDENTIAL_REFUSALS[refusal].rule);
/** GET after a malformed PUT was refused: unchanged (REQUEST-MALFORMED-400). */
export const judgeUnchangedByMalformedRequest: RetrievalJudge = retrievalFor('REQUEST-MALFORMED-400');
/**
 * GET after a PUT refused for one fault (`expected`, the failures it must give): the event as it was,
 * credited to the fault's own rule (a vocabulary the PUT would have widened), not to UPDATE-VALIDATES.
 */
export const retrievalJudgeOfRefusedFault = (expected: readonly ExpectedFailure[]): RetrievalJudge =>
  retrievalFor(expected[0]?.ruleId ?? 'UPDATE-VALIDATES');
/** GET by the uuid, after a GET by the externalId was refused: the event is there (PATH-ID-IS-UUID). */
export const judgeFoundByUuid: RetrievalJudge = retrievalFor('PATH-ID-IS-UUID');
/** GET of an event sent with an empty payload: created as sent (VAL-PAYLOAD-EMPTY-ACCEPTED). */
export const judgeEmptyPayloadStored: RetrievalJudge = retrievalFor('VAL-PAYLOAD-EMPTY-ACCEPTED');

/** The GAP-GET-BODY observation of a reading: `the event at the top level; adds uuid; amounts as numbers`. */
export const describeRetrievalReading = (reading: RetrievalEvidence['reading']): string =>
  [
    reading.envelope ? `the event under "${reading.envelope}"` : 'the event at the top level',
    reading.addedFields.length > 0 ? `adds ${reading.addedFields.join(', ')}` : 'only the submitted fields',
    reading.amountsAsStrings ? 'amounts as decimal strings' : 'amounts as numbers',
  ].join('; ');
