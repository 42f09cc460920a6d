/**
 * Verdicts on requests sent together on purpose (a last-byte-synchronised burst). Whatever the timing,
 * an answer that breaks a rule is a violation. But a burst only *shows* that a deployment keeps a rule
 * under concurrency when its requests really were simultaneous: the release spread (the span in which
 * every request became complete) at most MAX_RELEASE_SPREAD_MS, and every request processed (a 429 was
 * not). A check whose bursts all fall short is inconclusive, never passed.
 *
 * Two rules are at stake, both stated in part 4 and 2.1:
 * - POSTs of one new externalId: "POST with an externalId that already exists for the tenant gives
 *   400 with ERR-4001": exactly one is created (201), every other gets 400 ERR-4001 (DEDUP-CONCURRENT).
 * - PUTs giving several events of a tenant one new externalId: it is "unique per tenant", so at most
 *   one PUT is applied and at most one event holds it afterwards (DEDUP-EXTERNAL-ID). PUT's status and
 *   body are not shown: each PUT is judged as any valid update (update.ts), applied or refused cleanly.
 */
import { judgeCreation } from './creation.ts';
import { errorViolations } from './error-body.ts';
import { type HttpAnswer, isPlainObject } from './http-answer.ts';
import { type Judgement, judgementOf, notEstablished } from './judgement.ts';
import { judgeKeptUnderItsExternalId, judgeUpdateShown } from './retrieval.ts';
import { judgeExternalIdTakeover } from './update.ts';
import { type Violation, violationOf } from './violation.ts';

/**
 * The widest release spread that still counts as simultaneous: a check-then-insert window of one
 * database round trip (a millisecond on one host) is then open for every request of the burst.
 */
export const MAX_RELEASE_SPREAD_MS = 1;

/**
 * Why a burst does not count: its release was spread out (the client's machine was busy; another burst
 * may do better), requests were throttled, or every PUT was refused (the target's doing, again next time).
 */
export type BurstShortfall = 'spread' | 'throttled' | 'none-applied';

/** Why a burst does not make the claim of simultaneity: the kind, and the words. */
export interface BurstFallingShort {
  readonly kind: BurstShortfall;
  readonly reason: string;
}

/**
 * What a burst's judgement shows besides its violations: why it fell short of simultaneity, when it
 * did (a burst that breaks the rule breaks it however spread out, and still says so in its figures).
 */
export interface BurstEvidence {
  readonly shortfall?: BurstFallingShort;
}

/** One burst of a simultaneous check, judged; not established when it falls short and breaks nothing. */
export type SimultaneousBurstJudgement<E extends BurstEvidence = BurstEvidence> = Judgement<E>;

const THROTTLED = 429;

/** The target's reasons first: a throttled burst is one whatever its spread, and would be again. */
export const burstShortfall = (
  answers: readonly HttpAnswer[],
  releaseSpreadMs: number,
  maxSpreadMs: number = MAX_RELEASE_SPREAD_MS,
): BurstFallingShort | undefined => {
  const throttled = answers.filter((a) => a.status === THROTTLED).length;
  if (throttled > 0)
    return { kind: 'throttled', reason: `${throttled} of ${answers.length} requests were throttled (429)` };
  if (releaseSpreadMs > maxSpreadMs)
    return {
      kind: 'spread',
      reason: `released over ${releaseSpreadMs.toFixed(3)} ms, more than the ${maxSpreadMs} ms a simultaneous burst may take`,
    };
  return undefined;
};

/** A burst's judgement: its violations, or, falling short with none, a claim it could not make. */
const burstJudgement = <E extends BurstEvidence>(
  violations: readonly Violation[],
  evidence: E,
): SimultaneousBurstJudgement<E> => {
  const { shortfall } = evidence;
  if (violations.length > 0 || shortfall === undefined) return judgementOf(violations, evidence);
  // Every PUT refused is a consistent reading that leaves the burst nothing to judge, not the machine's doing.
  return notEstablished(
    shortfall.kind === 'none-applied' ? 'premise-not-met' : 'inconclusive',
    shortfall.reason,
    evidence,
  );
};

/** Whether a burst made the claim of simultaneity (it fell short of nothing). */
export const burstCounts = (burst: SimultaneousBurstJudgement): boolean =>
  burst.evidence?.shortfall === undefined;

