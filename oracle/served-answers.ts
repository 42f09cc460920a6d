/**
 * Requests the spec says are served: an empty payload is accepted, an externalId of one tenant is free
 * for another, a client id that is not a UUID is either read as the tenant's or refused. The statuses
 * come from `spec/` (create's 201, ERR-4002's 404); each judgement names its rule and its words.
 */
import { ENDPOINTS, ERROR_CODES } from '../spec/index.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { statusOutsideViolations } from './statuses.ts';

/** Create's success status (4.1). */
export const CREATED_STATUS = ENDPOINTS.find((endpoint) => endpoint.id === 'create')?.successStatus as number;
const NOT_FOUND = ERROR_CODES['ERR-4002'].httpStatus;

/** VAL-PAYLOAD-EMPTY-ACCEPTED: an event with an empty payload is created. */
export const judgeEmptyPayloadAccepted = (answer: HttpAnswer): Judgement =>
  judgementOf(
    statusOutsideViolations(
      'VAL-PAYLOAD-EMPTY-ACCEPTED',
      answer,
      [CREATED_STATUS],
      `an empty payload must be accepted; got HTTP ${answer.status}`,
    ),
  );

/** UPDATE-UNKNOWN-404: a PUT of an unknown uuid created nothing, so its externalId is still free. */
export const judgeUnknownUpdateCreatedNothing = (answer: HttpAnswer): Judgement =>
  judgementOf(
    statusOutsideViolations(
      'UPDATE-UNKNOWN-404',
      answer,
      [CREATED_STATUS],
      `the PUT must have created nothing, yet its externalId is refused: HTTP ${answer.status}`,
    ),
  );

/** DEDUP-PER-TENANT: tenant B creates an event with tenant A's externalId (after A's update, too). */
export const judgeExternalIdFreeForOtherTenant = (
  answer: HttpAnswer,
  { afterUpdate = false }: { readonly afterUpdate?: boolean } = {},
): Judgement =>
  judgementOf(
    statusOutsideViolations(
      'DEDUP-PER-TENANT',
      answer,
      [CREATED_STATUS],
      `an externalId of tenant A must be free for tenant B${afterUpdate ? ', after an update too' : ''}; got HTTP ${answer.status}`,
    ),
  );

/**
 * TENANT-HEADER-NOT-UUID: a client id that is not a UUID, with the tenant's token, where the answer is
 * none of the refusals (`refusedWith`, their statuses): it was served as the tenant, so a POST creates
 * (201) and a GET or PUT of an unknown uuid gets 404.
 */
export const judgeServedAsTenant = (
  answer: HttpAnswer,
  method: string,
  refusedWith: readonly number[],
): Judgement =>
  judgementOf(
    method === 'POST'
      ? statusOutsideViolations(
          'TENANT-HEADER-NOT-UUID',
          answer,
          [CREATED_STATUS],
          `expected 201, or a refusal (${refusedWith.join(', ')}); got HTTP ${answer.status}`,
        )
      : statusOutsideViolations(
          'TENANT-HEADER-NOT-UUID',
          answer,
          [NOT_FOUND],
          `expected 404 ERR-4002 for an unknown uuid, or a refusal (${refusedWith.join(', ')}); got HTTP ${answer.status}`,
        ),
  );
