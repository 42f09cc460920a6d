/**
 * Another tenant's event is as if it did not exist (part 1), and a token with another client id reads
 * nothing (AUTH-NOT-AUTHORIZED): the answers a check reads name none of the other tenant's data. Each
 * judgement knows which rule its read is about; the check says only what it read and what to look for.
 */
import type { RuleId } from '../spec/index.ts';
import { distinguishableViolations, revealedSecretViolations } from './disclosure.ts';
import { readErrorBody } from './error-body.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { judgeForeignReadRefused, judgeUnknownEventRefused } from './stated-refusals.ts';

/** Which operation of another tenant's uuid was tried. */
export type ForeignOperation = 'GET' | 'PUT';

const FOREIGN_RULES: Readonly<Record<ForeignOperation, RuleId>> = {
  GET: 'ISOLATION-GET',
  PUT: 'ISOLATION-PUT',
};

/** ISOLATION-GET or -PUT: the answer about another tenant's uuid names nothing of its event. */
export const judgeForeignAnswerRevealsNothing = (
  operation: ForeignOperation,
  foreign: HttpAnswer,
  externalId: string,
): Judgement =>
  judgementOf(
    revealedSecretViolations(
      FOREIGN_RULES[operation],
      foreign,
      [externalId],
      "the answer must not reveal the other tenant's event",
    ),
  );

/** ISOLATION-GET or -PUT: the answer about another tenant's uuid is the answer about an unknown one. */
export const judgeForeignLikeUnknown = (
  operation: ForeignOperation,
  foreign: HttpAnswer,
  unknown: HttpAnswer,
): Judgement => judgementOf(distinguishableViolations(FOREIGN_RULES[operation], foreign, unknown));

/** The answer the spec states for a uuid the tenant has no event under: 404 ERR-4002. */
const isStatedNotFound = (answer: HttpAnswer): boolean =>
  judgeUnknownEventRefused(answer).violations.length === 0;

/**
 * A read with a query the spec does not state (`GET {uuid}?versions=true`) refused for the tenant's
 * own event and for an unknown uuid alike, the same 4xx and code, not the stated 404 (a 5xx is no
 * refusal: the service failed, and the stated claims are judged as they are): the
 * deployment refuses the query (a malformed request, part 7.4, as an API validator that allows no
 * unknown parameter does) before it looks the uuid up, so the answer says nothing of the uuid.
 */
export const queryRefusedWhateverTheUuid = (own: HttpAnswer, unknown: HttpAnswer): boolean => {
  const [ofOwn, ofUnknown] = [readErrorBody(own), readErrorBody(unknown)];
  return (
    own.status >= 400 &&
    own.status < 500 &&
    own.status === unknown.status &&
    !isStatedNotFound(unknown) &&
    ofOwn !== undefined &&
    ofOwn.errorCode === ofUnknown?.errorCode
  );
};

/**
 * ISOLATION-GET by a read with a query the spec does not state (`GET {uuid}?versions=true`), beside
 * the same read of a uuid nobody holds: where that one gets the stated 404 ERR-4002 (the deployment
 * reads past the query, or serves it), another tenant's uuid gets it too; where the deployment answers
 * the query otherwise whatever the uuid (refuses it as malformed), another tenant's uuid gets that
 * answer, shape for shape. Either way its event is as if it did not exist (part 1).
 */
export const judgeForeignQueryReadLikeUnknown = (foreign: HttpAnswer, unknown: HttpAnswer): Judgement =>
  isStatedNotFound(unknown)
    ? judgeForeignReadRefused(foreign)
    : judgeForeignLikeUnknown('GET', foreign, unknown);

/** One of the owner's reads of its event: GET, `?versions=true` or a listing page. */
export interface OwnerReadAnswer {
  readonly kind: 'GET' | 'versions' | 'listing';
  readonly where: string;
  readonly response: HttpAnswer;
}

/**
 * A write of another tenant (a PUT of the owner's uuid, a POST reusing its externalId, marked with
 * `marker`) shows in none of the owner's reads: a foreign PUT breaks ISOLATION-PUT, a foreign POST
 * ISOLATION-LISTING on a listing page and ISOLATION-GET elsewhere.
 */
export const judgeOwnerReadShowsNothing = (
  read: OwnerReadAnswer,
  foreignWrite: 'PUT' | 'POST',
  marker: string,
  what: string,
): Judgement =>
  judgementOf(
    revealedSecretViolations(
      foreignWrite === 'PUT'
        ? 'ISOLATION-PUT'
        : read.kind === 'listing'
          ? 'ISOLATION-LISTING'
          : 'ISOLATION-GET',
      read.response,
      [marker],
      `${read.where} must show nothing of ${what}`,
    ),
  );

/** ISOLATION-GET: `GET ?versions=true` of a tenant's own event shows nothing of another tenant's twin. */
export const judgeOwnVersionsShowNoTwin = (versions: HttpAnswer, marker: string): Judgement =>
  judgementOf(
    revealedSecretViolations(
      'ISOLATION-GET',
      versions,
      [marker],
      "GET ?versions=true of the tenant's own event must show nothing of another tenant's event with the same externalId",
    ),
  );

/** ISOLATION-GET: `GET ?versions=true` of another tenant's uuid reveals nothing of its event. */
export const judgeForeignVersionsRevealNothing = (versions: HttpAnswer, externalId: string): Judgement =>
  judgementOf(
    revealedSecretViolations(
      'ISOLATION-GET',
      versions,
      [externalId],
      "GET ?versions=true of another tenant's uuid must reveal nothing of its event",
    ),
  );

/** ISOLATION-GET (the isolation model): tenant B's answer names nothing of tenant A's event. */
export const judgeOtherTenantReadRevealsNothing = (answer: HttpAnswer, externalId: string): Judgement =>
  judgementOf(
    revealedSecretViolations(
      'ISOLATION-GET',
      answer,
      [externalId],
      "tenant B's answer must not reveal tenant A's event (it holds its externalId)",
    ),
  );

/** ISOLATION-PUT (the isolation model): the owner's `?versions=true` shows nothing of a refused foreign PUT. */
export const judgeRefusedPutUnseen = (versions: HttpAnswer, marker: string): Judgement =>
  judgementOf(
    revealedSecretViolations(
      'ISOLATION-PUT',
      versions,
      [marker],
      "tenant A's GET ?versions=true must show nothing of tenant B's refused PUT",
    ),
  );

/** AUTH-NOT-AUTHORIZED: a token with another tenant's client id reads nothing of that tenant's event. */
export const judgeUnauthorizedReadRevealsNothing = (answer: HttpAnswer, externalId: string): Judgement =>
  judgementOf(
    revealedSecretViolations(
      'AUTH-NOT-AUTHORIZED',
      answer,
      [externalId],
      "the answer must not reveal tenant B's event",
    ),
  );
