/**
 * The fields a PUT changes: the paths (`amount`, `payload.channel`, `multiCurrencyAmounts[1].amount`)
 * whose value in the new body differs from the stored event's, added or removed ones included. What
 * a deployment may refuse to change is not shown (GAP-PUT-BODY); the oracle reads a refusal of one of
 * these as a reading of that gap (validation.ts).
 */
import { isPlainObject } from './http-answer.ts';

const join = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;

const collect = (before: unknown, after: unknown, path: string, out: string[]): void => {
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      collect(before[key], after[key], join(path, key), out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) out.push(path);
    for (let i = 0; i < Math.min(before.length, after.length); i += 1)
      collect(before[i], after[i], join(path, i), out);
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after) && path !== '') out.push(path);
};

export const changedFields = (stored: unknown, sent: unknown): string[] => {
  const out: string[] = [];
  collect(stored, sent, '', out);
  return out;
};
