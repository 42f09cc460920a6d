/**
 * What the oracle judges: one HTTP answer of the target, as any client received it. The suites'
 * ServiceResponse is one; the preflight's and the self-check's answers are others.
 */
export interface HttpAnswer {
  readonly status: number;
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text. */
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  readonly json: unknown;
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** A 5xx: the service failed. Never the answer to a request whose answer the spec gives. */
export const isServerError = (status: number): boolean => status >= 500 && status < 600;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The body's JSON as text, when the answer has a body at all. */
export const parseJsonBody = (text: string): unknown => {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** `HTTP 400 ERR-3005`: how a message names an answer. */
export const summarise = (answer: HttpAnswer): string => {
  const code = isPlainObject(answer.json) ? answer.json.errorCode : undefined;
  return `HTTP ${answer.status}${typeof code === 'string' ? ` ${code}` : ''}`;
};

/** The codes an answer names: its top-level errorCode and each errors[] item's. */
export const codesNamed = (answer: HttpAnswer): string[] => {
  const body = isPlainObject(answer.json) ? answer.json : {};
  const items = Array.isArray(body.errors) ? body.errors : [];
  return [body.errorCode, ...items.map((item) => (isPlainObject(item) ? item.errorCode : undefined))].filter(
    (code): code is string => typeof code === 'string',
  );
};

/** Two refusals alike: the same non-2xx status and the same set of codes. */
export const isSameRefusal = (one: HttpAnswer, other: HttpAnswer): boolean =>
  one.status === other.status &&
  !isSuccess(one.status) &&
  [...new Set(codesNamed(one))].sort().join() === [...new Set(codesNamed(other))].sort().join();
