/**
 * A body with faults that were each only a reading (a number spelled as a string, say) may be created;
 * then it must be readable back by its uuid, and every read field must hold what was sent or the value
 * it spells (RETRIEVE-RETURNS-EVENT).
 */

import { keepsReadValue } from './coercion.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { violationOf } from './violation.ts';

/** CREATE-RETURNS-UUID: a created body comes with a uuid to read it back by. */
export const judgeUuidToReadBack = (created: HttpAnswer): Judgement => {
  const uuid = (created.json as { uuid?: unknown } | undefined)?.uuid;
  return judgementOf(
    typeof uuid === 'string'
      ? []
      : [violationOf('CREATE-RETURNS-UUID', `created (${created.status}) without a uuid to read it back by`)],
  );
};

/** A field sent in a form that is only a reading: what was sent, and what GET shows. */
export interface ReadBackField {
  readonly description: string;
  /** The path sent (`payload`, `multiCurrencyAmounts[1].amount`). */
  readonly field: string;
  readonly sent: unknown;
  readonly got: unknown;
}

/** RETRIEVE-RETURNS-EVENT: each field accepted as a reading is kept as sent or as the value it spells. */
export const judgeReadingsKept = (fields: readonly ReadBackField[]): Judgement =>
  judgementOf(
    fields
      .filter((field) => !keepsReadValue(field.got, field.sent, field.field))
      .map((field) =>
        violationOf(
          'RETRIEVE-RETURNS-EVENT',
          `${field.description} was accepted and must be kept as sent (or as the value it spells); got ${JSON.stringify(field.got)}`,
        ),
      ),
  );
