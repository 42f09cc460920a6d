/**
 * A tenant's view of one of its events, and the model's judgement of every step that is not the
 * tenant's own write of that event: nothing the tenant reads of it may change. The view is what each
 * read the deployment offers showed (GET, `?versions=true`, the event's item on the listing and its
 * place among the tenant's other events there); where a gap leaves the shape free, what was shown first
 * is the model, whatever it holds. A rule is judged by its effect: a foreign write that shows in any
 * read fails, whatever the change contains (a history entry of the deployment's own, a touched
 * timestamp), not only when it carries the foreign write's data.
 *
 * The spec leaves status transitions open (GAP-STATUS-TRANSITIONS): a deployment may move an event on
 * its own. A twin event, created beside the touched one and touched by nobody, tells the two apart: a
 * change the twin shows at the same place is the deployment's own (observed), one only the touched event
 * shows is the step's (a violation).
 */
import type { RuleId } from '../spec/index.ts';
import { changedFields } from './changed-fields.ts';
import { lookupShapeOf } from './disclosure.ts';
import { type HttpAnswer, isSuccess } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { violationOf } from './violation.ts';

/** Which read of an event a part of the view comes from. */
export type ViewReadKind = 'GET' | 'versions' | 'listing';

/** One read of an event as the tenant saw it: how a message names it, and what it showed. */
export interface ShownRead {
  readonly kind: ViewReadKind;
  readonly where: string;
  /** The answer's status and body, or the listing's item and the event's place among the tenant's. */
  readonly shown: unknown;
}

/** What a tenant's reads of one event showed at one moment, by read kind. */
export type EventView = Readonly<Partial<Record<ViewReadKind, ShownRead>>>;

/**
 * What came between two looks at the view, none of it the tenant's own write of the event:
 * - `foreign-put`: another tenant's PUT of the event's uuid;
 * - `foreign-post`: another tenant's POST (its own event, perhaps with the same externalId);
 * - `foreign-read`: another tenant's read (GET, versions, a listing, a replayed paging token);
 * - `duplicate-post`: the tenant's own POST of an externalId it already holds;
 * - `own-refused`: the tenant's own PUT of the event, refused for its body;
 * - `own-other`: the tenant's own reads, or its writes of its other events.
 */
export type ViewStep =
  | 'foreign-put'
  | 'foreign-post'
  | 'foreign-read'
  | 'duplicate-post'
  | 'own-refused'
  | 'own-other';

/** The rule a change of the view after this step breaks, for the read that shows it. */
const ruleOf = (step: ViewStep, kind: ViewReadKind): RuleId => {
  switch (step) {
    case 'foreign-put':
      return 'ISOLATION-PUT';
    case 'foreign-post':
    case 'foreign-read':
      return kind === 'listing' ? 'ISOLATION-LISTING' : 'ISOLATION-GET';
    case 'duplicate-post':
      return 'DEDUP-EXTERNAL-ID';
    case 'own-refused':
      return 'UPDATE-VALIDATES';
    case 'own-other':
      return 'RETRIEVE-RETURNS-EVENT';
  }
};

const STEP_WORDS: Readonly<Record<ViewStep, string>> = {
  'foreign-put': "another tenant's PUT of its uuid",
  'foreign-post': "another tenant's POST",
  'foreign-read': "another tenant's read",
  'duplicate-post': "the tenant's own refused duplicate POST",
  'own-refused': "the tenant's own PUT of it, refused for its body",
  'own-other': "nothing of the tenant's own (no write of this event)",
};

/** A read as the view keeps it: its status and body (JSON where it is JSON). */
export const shownAnswer = (kind: ViewReadKind, where: string, answer: HttpAnswer): ShownRead => ({
  kind,
  where,
  // A refusal is kept as it reads about any uuid: what a deployment writes into an error per request
  // (a timestamp, a trace or support reference) changes from look to look whatever the event.
  shown: {
    status: answer.status,
    body: isSuccess(answer.status) ? (answer.json ?? answer.text) : lookupShapeOf(answer),
  },
});

/**
 * The event's part of a listing: its item as listed and its place among the tenant's events this model
 * knows, in the order the listing showed them. A look whose walk did not show the item compares
 * nothing of the listing (a walk of pages may miss an item another tenant's worker pushed along).
 */
export const shownListing = (
  where: string,
  item: unknown,
  placeAmongKnown: number | undefined,
): ShownRead | undefined =>
  item === undefined
    ? undefined
    : { kind: 'listing', where, shown: { item, place: placeAmongKnown ?? null } };

/** The paths where one look differs from another, as `GET status`, `versions body.versions[1]`. */
const changesOf = (before: EventView, after: EventView): Map<string, ShownRead> => {
  const changes = new Map<string, ShownRead>();
  for (const kind of ['GET', 'versions', 'listing'] as const) {
    const was = before[kind];
    const now = after[kind];
    if (was === undefined || now === undefined) continue;
    for (const path of changedFields(was.shown, now.shown)) changes.set(`${kind} ${path}`, now);
  }
  return changes;
};

export interface ViewKept {
  /** The changes the twin shows as well: the deployment's own moves, a reading of a gap. */
  readonly ownMoves: readonly string[];
}

/**
 * Nothing the tenant reads of its event changed over a step that is not its own write of it, but what
 * the twin (an event made beside it, touched by nobody) shows changed at the same place.
 */
export const judgeViewKept = (
  step: ViewStep,
  event: { readonly before: EventView; readonly after: EventView },
  twin?: { readonly before: EventView; readonly after: EventView },
): Judgement<ViewKept> => {
  const changed = changesOf(event.before, event.after);
  const explained = twin ? changesOf(twin.before, twin.after) : new Map<string, ShownRead>();
  const byRead = new Map<ShownRead, string[]>();
  const ownMoves: string[] = [];
  for (const [path, read] of changed) {
    if (explained.has(path)) ownMoves.push(path);
    else byRead.set(read, [...(byRead.get(read) ?? []), path.slice(path.indexOf(' ') + 1)]);
  }
  const violations = [...byRead].map(([read, paths]) =>
    violationOf(
      ruleOf(step, read.kind),
      `${read.where} changed after ${STEP_WORDS[step]} (${paths.slice(0, 5).join(', ')}${
        paths.length > 5 ? ', …' : ''
      })${twin ? ', while its twin, touched by nobody, did not' : ''}: a change the tenant did not make`,
    ),
  );
  return judgementOf(violations, { ownMoves });
};
