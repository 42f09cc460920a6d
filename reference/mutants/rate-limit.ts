/** Mutants of part 8: the per-tenant rate limit. Hooks: handlers/guard.ts. */

import { retryAfterSeconds, throttledProblem } from '../handlers/guard.ts';
import { HttpProblem } from '../problem.ts';
import { mutant } from './define.ts';

export const RATE_LIMIT_MUTANTS = [
  mutant('rate-limit-removed', ['RATE-LIMIT-429'], 'No rate limit at all.', {
    countsTowardLimit: () => false,
  }),
  mutant(
    'rate-limit-global',
    ['RATE-LIMIT-PER-TENANT'],
    'One budget shared by every tenant (at the tightest of their limits) instead of one per tenant.',
    { rateLimitKey: () => '*', rateLimitOneBudget: () => true },
  ),
  mutant(
    'rate-limit-post-only',
    ['RATE-LIMIT-ALL-REQUESTS'],
    'Only POSTs count toward the limit; GETs, PUTs and failed requests are free.',
    { countsTowardLimit: (method) => method === 'POST' },
  ),
  mutant(
    'rate-limit-ten-times-too-low',
    ['RATE-LIMIT-429'],
    'The limit is a tenth of the configured requests per window.',
    { rateLimitCapacity: (requestsPerWindow) => Math.max(1, Math.floor(requestsPerWindow / 10)) },
  ),
  mutant(
    'rate-limit-headers-sent',
    ['RATE-LIMIT-NO-HEADERS'],
    'Responses carry X-RateLimit-Limit/Remaining, and a 429 carries Retry-After.',
    {
      rateLimitHeaders: (budget, key, now) => ({
        'X-RateLimit-Limit': String(budget.capacity),
        'X-RateLimit-Remaining': String(Math.max(0, budget.limiter.remaining(key, now))),
      }),
      throttledAnswer: (ctx, retryAfterMs, budget) => {
        const answer = throttledProblem(ctx, retryAfterMs, budget);
        return new HttpProblem(answer.status, answer.body, {
          'Retry-After': String(retryAfterSeconds(retryAfterMs)),
        });
      },
    },
  ),
  mutant(
    'rate-limit-429-unstructured',
    ['RATE-LIMIT-429', 'ERROR-BODY-SHAPE'],
    'A 429 answers text/plain "Too Many Requests" instead of a structured JSON body.',
    { throttledAnswer: () => HttpProblem.plain(429, 'Too Many Requests') },
  ),
  mutant(
    'rate-limit-never-resets',
    ['RATE-LIMIT-WINDOW-RESET'],
    'The window never ends: once throttled, a tenant stays throttled.',
    { rateLimitWindowMs: () => Number.POSITIVE_INFINITY },
  ),
  mutant(
    'rate-limit-503',
    ['RATE-LIMIT-429'],
    'A throttled request answers 503 (as the gateway does) instead of 429.',
    { throttledAnswer: (ctx, retryAfterMs, budget) => throttledProblem(ctx, retryAfterMs, budget, 503) },
  ),
  mutant(
    'rate-limit-per-endpoint',
    ['RATE-LIMIT-ALL-REQUESTS', 'RATE-LIMIT-429'],
    'Each method has a budget of its own (the limiter is keyed by route): a tenant gets the limit for POST, again for GET and again for PUT.',
    { rateLimitKey: (tenantId, method) => `${tenantId} ${method}` },
  ),
  mutant(
    'rate-limit-keyed-by-client-id-as-sent',
    ['RATE-LIMIT-PER-TENANT'],
    'The limiter is keyed by X-Client-Id exactly as sent, while tenants are matched ignoring letter case: the same tenant sending its id in both cases gets twice its limit.',
    { rateLimitKey: (tenantId, _method, request) => request.clientIdAsSent || tenantId },
  ),
  mutant(
    'rate-limit-put-failures-given-back',
    ['RATE-LIMIT-ALL-REQUESTS'],
    "PUT's limiter gives back failed requests: a PUT answered 404 or 400 is not counted, while POST and GET count as they should.",
    {
      rateLimitGivesBack: (method) =>
        method === 'PUT' ? (status) => status === 404 || status === 400 : undefined,
    },
  ),
  mutant(
    'rate-limit-put-applied-when-throttled',
    ['RATE-LIMIT-429'],
    'The limiter decides on the way out (a middleware after the handler): a PUT past the limit is applied, then answered 429.',
    { refusedAfterHandler: (method, status) => method === 'PUT' && status === 429 },
  ),
  mutant(
    'rate-limit-malformed-bodies-given-back',
    ['RATE-LIMIT-ALL-REQUESTS'],
    'The limiter sits behind the JSON body parser: a POST whose body is not JSON is refused before it is counted, while a body that fails validation counts.',
    {
      rateLimitGivesBack: (method) =>
        method === 'POST' ? (status, bodyRead) => status === 400 && !bodyRead : undefined,
    },
  ),
  mutant(
    'rate-limit-gets-free',
    ['RATE-LIMIT-ALL-REQUESTS'],
    'GETs are served from a cache in front of the limiter: reads are never counted, writes are.',
    { countsTowardLimit: (method) => method !== 'GET' },
  ),
  mutant(
    'rate-limit-failed-posts-given-back',
    ['RATE-LIMIT-ALL-REQUESTS'],
    'A POST refused with 400 (a validation failure or a duplicate externalId) is given back to the budget: only creations and other methods count.',
    { rateLimitGivesBack: (method) => (method === 'POST' ? (status) => status === 400 : undefined) },
  ),
];
