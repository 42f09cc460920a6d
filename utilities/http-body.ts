/**
 * An HTTP answer's body as text, its content codings undone (RFC 9110, 8.4). A request without
 * Accept-Encoding accepts any coding (12.5.3), so a deployment, or a gateway in front of it, may
 * compress what it answers: gzip, deflate, br, and zstd where the runtime has it. The kit's clients
 * send no Accept-Encoding and read what comes back as the service's answer, so they undo the coding
 * before anything reads the body. A coding the kit cannot undo, or bytes that do not decode, are read
 * as they came (as UTF-8): the answer is then judged for what it is.
 */
import * as zlib from 'node:zlib';

type Decoder = (bytes: Buffer) => Buffer;

/** `deflate` is the zlib format; some servers send the raw stream under that name. */
const inflate: Decoder = (bytes) => {
  try {
    return zlib.inflateSync(bytes);
  } catch {
    return zlib.inflateRawSync(bytes);
  }
};

/** zstd came to node:zlib in Node 22.15 and 23.8: looked up, not imported, so older lines load this. */
const zstd = (zlib as { zstdDecompressSync?: Decoder }).zstdDecompressSync;

const DECODERS: Readonly<Record<string, Decoder | undefined>> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: inflate,
  br: zlib.brotliDecompressSync,
  zstd,
  identity: (bytes) => bytes,
};

/** The codings of a Content-Encoding header, in the order they were applied. */
export const contentCodings = (header: string | readonly string[] | undefined): string[] =>
  (Array.isArray(header) ? header.join(',') : ((header as string | undefined) ?? ''))
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '');

/** The bytes with every coding undone, last applied first; undefined when one cannot be undone. */
export const decodedBytes = (
  bytes: Buffer,
  header: string | readonly string[] | undefined,
): Buffer | undefined => {
  let decoded = bytes;
  for (const coding of contentCodings(header).reverse()) {
    const decode = DECODERS[coding];
    if (decode === undefined) return undefined;
    try {
      decoded = decode(decoded);
    } catch {
      return undefined;
    }
  }
  return decoded;
};

/** A body as text, decoded as its Content-Encoding says (as it came where that fails). */
export const decodedText = (bytes: Buffer, header: string | readonly string[] | undefined): string =>
  (decodedBytes(bytes, header) ?? bytes).toString('utf8');

/** Whether a body came with a coding the kit undid (its Content-Encoding no longer applies to the text). */
export const wasEncoded = (header: string | readonly string[] | undefined): boolean =>
  contentCodings(header).some((coding) => coding !== 'identity');

/** An undici answer's body as text, its codings undone. */
export const answerText = async (answer: {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: { arrayBuffer(): Promise<ArrayBuffer> };
}): Promise<string> =>
  decodedText(Buffer.from(await answer.body.arrayBuffer()), answer.headers['content-encoding']);
