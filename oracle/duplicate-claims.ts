/**
 * An externalId is unique per tenant (DEDUP-EXTERNAL-ID, DEDUP-PER-TENANT): a PUT onto another event's
 * externalId is refused, and an ERR-4001 ("externalId already exists") is claimed only where one does.
 */
import { type HttpAnswer, summarise } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { claimedCodeViolations } from './statuses.ts';
import type { UpdateOutcome } from './update.ts';
import { updateNotRefusedViolations } from './update-outcomes.ts';

const DUPLICATE_CODE = 'ERR-4001';

/** DEDUP-EXTERNAL-ID: a PUT giving an event the externalId another event of the tenant holds was refused. */
export const judgeExternalIdTakeoverRefused = (outcome: UpdateOutcome): Judgement =>
  judgementOf(
    updateNotRefusedViolations(
      'DEDUP-EXTERNAL-ID',
      outcome,
      'a PUT gave an event the externalId another event of the tenant holds',
    ),
  );

/**
 * DEDUP-EXTERNAL-ID: a PUT (`what` says which) whose externalId `sent` is none of those other events
 * hold (`held`) claims no duplicate.
 */
export const judgeNoFalseDuplicate = (
  answer: HttpAnswer,
  what: string,
  sent: string,
  held: readonly string[],
): Judgement =>
  judgementOf(
    claimedCodeViolations(
      'DEDUP-EXTERNAL-ID',
      answer,
      DUPLICATE_CODE,
      `${what}: "${sent}" is none of the externalIds other events hold (${held.map((id) => `"${id}"`).join(', ')})`,
    ),
  );

/** DEDUP-PER-TENANT: a PUT onto an externalId another tenant holds claims no duplicate. */
export const judgeNoCrossTenantDuplicate = (answer: HttpAnswer): Judgement =>
  judgementOf(
    claimedCodeViolations(
      'DEDUP-PER-TENANT',
      answer,
      DUPLICATE_CODE,
      "another tenant's externalId is no duplicate for this tenant, by PUT either",
    ),
  );

/**
 * DEDUP-EXTERNAL-ID: a refusal that names ERR-4001 answers it with the status 7.3 states for it, 400
 * (7.4: 400 for a duplicate externalId). A PUT's duplicate may be refused otherwise (409 under a code
 * of the deployment's own: PUT's answers are not shown), but not as ERR-4001 with another status.
 */
export const judgeDuplicateCodeStatus = (answer: HttpAnswer): Judgement =>
  judgementOf(
    answer.status === 400
      ? []
      : claimedCodeViolations(
          'DEDUP-EXTERNAL-ID',
          answer,
          DUPLICATE_CODE,
          `ERR-4001 is stated with HTTP 400 (7.3; 7.4: 400 for a duplicate externalId); got ${summarise(answer)}`,
        ),
  );