const statuses = (answers: readonly HttpAnswer[]): string => answers.map((a) => a.status).join(', ');

/** A burst of simultaneous POSTs, and the uuid of the one event created, to read back (none: undefined). */
export interface ConcurrentCreationEvidence extends BurstEvidence {
  readonly uuid: string | undefined;
}

/** Simultaneous POSTs of one new externalId: exactly one 201, every other 400 ERR-4001. */
export const judgeConcurrentCreation = (
  answers: readonly HttpAnswer[],
  releaseSpreadMs: number,
  maxSpreadMs: number = MAX_RELEASE_SPREAD_MS,
): SimultaneousBurstJudgement<ConcurrentCreationEvidence> => {
  const processed = answers.filter((a) => a.status !== THROTTLED);
  const created = processed.filter((a) => a.status === 201).map((a) => judgeCreation(a));
  const violations: Violation[] = created.flatMap((judgement) => judgement.violations);
  // Exactly one created: more is a duplicate let through, none (with every POST processed) a refusal of all.
  const wrongCount =
    created.length > 1
      ? `${created.length} of ${answers.length} simultaneous POSTs of one new externalId were created (201); exactly one may be`
      : created.length === 0 && processed.length === answers.length
        ? `none of ${answers.length} simultaneous POSTs of one new externalId was created; exactly one must be`
        : undefined;
  if (wrongCount !== undefined)
    violations.push(violationOf('DEDUP-CONCURRENT', `${wrongCount}: ${statuses(answers)}`));
  for (const answer of processed)
    if (answer.status !== 201)
      for (const violation of errorViolations(answer, 'ERR-4001', 'DEDUP-CONCURRENT'))
        violations.push(violation);
  const shortfall = burstShortfall(answers, releaseSpreadMs, maxSpreadMs);
  return burstJudgement(violations, {
    ...(shortfall === undefined ? {} : { shortfall }),
    uuid: created.length === 1 ? created[0]?.evidence : undefined,
  });
};

/** One event a simultaneous rename is about: what it held, and the body its PUT sent. */
export interface RenamedEvent {
  readonly original: Record<string, unknown>;
  readonly renamed: Record<string, unknown>;
}

/** The externalId an event shows in a GET's answer (at the top level or in one envelope). */
export const shownExternalId = (answer: HttpAnswer): unknown => {
  const body = answer.json;
  if (!isPlainObject(body)) return undefined;
  if ('externalId' in body) return body.externalId;
  const held = Object.values(body).filter((v) => isPlainObject(v) && 'externalId' in v);
  return held.length === 1 ? (held[0] as Record<string, unknown>).externalId : undefined;
};

/**
 * Simultaneous PUTs giving each of `events` one new externalId (every `renamed` holds it): at most one
 * applied; then each event, read back, shows its PUT's body if that PUT was applied and its original
 * if it was refused; so at most one of them holds the externalId.
 */
export const judgeConcurrentRename = (
  events: readonly RenamedEvent[],
  putAnswers: readonly HttpAnswer[],
  readsAfter: readonly HttpAnswer[],
  releaseSpreadMs: number,
  maxSpreadMs: number = MAX_RELEASE_SPREAD_MS,
): SimultaneousBurstJudgement => {
  const violations: Violation[] = [];
  const outcomes = putAnswers.map((answer) => {
    if (answer.status === THROTTLED) return 'throttled' as const;
    const judgement = judgeExternalIdTakeover(answer);
    for (const violation of judgement.violations) violations.push(violation);
    return judgement.evidence;
  });
  const applied = outcomes.filter((o) => o === 'applied').length;
  const target = events[0]?.renamed.externalId;
  const holds = (read: HttpAnswer | undefined) => read?.status === 200 && shownExternalId(read) === target;
  // A success whose event still shows its own externalId took nothing: UPDATE-APPLIES's to judge.
  const took = outcomes.filter((o, i) => o === 'applied' && holds(readsAfter[i])).length;
  if (took > 1)
    violations.push(
      violationOf(
        'DEDUP-EXTERNAL-ID',
        `${took} of ${putAnswers.length} simultaneous PUTs giving events one new externalId were applied; at most one may be: ${statuses(putAnswers)}`,
      ),
    );
  const holders = readsAfter.filter(holds);
  if (holders.length > 1)
    violations.push(
      violationOf(
        'DEDUP-EXTERNAL-ID',
        `after simultaneous PUTs, ${holders.length} events of the tenant hold one externalId`,
      ),
    );
  for (const [i, event] of events.entries()) {
    const read = readsAfter[i];
    const outcome = outcomes[i];
    if (!read || outcome === 'broken') continue;
    if (outcome === 'applied' && !holds(read) && shownExternalId(read) === event.original.externalId) {
      for (const violation of judgeUpdateShown(read, event.renamed).violations) violations.push(violation);
      continue;
    }
    const expected = outcome === 'applied' ? event.renamed : event.original;
    for (const violation of judgeKeptUnderItsExternalId(read, expected).violations)
      violations.push(violation);
  }
  const shortfall = burstShortfall(putAnswers, releaseSpreadMs, maxSpreadMs);
  // Every PUT refused is the target's doing however spread out the release was: spread out, the
  // first to arrive would have been applied by a deployment that lets PUT change externalId.
  const noneApplied: BurstFallingShort | undefined =
    shortfall?.kind !== 'throttled' && applied === 0
      ? {
          kind: 'none-applied',
          reason: 'every PUT was refused: the deployment did not let PUT change externalId here',
        }
      : shortfall;
  return burstJudgement(violations, noneApplied === undefined ? {} : { shortfall: noneApplied });
};

