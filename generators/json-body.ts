/**
 * The exact JSON text of a request body. `JSON.stringify` cannot write some numbers a fault needs:
 * it writes -0 as `0`, and it cannot write zero as `0.00`. `toJsonBody` writes -0 as `-0` and a
 * `JsonNumberText` as its text, and is `JSON.stringify` for everything else (same key order, same
 * string escapes). A body it writes parses back with `JSON.parse` to what the server sees.
 */
export class JsonNumberText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
    if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) throw new Error(`not a JSON number: ${text}`);
  }

  /** What `JSON.stringify` writes for it: the number, which loses the text's form but keeps its value. */
  toJSON(): number {
    return Number(this.text);
  }
}

export const jsonNumberText = (text: string): JsonNumberText => new JsonNumberText(text);

export const toJsonBody = (value: unknown): string => {
  if (value instanceof JsonNumberText) return value.text;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : toJsonBody(item))).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value)
      .filter(([, item]) => item !== undefined && typeof item !== 'function')
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonBody(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};
