/**
 * The edges of a JSON document a service really receives, as bytes: a byte-order mark, an invalid
 * UTF-8 sequence inside a string, bytes after the value, duplicate keys, `__proto__` and `constructor`
 * as keys, deep nesting. Built from the JSON text of a valid event (ASCII: the kit's sample events are),
 * with no Node built-in, so that any script can send them.
 */

/** The bytes of an ASCII text; anything else is a mistake of the caller. */
export const asciiBytes = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) throw new Error(`not ASCII at ${i}: ${JSON.stringify(text.slice(i, i + 8))}`);
    bytes[i] = code;
  }
  return bytes;
};

const concat = (...parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export const UTF8_BYTE_ORDER_MARK = Object.freeze([0xef, 0xbb, 0xbf]);
/** A lead byte of a two-byte sequence followed by a byte that cannot continue it. */
export const INVALID_UTF8 = Object.freeze([0xc3, 0x28]);

/** The document with a UTF-8 byte-order mark before it (RFC 8259 8.1: a parser MAY ignore it). */
export const withByteOrderMark = (json: string): Uint8Array =>
  concat(Uint8Array.from(UTF8_BYTE_ORDER_MARK), asciiBytes(json));

/**
 * The document with an invalid UTF-8 sequence inside the string value of `field` (a top-level string
 * field): `"ab"` becomes `"ab\xC3("`.
 */
export const withInvalidUtf8In = (json: string, field: string): Uint8Array => {
  const key = `"${field}":"`;
  const at = json.indexOf(key);
  if (at < 0) throw new Error(`no string field ${field} in the document`);
  const valueEnd = json.indexOf('"', at + key.length);
  return concat(
    asciiBytes(json.slice(0, valueEnd)),
    Uint8Array.from(INVALID_UTF8),
    asciiBytes(json.slice(valueEnd)),
  );
};

/** The object's text with members inserted right after its opening brace. */
export const withLeadingMembers = (json: string, members: string): string => {
  if (!json.startsWith('{')) throw new Error('not a JSON object');
  return `{${members},${json.slice(1)}`;
};

/** An array nested `depth` levels deep around a number: `[[[1]]]`. */
export const nestedArray = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