/**
 * DEDUP-EXTERNAL-ID: a POST of a new externalId and a PUT giving an existing event that externalId,
 * sent together: both answered with success, and the event read afterwards showing it, is two events
 * of the tenant holding one externalId. (One refused, or the event keeping its own, holds the rule.)
 */
export const judgeCreateRenameRace = (
  post: HttpAnswer,
  put: HttpAnswer,
  readAfter: HttpAnswer,
  externalId: string,
): Judgement =>
  judgementOf(
    post.status === 201 && put.status >= 200 && put.status < 300 && shownExternalId(readAfter) === externalId
      ? [
          violationOf(
            'DEDUP-EXTERNAL-ID',
            `a POST and a PUT sent together both gave "${externalId}" to an event: two events of the tenant hold it`,
          ),
        ]
      : [],
  );

/**
 * When no burst counted because the deployment refused every PUT of one (it does not let PUT change
 * externalId, a reading of PUT's unshown rules): the check's premise is not met, which says nothing
 * against the rule and nothing of the machine. The reason, or undefined.
 */
export const premiseNotMetByBursts = (bursts: readonly SimultaneousBurstJudgement[]): string | undefined => {
  if (bursts.some(burstCounts)) return undefined;
  const shortfalls = bursts.map((b) => b.evidence?.shortfall);
  const refused = shortfalls.find((s) => s?.kind === 'none-applied');
  if (!refused || shortfalls.some((s) => s?.kind !== 'none-applied' && s?.kind !== 'spread'))
    return undefined;
  return `${refused.reason}: the check needs a deployment that lets PUT change externalId`;
};

/** A check's bursts: inconclusive (with the reasons) when none of them made the claim. */
export const inconclusiveBursts = (bursts: readonly SimultaneousBurstJudgement[]): string | undefined => {
  if (bursts.some(burstCounts)) return undefined;
  const reasons = bursts.map((b, i) => `burst ${i + 1}: ${b.evidence?.shortfall?.reason ?? 'did not count'}`);
  return `no burst was simultaneous enough to judge the rule (${reasons.join('; ')})`;
};

/**
 * A check's bursts taken together, once none broke the rule: they hold when one of them counted; else
 * the premise is not met (every PUT refused) or the claim is inconclusive, with the reasons.
 */
export const judgeBurstsTaken = (bursts: readonly SimultaneousBurstJudgement[]): Judgement => {
  const unmet = premiseNotMetByBursts(bursts);
  if (unmet !== undefined) return notEstablished('premise-not-met', unmet);
  const reason = inconclusiveBursts(bursts);
  return reason === undefined ? judgementOf([]) : notEstablished('inconclusive', reason);
};

/** A burst the tenant's pacing share cannot hold at once (`why`, the pacing's own words): not made. */
export const judgeBurstUnsendable = (why: string): Judgement =>
  notEstablished('inconclusive', `the tenant's budget cannot send them at once: ${why}`);
