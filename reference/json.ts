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
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const key of Object.keys(item)) stack.push([(item as Record<string, unknown>)[key], level]);
  }
  return deepest;
};
