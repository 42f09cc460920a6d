/** One failure of validation: where (a path of segments), its code, and a message for people. */
import type { FieldPath } from './field-path.ts';

export interface Failure {
  readonly path: FieldPath;
  readonly code: string;
  readonly message: string;
}

export const fail = (failures: Failure[], path: FieldPath, code: string, message: string): void => {
  failures.push({ path, code, message });
};
