/**
 * The refusals the spec states, each a judgement named for its claim that fixes the code (7.3) and
 * the rule it is checked for: an unknown uuid on GET is RETRIEVE-UNKNOWN-404, on PUT
 * UPDATE-UNKNOWN-404, another tenant's uuid ISOLATION-GET or ISOLATION-PUT, though all four are 404
 * ERR-4002. A check picks the claim; the oracle says which rule it is and how it reads when broken.
 */
import type { ErrorCode, RuleId } from '../spec/index.ts';
import { errorViolations, readErrorBody } from './error-body.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';

/** A judgement of one answer, named for the claim it makes. */
export type AnswerJudge = (answer: HttpAnswer) => Judgement;

/** A judgement of one answer that must be a stated refusal; `code` is the errorCode it must carry. */
export interface StatedRefusal extends AnswerJudge {
  readonly code: ErrorCode;
}

const refusalOf = (code: ErrorCode, rule: RuleId): StatedRefusal =>
  Object.assign((answer: HttpAnswer) => judgementOf(errorViolations(answer, code, rule)), { code });

/** No access token: 401 ERR-1001. */
export const judgeMissingTokenRefused = refusalOf('ERR-1001', 'AUTH-TOKEN-MISSING');
/** A token that is not the tenant's: 401 ERR-1002. */
export const judgeInvalidTokenRefused = refusalOf('ERR-1002', 'AUTH-TOKEN-INVALID');
/** A token of the other environment: 401 ERR-1002. */
export const judgeOtherEnvironmentTokenRefused = refusalOf('ERR-1002', 'AUTH-TOKEN-OTHER-ENVIRONMENT');
/** A valid token not authorized for the resource: 403 ERR-1003. */
export const judgeNotAuthorizedRefused = refusalOf('ERR-1003', 'AUTH-NOT-AUTHORIZED');
/** No tenant header: 400 ERR-2001. */
export const judgeMissingTenantHeaderRefused = refusalOf('ERR-2001', 'TENANT-HEADER-MISSING');
/** A tenant header that is not a UUID: 400 ERR-2002. */
export const judgeMalformedTenantHeaderRefused = refusalOf('ERR-2002', 'TENANT-HEADER-NOT-UUID');
/** A POST of an externalId the tenant already holds: 400 ERR-4001. */
export const judgeDuplicateRefused = refusalOf('ERR-4001', 'DEDUP-EXTERNAL-ID');
/** A GET of a uuid the tenant has no event under: 404 ERR-4002. */
export const judgeUnknownEventRefused = refusalOf('ERR-4002', 'RETRIEVE-UNKNOWN-404');
/** A PUT of a uuid the tenant has no event under (and the GET after it): 404 ERR-4002. */
export const judgeUnknownUpdateRefused = refusalOf('ERR-4002', 'UPDATE-UNKNOWN-404');
/** A GET by an event's externalId instead of its uuid: 404 ERR-4002. */
export const judgeExternalIdPathRefused = refusalOf('ERR-4002', 'PATH-ID-IS-UUID');
/** A GET of another tenant's event: 404 ERR-4002, as for an unknown uuid. */
export const judgeForeignReadRefused = refusalOf('ERR-4002', 'ISOLATION-GET');
/** A PUT of another tenant's event: 404 ERR-4002, as for an unknown uuid. */
export const judgeForeignUpdateRefused = refusalOf('ERR-4002', 'ISOLATION-PUT');

/** Either of two stated refusals, where the spec leaves open which applies: the one the answer claims. */
const eitherOf =
  (first: StatedRefusal, second: StatedRefusal): AnswerJudge =>
  (answer) =>
    readErrorBody(answer)?.errorCode === second.code ? second(answer) : first(answer);

/** An empty access token reads as absent (401 ERR-1001) or as invalid (401 ERR-1002). */
export const judgeEmptyTokenRefused = eitherOf(judgeMissingTokenRefused, judgeInvalidTokenRefused);
/**
 * The tenant's token in another header than X-Access-Token (`Authorization: Bearer …`): the same two
 * readings as an empty token, X-Access-Token absent (401 ERR-1001) or, for a deployment that reads the
 * other header as a token offered, an invalid one (401 ERR-1002); a request served is AUTH-TOKEN-MISSING broken.
 */
export const judgeTokenElsewhereRefused = judgeEmptyTokenRefused;
/**
 * An empty X-Client-Id reads as absent (400 ERR-2001) or as a value that is no UUID (400 ERR-2002);
 * a request served with it is TENANT-HEADER-MISSING broken.
 */
export const judgeEmptyTenantHeaderRefused = eitherOf(
  judgeMissingTenantHeaderRefused,
  judgeMalformedTenantHeaderRefused,
);
/** Neither header: either fault may be reported first, as no token (ERR-1001) or no tenant (ERR-2001). */
export const judgeNoHeadersRefused = eitherOf(judgeMissingTokenRefused, judgeMissingTenantHeaderRefused);

/** A uuid the tenant has no event under: the claim of a GET, or of a PUT. */
export const unknownUuidRefusalOf = (method: 'GET' | 'PUT'): StatedRefusal =>
  method === 'GET' ? judgeUnknownEventRefused : judgeUnknownUpdateRefused;
