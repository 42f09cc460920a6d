/**
 * JSON as the server receives it. Bodies are parsed with the plain JSON.parse: a `__proto__` or
 * `constructor` key becomes an ordinary own property (JSON.parse never touches a prototype), which the
 * validator then reports as an unknown field like any other. Code that reads a body only ever uses
 * own properties (Object.hasOwn, Object.keys), never `in` or a prototype lookup.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** No event nests deeper than 3 (event → multiCurrencyAmounts → item); anything beyond this is refused. */
export const MAX_BODY_DEPTH = 32;

export const isJsonObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The nesting depth of a JSON value (a scalar is 0), computed without recursion. */
export const depthOf = (value: unknown, limit = Number.POSITIVE_INFINITY): number => {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  // Only objects and arrays are pushed, each with its depth: scalars cost nothing.
  const containers: object[] = [value];
  const depths: number[] = [1];
  while (containers.length > 0) {
    const container = containers.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop() as number;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return deepest;
    }
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length; index += 1) {
        const child = container[index];
        if (child !== null && typeof child === 'object') {
          containers.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      // A parsed object has no inherited keys, so for…in walks its own (with no array allocated).
      for (const key in container) {
        const child = container[key];
        if (child !== null && typeof child === 'object') {
          containers.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return deepest;
};
