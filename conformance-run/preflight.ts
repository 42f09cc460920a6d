/**
 * Before the run, a few GETs of random uuids (which create nothing, so they are safe against
 * production) establish that the target is the service and measure its round trip. A target that is
 * no working deployment stops the run in seconds with one line saying what came back, instead of a
 * list of deviations minutes later:
 * - no answer (refused, reset, no DNS name, TLS failure, silence): unreachable;
 * - a redirect: the base URL is probably wrong (the kit follows no redirect);
 * - a 429: the tenant is already throttled;
 * - 401/403 with the service's error body: the credentials are refused (a configuration error);
 * - any other answer without the part 7 JSON body (a proxy's 502 page, an empty 404 from another host
 *   or path prefix, an HTML page with 200): not the service.
 * Any answer with the part 7 body (a 404 ERR-4002, or even a 500 ERR-5001) is the service: the run
 * judges it. So is a target whose 404 lacks that body but which tells the cases of parts 4 and 5 apart
 * by their statuses (401 without a token, 400 for a malformed client id): a release that broke its
 * error bodies is the service breaking part 7, which the run then judges, not a wrong URL.
 * Either way, one more question comes first: are the spec's routes at this address? A POST of the
 * events path without a token (which nothing can store) gets 401 from the service and 404 from no route
 * of the spec; a 404 there is a wrong address (a path prefix doubled, missing or another service's),
 * said in one line with the likely cause before any check runs (routeProblem below).
 */
import { request } from 'undici';
import type { Target } from '../config/index.ts';
import { ConfigError, caTrustingDispatcher, EXIT, mayWrite } from '../config/index.ts';
import { CONTRACT_VARIABLES, SHARED_LIMIT_VARIABLES, TENANT_VARIABLES } from '../contract/index.ts';
import { bodyPreview, isPlainObject, parseJsonBody, readErrorBody } from '../oracle/index.ts';
import { EVENTS_PATH, eventPath, HEADERS, JSON_CONTENT_TYPE } from '../spec/index.ts';
import { answerText } from '../utilities/http-body.ts';
import { wrongAddressLine } from './wrong-address.ts';

export class PreflightError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

/**
 * How long a preflight request may go unanswered: a deployment far away or starting cold may take tens
 * of seconds to answer and is slow, not gone (its round trip then sizes every wait of the run).
 */
export const PREFLIGHT_TIMEOUT_MS = 60_000;
/** GETs sent to measure the round trip: the median of them is the run's. */
const ROUND_TRIPS = 3;

export interface PreflightResult {
  /** The median round trip of the preflight's GETs, in milliseconds. */
  readonly roundTripMs: number;
  /** Set when the target answers as the service but its error bodies break part 7: what was seen. */
  readonly bodiesBreakPart7?: string;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly text: string;
  readonly ms: number;
}

const header = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/** How a probe departs from tenant A's ordinary GET: no token, or a client id that is no UUID. */
type Probe = 'as-tenant-a' | 'without-token' | 'malformed-client-id';

interface Sent {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly probe: Probe;
  readonly body?: string;
}

const headersOf = (target: Target, probe: Probe): Record<string, string> => ({
  [HEADERS.clientId]: probe === 'malformed-client-id' ? 'not-a-uuid' : target.tenantA.clientId,
  ...(probe === 'without-token' ? {} : { [HEADERS.accessToken]: target.tenantA.accessToken }),
  [HEADERS.contentType]: JSON_CONTENT_TYPE,
});

const get = (target: Target, probe: Probe = 'as-tenant-a'): Promise<Answer> =>
  send(target, { method: 'GET', path: eventPath(crypto.randomUUID()), probe });

const send = async (target: Target, sent: Sent, baseUrl = target.baseUrl): Promise<Answer> => {
  const url = `${baseUrl}${sent.path}`;
  const started = performance.now();
  try {
    const response = await request(url, {
      method: sent.method,
      headers: headersOf(target, sent.probe),
      ...(sent.body === undefined ? {} : { body: sent.body }),
      signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS),
      ...(target.caFile === undefined ? {} : { dispatcher: caTrustingDispatcher(target) }),
    });
    const text = await answerText(response);
    return {
      status: response.statusCode,
      headers: Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), header(value)]),
      ),
      text,
      ms: performance.now() - started,
    };
  } catch (error) {
    const cause = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
    const reason =
      (error as Error).name === 'TimeoutError' ? `no answer within ${PREFLIGHT_TIMEOUT_MS / 1000} s` : cause;
    throw new PreflightError(
      `${CONTRACT_VARIABLES.baseUrl} ${target.baseUrl} is unreachable: ${reason}`,
      EXIT.couldNotRun,
    );
  }
};

/**
 * What most often makes a deployment refuse credentials from the first request (part 5.4 of the spec):
 * a 403 authenticates the caller but refuses it, as an IP allowlist does (the sandbox enforces one per
 * tenant, production's tenants set allowed IP ranges); a 401 refuses the token itself.
 */
export const likelyRefusalCause = (status: number): string =>
  status === 403
    ? "; likely cause: the deployment's IP allowlist does not admit this machine's address (the sandbox enforces one per tenant; production's tenant sets its allowed IP ranges, part 5.4)"
    : '; likely cause: a wrong token, or a production token past the expiry its tenant set (part 5.4)';

