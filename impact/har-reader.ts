/**
 * Reads a HAR 1.2 file into exchanges. Only what the replay needs is required (method, url, status);
 * everything a browser's or a proxy's export adds (timings, cache, `_initiator`, HTTP/2 pseudo-headers)
 * is accepted and left aside, and a body given as base64 (`content.encoding: "base64"`) is decoded.
 * A file it cannot use is one line saying why, never an exception.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EVENTS_PATH } from '../spec/index.ts';
import type { TrafficExchange } from './traffic.ts';

const pairs = z.array(z.looseObject({ name: z.string(), value: z.string() })).default([]);

const contentSchema = z.looseObject({
  text: z.string().optional(),
  encoding: z.string().optional(),
});

const entrySchema = z.looseObject({
  request: z.looseObject({
    method: z.string().min(1),
    url: z.string().min(1),
    headers: pairs,
    postData: contentSchema.optional(),
  }),
  response: z.looseObject({
    status: z.number().int().min(0),
    headers: pairs,
    content: contentSchema.optional(),
  }),
  _fault: z.string().optional(),
  _forwarded: z.boolean().optional(),
});

const harSchema = z.looseObject({
  log: z.looseObject({
    version: z.string().optional(),
    entries: z.array(z.unknown()),
  }),
});

export type HarReading =
  | { readonly ok: true; readonly exchanges: readonly TrafficExchange[]; readonly skipped: number }
  | { readonly ok: false; readonly problem: string };

const headerMap = (list: readonly { name: string; value: string }[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const { name, value } of list) {
    const key = name.toLowerCase();
    if (key.startsWith(':')) continue;
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
};

const textOf = (content: z.infer<typeof contentSchema> | undefined): string => {
  const text = content?.text ?? '';
  return content?.encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
};

/** From the service's path on: a gateway's base path or another host is not the tenant's concern. */
const serviceUrlOf = (url: string): string | undefined => {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://recorded.invalid');
  } catch {
    return undefined;
  }
  const whole = `${parsed.pathname}${parsed.search}`;
  const at = whole.indexOf(EVENTS_PATH);
  return at < 0 ? undefined : whole.slice(at);
};

const exchangeOf = (entry: z.infer<typeof entrySchema>, seq: number, url: string): TrafficExchange => ({
  seq,
  method: entry.request.method.toUpperCase(),
  url,
  requestHeaders: headerMap(entry.request.headers),
  requestBody: textOf(entry.request.postData),
  status: entry.response.status,
  responseHeaders: headerMap(entry.response.headers),
  responseBody: textOf(entry.response.content),
  ...(entry._fault === undefined ? {} : { fault: entry._fault }),
  forwarded: entry._forwarded ?? true,
});

/** The HAR text's exchanges with the service; requests to other addresses (a page's assets) are skipped. */
export const readHarText = (text: string): HarReading => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not JSON (${(error as Error).message.split('\n')[0]})` };
  }
  const har = harSchema.safeParse(json);
  if (!har.success) return { ok: false, problem: 'not a HAR file: no log.entries list' };
  const exchanges: TrafficExchange[] = [];
  let skipped = 0;
  for (const [index, raw] of har.data.log.entries.entries()) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      const issue = entry.error.issues[0];
      return {
        ok: false,
        problem: `entry ${index + 1} is not a HAR entry: ${issue?.path.join('.') || 'entry'} ${issue?.message ?? 'is invalid'}`,
      };
    }
    const url = serviceUrlOf(entry.data.request.url);
    if (url === undefined) skipped += 1;
    else exchanges.push(exchangeOf(entry.data, exchanges.length + 1, url));
  }
  if (exchanges.length === 0)
    return { ok: false, problem: `no request to the service's ${EVENTS_PATH} in its ${skipped} entries` };
  return { ok: true, exchanges, skipped };
};

export const readHarFile = (file: string): HarReading => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  return readHarText(text);
};
