/**
 * What a tenant's integration may rely on in one answer, as named aspects: the status, the errorCode,
 * every field of the body with its type, the `errors[]` items' fields and codes, the headers. Values
 * that change by nature are never aspects: a uuid or a timestamp is kept as its kind (`string:uuid`,
 * `string:date-time`), not its value, so that two answers of the same shape have the same aspects.
 */
import { parseJsonBody } from '../oracle/index.ts';
import { EVENTS_PATH, isUuid } from '../spec/index.ts';

/** Aspect name → its normalised value, in the order found. */
export type Aspects = ReadonlyMap<string, string>;

export interface AnswerLike {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Headers every answer's transport sets or that change by nature: never something a tenant relies on. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'server',
  'etag',
  'last-modified',
  'vary',
  'x-request-id',
  'x-correlation-id',
  'request-id',
  'traceparent',
  'tracestate',
  'age',
  'via',
]);

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const kindOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') {
    if (isUuid(value)) return 'string:uuid';
    if (DATE_TIME.test(value)) return 'string:date-time';
    return 'string';
  }
  return typeof value;
};

/** Every field path of a JSON value with its kind; an array's items share `name[]`. */
const fieldKinds = (value: unknown, path: string, into: Map<string, Set<string>>): void => {
  if (path !== '') {
    const kinds = into.get(path) ?? new Set<string>();
    kinds.add(kindOf(value));
    into.set(path, kinds);
  }
  if (Array.isArray(value)) {
    for (const item of value) fieldKinds(item, `${path}[]`, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) fieldKinds(inner, path ? `${path}.${key}` : key, into);
  }
};

/** A body's JSON, or undefined when it is empty or not JSON (the oracle's reading). */
export const parseJson = parseJsonBody;

/** `field`'s and `errorCode`'s values of a validation body's `errors[]`, sorted: the order is a gap. */
const errorItemValues = (json: unknown, key: 'field' | 'errorCode'): string | undefined => {
  const errors = (json as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return undefined;
  const values = errors.map((item) => (item as Record<string, unknown> | null)?.[key]);
  return values.every((v) => typeof v === 'string') ? (values as string[]).sort().join(' | ') : undefined;
};

const mediaTypeOf = (value: string): string => (value.split(';')[0] ?? '').trim().toLowerCase();

export const aspectsOf = (answer: AnswerLike): Aspects => {
  const aspects = new Map<string, string>([['status', String(answer.status)]]);
  const json = parseJson(answer.body);
  const code = (json as { errorCode?: unknown } | undefined)?.errorCode;
  if (typeof code === 'string') aspects.set('errorCode', code);
  if (json === undefined && answer.body.trim() !== '') aspects.set('body', 'not JSON');
  const kinds = new Map<string, Set<string>>();
  fieldKinds(json, '', kinds);
  for (const [path, set] of kinds) aspects.set(`field ${path}`, [...set].sort().join('|'));
  const fields = errorItemValues(json, 'field');
  if (fields !== undefined) aspects.set('errors[].field values', fields);
  const codes = errorItemValues(json, 'errorCode');
  if (codes !== undefined) aspects.set('errors[].errorCode values', codes);
  for (const [name, value] of Object.entries(answer.headers)) {
    const key = name.toLowerCase();
    if (TRANSPORT_HEADERS.has(key)) continue;
    aspects.set(`header ${key}`, key === 'content-type' ? mediaTypeOf(value) : 'present');
  }
  return aspects;
};

/** `POST /events`, `GET /events/{uuid}`: the operation a request calls, its id left out. */
export const operationOf = (method: string, url: string): string => {
  const path = url.split('?')[0] ?? url;
  const rest = path.startsWith(EVENTS_PATH) ? path.slice(EVENTS_PATH.length) : path;
  const segments = rest.split('/').filter((segment) => segment !== '');
  const named = segments.map((segment, index) => (index === 0 ? '{uuid}' : segment));
  return `${method} ${['/events', ...named].join('/')}`;
};