/** Why the first answer shows the target is not a working deployment of the service, or undefined. */
export const judgeFirstAnswer = (
  target: Target,
  answer: Answer,
): PreflightError | ConfigError | undefined => {
  const what = `${CONTRACT_VARIABLES.baseUrl} ${target.baseUrl} answers the preflight GET with HTTP ${answer.status}`;
  const json = parseJsonBody(answer.text);
  const body = readErrorBody({ ...answer, json });
  if (answer.status >= 300 && answer.status < 400) {
    return new PreflightError(
      `${what}, a redirect to ${answer.headers.location || '(no Location)'}: wrong base URL? (the kit follows no redirect)`,
      EXIT.couldNotRun,
    );
  }
  if (answer.status === 429) {
    return new PreflightError(
      `${what}: tenant A is already throttled; wait a window (${SHARED_LIMIT_VARIABLES.windowSeconds}) and run again`,
      EXIT.couldNotRun,
    );
  }
  if ((answer.status === 401 || answer.status === 403) && body) {
    return new ConfigError(
      `${TENANT_VARIABLES.A.clientId} / ${TENANT_VARIABLES.A.accessToken} are refused by ${target.baseUrl} (HTTP ${answer.status}, ${body.errorCode}): check the credentials and the environment${likelyRefusalCause(answer.status)}`,
    );
  }
  const isServiceAnswer =
    answer.status >= 200 && answer.status < 300 ? isPlainObject(json) : body !== undefined;
  if (!isServiceAnswer) {
    return new PreflightError(
      `${what} (${answer.headers['content-type'] || 'no Content-Type'}) and ${bodyPreview(answer.text)}, not the service's JSON: wrong host or path prefix, or the service behind it is down`,
      EXIT.couldNotRun,
    );
  }
  return undefined;
};

/**
 * For a first answer of 404 without the part 7 body: does the target tell a missing token (401) and a
 * malformed client id (400) apart as parts 4 and 5 say? Then it is the service, with broken bodies.
 */
const answersAsTheService = async (target: Target, first: Answer): Promise<string | undefined> => {
  if (first.status !== 404) return undefined;
  const withoutToken = await get(target, 'without-token');
  const malformedClient = await get(target, 'malformed-client-id');
  if (withoutToken.status !== 401 || malformedClient.status !== 400) return undefined;
  return `the target answers as the service (404 for an unknown uuid, 401 without a token, 400 for a malformed client id), but its 404 is ${first.headers['content-type'] || 'no Content-Type'} ${bodyPreview(first.text)}, not the part 7 body: the run goes on and judges its error bodies (ERROR-BODY-SHAPE) with every rule it can still check`;
};

/**
 * Where the spec's routes are: a POST of the events path without a token is refused by the service
 * (401) and stores nothing; only an address where the spec's routes are not answers it 404. A 404 is
 * asked once more with tenant A's credentials and a JSON array for a body (which no reading can store
 * as an event), so that a deployment hiding its routes from callers without a token is judged by the
 * run, not called a wrong address. Against production, where the kit sends nothing but GETs unless
 * writes are allowed, the same question is asked of GET: an event's path without a token (401) and
 * with a malformed client id (400) both answering 404. Where the address is wrong, the spec's path
 * under the base URL's origin alone is tried once, to name the cause.
 */
const routeProblem = async (target: Target): Promise<PreflightError | undefined> => {
  const probes: readonly Sent[] = mayWrite(target)
    ? [
        { method: 'POST', path: EVENTS_PATH, probe: 'without-token', body: '{}' },
        { method: 'POST', path: EVENTS_PATH, probe: 'as-tenant-a', body: '[]' },
      ]
    : [
        { method: 'GET', path: eventPath(crypto.randomUUID()), probe: 'without-token' },
        { method: 'GET', path: eventPath(crypto.randomUUID()), probe: 'malformed-client-id' },
      ];
  for (const probe of probes) if ((await send(target, probe)).status !== 404) return undefined;
  const first = probes[0] as Sent;
  const origin = new URL(target.baseUrl).origin;
  const atOrigin =
    origin !== target.baseUrl.replace(/\/+$/, '')
      ? await send(target, first, origin).catch(() => undefined)
      : undefined;
  return new PreflightError(
    wrongAddressLine(target.baseUrl, first.method, first.path, atOrigin?.status),
    EXIT.couldNotRun,
  );
};

export const preflight = async (target: Target): Promise<PreflightResult> => {
  const first = await get(target);
  const problem = judgeFirstAnswer(target, first);
  const bodiesBreakPart7 =
    problem instanceof PreflightError ? await answersAsTheService(target, first) : undefined;
  if (problem && !bodiesBreakPart7) throw problem;
  const wrongAddress = await routeProblem(target);
  if (wrongAddress) throw wrongAddress;
  const times = [first.ms];
  for (let round = 1; round < ROUND_TRIPS; round += 1) times.push((await get(target)).ms);
  times.sort((a, b) => a - b);
  return {
    roundTripMs: Math.round(times[Math.floor(times.length / 2)] as number),
    ...(bodiesBreakPart7 ? { bodiesBreakPart7 } : {}),
  };
};
