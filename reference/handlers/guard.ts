/**
 * What every request to an endpoint passes before its handler, in this order: authentication (part 5,
 * authentication.ts), then the tenant's rate limit (part 8). Every request that authenticated counts,
 * whatever its outcome; a refused request is not counted. No rate-limit header is ever sent.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '../../spec/index.ts';
import { authenticate } from '../authentication.ts';
import { REFERENCE_CODES } from '../codes.ts';
import type { ServerContext } from '../context.ts';
import { HttpProblem, referenceProblem, simpleBody } from '../problem.ts';
import type { BudgetHooks, TenantBudget } from '../tenant-budgets.ts';
import type { KnownTenant } from '../tenants.ts';

/** What a limiter may key a request by, besides its tenant and method. */
export interface LimitedRequest {
  /** X-Client-Id exactly as sent (the tenant's id in whichever case the client spelled it). */
  readonly clientIdAsSent: string;
}

export interface RateLimitHooks extends BudgetHooks {
  /** RATE-LIMIT-ALL-REQUESTS: whether a request of this method counts. */
  countsTowardLimit(method: string): boolean;
  /** RATE-LIMIT-PER-TENANT: the budget a tenant's request (of this method) is counted in. */
  rateLimitKey(tenantId: string, method: string, request: LimitedRequest): string;
  /**
   * RATE-LIMIT-ALL-REQUESTS: for a method whose counted requests are given back by their answer's
   * status (and whether its body was read as JSON), which; undefined (every method, in the reference)
   * keeps every counted request.
   */
  rateLimitGivesBack(method: string): ((status: number, bodyRead: boolean) => boolean) | undefined;
  /** RATE-LIMIT-NO-HEADERS: headers on a counted request of the budget `key`, counted at `now`. */
  rateLimitHeaders(
    budget: TenantBudget,
    key: string,
    now: number,
  ): Readonly<Record<string, string>> | undefined;
  /** RATE-LIMIT-429, GAP-429-BODY: the answer to a throttled request of a tenant of this budget. */
  throttledAnswer(ctx: ServerContext, retryAfterMs: number, budget: TenantBudget): HttpProblem;
}

/** How the guard's refusal reaches the client. */
export interface RefusalHooks {
  /**
   * AUTH-*: whether a request of this method refused for its credentials, naming a known tenant by
   * X-Client-Id, still runs its handler as that tenant and is answered the refusal only after it (an
   * authentication call not awaited, racing the handler). The reference refuses before any handler;
   * the handlers that write (create-event.ts, update-event.ts) answer such a refusal once the write was
   * tried. `status` is the refusal's: 401 for the token's, 403 for a token used with another tenant's
   * X-Client-Id (the write then lands under the tenant X-Client-Id names); RATE-LIMIT-429: 429 for the
   * limiter's, which then lets the handler run before its refusal is the answer.
   */
  refusedAfterHandler(method: string, status: number): boolean;
}

declare module '../context.ts' {
  interface ReferenceHooks extends RateLimitHooks, RefusalHooks {}
}

export const REFUSAL_HOOKS: RefusalHooks = Object.freeze({ refusedAfterHandler: () => false });

/** Whole seconds until the tenant is served again, as a 429 body may say (GAP-429-BODY). */
export const retryAfterSeconds = (retryAfterMs: number): number =>
  Number.isFinite(retryAfterMs) ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : 3600;

/** The 429 (or another status) with the 7.1 body, plus what the behaviour's 429 body adds. */
export const throttledProblem = (
  ctx: ServerContext,
  retryAfterMs: number,
  budget: TenantBudget,
  status = 429,
): HttpProblem => {
  const { code, title } = REFERENCE_CODES.rateLimited;
  const base = simpleBody(status, code, title);
  const { requestsPerWindow, windowSeconds } = budget.configured;
  switch (ctx.behaviour.rateLimitBody) {
    case 'simple':
      return new HttpProblem(status, base);
    case 'with-detail':
      return new HttpProblem(status, {
        ...base,
        detail: `More than ${requestsPerWindow} requests in ${windowSeconds} s; retry later.`,
      });
    case 'with-retry-after':
      return new HttpProblem(status, { ...base, retryAfterSeconds: retryAfterSeconds(retryAfterMs) });
    case 'problem-details':
      // RFC 9457 as ASP.NET Core writes it, the part 7 fields kept.
      return new HttpProblem(status, {
        type: 'https://tools.ietf.org/html/rfc6585#section-4',
        ...base,
        detail: `Retry in ${retryAfterSeconds(retryAfterMs)} s.`,
        traceId: randomUUID(),
      });
  }
};

