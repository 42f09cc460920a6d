/**
 * One request before the run, so that a target that is down or refuses the given credentials stops
 * the run in seconds with one message, instead of failing every test in minutes.
 */
import { request } from 'undici';
import type { Target } from '../config/index.ts';
import { ConfigError, caTrustingDispatcher, EXIT } from '../config/index.ts';
import { eventPath, HEADERS, JSON_CONTENT_TYPE } from '../spec/index.ts';

export class PreflightError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

const PREFLIGHT_TIMEOUT_MS = 10_000;

/** GET of a random uuid: creates nothing, so it is safe against production. */
export const preflight = async (target: Target): Promise<void> => {
  const url = `${target.baseUrl}${eventPath(crypto.randomUUID())}`;
  let status: number;
  let body: string;
  try {
    const response = await request(url, {
      method: 'GET',
      headers: {
        [HEADERS.clientId]: target.tenantA.clientId,
        [HEADERS.accessToken]: target.tenantA.accessToken,
        [HEADERS.contentType]: JSON_CONTENT_TYPE,
      },
      signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS),
      ...(target.caFile === undefined ? {} : { dispatcher: caTrustingDispatcher(target) }),
    });
    status = response.statusCode;
    body = await response.body.text();
  } catch (error) {
    const cause = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
    const reason =
      (error as Error).name === 'TimeoutError' ? `no answer within ${PREFLIGHT_TIMEOUT_MS / 1000} s` : cause;
    throw new PreflightError(
      `TARGET_BASE_URL ${target.baseUrl} is unreachable: ${reason}`,
      EXIT.targetUnreachable,
    );
  }
  if (status === 401 || status === 403) {
    const code = /"errorCode"\s*:\s*"(ERR-\d{4})"/.exec(body)?.[1] ?? 'no errorCode';
    throw new ConfigError(
      `TENANT_A_CLIENT_ID / TENANT_A_ACCESS_TOKEN are refused by ${target.baseUrl} (HTTP ${status}, ${code}): check the credentials and the environment`,
    );
  }
};
