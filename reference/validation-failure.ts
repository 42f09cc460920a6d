/** One failure of validation: where (a path of segments), its code, and a message for people. */
import type { FieldPath } from './field-path.ts';

export interface Failure {
  readonly path: FieldPath;
  readonly code: string;
  readonly message: string;
  /** A limit of the server's own (GAP-FIELD-LIMITS), not a rule of the spec. */
  readonly limit?: true;
}

export const fail = (failures: Failure[], path: FieldPath, code: string, message: string): void => {
  failures.push({ path, code, message });
};

/** A value over one of the server's own limits (GAP-FIELD-LIMITS). */
export const failLimit = (failures: Failure[], path: FieldPath, code: string, message: string): void => {
  failures.push({ path, code, message, limit: true });
};