export const RATE_LIMIT_HOOKS: RateLimitHooks = Object.freeze({
  countsTowardLimit: () => true,
  rateLimitKey: (tenantId: string) => tenantId,
  rateLimitGivesBack: () => undefined,
  rateLimitOneBudget: () => false,
  rateLimitCapacity: (requestsPerWindow: number) => requestsPerWindow,
  rateLimitWindowMs: (windowMs: number) => windowMs,
  rateLimitHeaders: () => undefined,
  throttledAnswer: (ctx: ServerContext, retryAfterMs: number, budget: TenantBudget) =>
    throttledProblem(ctx, retryAfterMs, budget),
});

/** What the guard leaves on a request for its handler. */
type GuardedRequest = FastifyRequest & {
  tenant: KnownTenant | null;
  /** The refusal a handler answers after its work, when refusedAfterHandler let it run. */
  refusalAfterHandler?: unknown;
};

/** The tenant a request authenticated as (set by the guard before any handler runs). */
export const tenantOf = (request: FastifyRequest): KnownTenant => {
  const { tenant } = request as GuardedRequest;
  if (!tenant) throw new Error('request reached a handler without authentication');
  return tenant;
};

/** The refusal a handler must answer once its work is done (never, in the reference). */
export const refusalAfterHandlerOf = (request: FastifyRequest): unknown =>
  (request as GuardedRequest).refusalAfterHandler;

/**
 * The refusal answered once the handler's write was tried (`write`): done or failed, the client gets
 * the refusal, as from an authentication that resolved while the write went on.
 */
export const refusedOnceTried = async (write: () => unknown, refusal: unknown): Promise<void> => {
  try {
    await write();
  } catch {
    // The write's own failure (a 404, a body refused) never reaches the client: the refusal does.
  }
  throw refusal;
};

const applyRateLimit = (
  ctx: ServerContext,
  tenant: KnownTenant,
  request: FastifyRequest,
  reply: FastifyReply,
): void => {
  const { hooks } = ctx;
  if (!hooks.countsTowardLimit(request.method)) return;
  const budget = ctx.budgets.of(tenant);
  const clientId = request.headers[CLIENT_ID_HEADER];
  const clientIdAsSent = Array.isArray(clientId) ? clientId.join(', ') : (clientId ?? tenant.id);
  const key = hooks.rateLimitKey(tenant.id, request.method, { clientIdAsSent: clientIdAsSent.trim() });
  const now = ctx.clock();
  const decision = budget.limiter.take(key, now);
  const headers = hooks.rateLimitHeaders(budget, key, now);
  if (headers) reply.headers(headers);
  if (!decision.allowed) {
    const throttled = hooks.throttledAnswer(ctx, decision.retryAfterMs, budget);
    if (!hooks.refusedAfterHandler(request.method, throttled.status)) throw throttled;
    // A limiter that counts on the way out: the handler runs, then the refusal is the answer.
    (request as GuardedRequest).refusalAfterHandler = throttled;
    return;
  }
  const givesBack = hooks.rateLimitGivesBack(request.method);
  if (givesBack)
    reply.raw.once('finish', () => {
      if (givesBack(reply.statusCode, request.body !== undefined)) budget.limiter.giveBack(key);
    });
};

const CLIENT_ID_HEADER = HEADERS.clientId.toLowerCase();

/** GAP-OTHER-OPERATIONS: a query parameter on a request, in the reading that refuses every one. */
const refuseQueryParameters = (ctx: ServerContext, request: FastifyRequest): void => {
  if (ctx.behaviour.unknownQueryParameters === 'refused-400' && request.url.includes('?')) {
    throw referenceProblem('unknownQueryParameter');
  }
};

/** The onRequest hook of every endpoint route (callback style: no promise per request). */
export const guardRequest =
  (ctx: ServerContext) =>
  (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const guarded = request as GuardedRequest;
    try {
      guarded.tenant = authenticate(
        {
          method: request.method,
          headers: request.headers,
          rawHeaders: request.raw.rawHeaders,
          remoteAddress: request.ip,
        },
        ctx,
      );
    } catch (refusal) {
      const racing =
        refusal instanceof HttpProblem && ctx.hooks.refusedAfterHandler(request.method, refusal.status);
      const named = racing
        ? ctx.tenants.byClientId(String(request.headers[CLIENT_ID_HEADER] ?? ''))
        : undefined;
      if (!named) throw refusal;
      guarded.tenant = named;
      guarded.refusalAfterHandler = refusal;
      done();
      return;
    }
    applyRateLimit(ctx, guarded.tenant, request, reply);
    refuseQueryParameters(ctx, request);
    done();
  };
