/**
 * The kit's probe of a deployment: a GET of a uuid nobody created, which creates nothing and which
 * the spec answers with a 4xx whatever was sent before (404 with a tenant's credentials, 401 or 400
 * without them). Sent by the client outside any check's exchanges, to ask whether the deployment is
 * there (without tenant headers: a throttled or refused tenant does not make it look unavailable)
 * or whether a tenant's credentials still work (with that tenant's headers).
 */
import { randomUUID } from 'node:crypto';
import { type Dispatcher, request } from 'undici';
import { parseJsonBody, readErrorBody } from '../../oracle/index.ts';
import { retryAfterMs, UNAVAILABLE_STATUSES } from '../../pacing/unavailability.ts';
import { eventPath, HEADERS, JSON_CONTENT_TYPE } from '../../spec/index.ts';
import { answerText } from '../../utilities/http-body.ts';
import type { ProbeOutcome } from './recovery.ts';

export interface ProbeAnswer {
  readonly status?: number;
  readonly errorCode?: string;
  readonly retryAfter?: string;
  /** Why no answer came. */
  readonly error?: string;
}

/** The headers of a probe without tenant headers. */
export const TENANTLESS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  [HEADERS.contentType]: JSON_CONTENT_TYPE,
  accept: JSON_CONTENT_TYPE,
});

export const sendProbe = async (
  deps: { readonly baseUrl: string; readonly dispatcher: Dispatcher; readonly timeoutMs: number },
  headers: Readonly<Record<string, string>> | undefined = TENANTLESS_HEADERS,
): Promise<ProbeAnswer> => {
  try {
    const answer = await request(`${deps.baseUrl}${eventPath(randomUUID())}`, {
      method: 'GET',
      headers: { ...(headers ?? TENANTLESS_HEADERS) },
      dispatcher: deps.dispatcher,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    const text = await answerText(answer);
    const json = parseJsonBody(text);
    const errorCode = readErrorBody({ status: answer.statusCode, headers: {}, text, json })?.errorCode;
    const retryAfter = answer.headers['retry-after'];
    return {
      status: answer.statusCode,
      ...(errorCode ? { errorCode } : {}),
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
    };
  } catch (error) {
    return { error: (error as { cause?: Error }).cause?.message ?? (error as Error).message };
  }
};

/** Whether a probe found the deployment there: any answer but a gateway's 502, 503 or 504. */
export const probeOutcomeOf = (answer: ProbeAnswer): ProbeOutcome => {
  if (answer.status !== undefined && !UNAVAILABLE_STATUSES.has(answer.status)) return { available: true };
  const wait = retryAfterMs(answer.retryAfter);
  return {
    available: false,
    detail: answer.status !== undefined ? `HTTP ${answer.status}` : (answer.error ?? 'no answer'),
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
  };
};
