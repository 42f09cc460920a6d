/**
 * The reference server as a Fastify app: the three endpoints of part 4 and everything around them.
 *
 * Every request to an endpoint goes through, in order:
 *   1. authentication (authentication.ts: the headers of part 5, then the IP allowlist),
 *   2. the tenant's rate limit (every authenticated request counts, whatever its outcome),
 *   3. the body (POST/PUT): Content-Type, size, JSON syntax, depth, and that it is an object,
 *   4. the path id (GET/PUT): unknown to the tenant → 404 ERR-4002,
 *   5. validation of the whole body (all failures), then deduplication.
 * A path or method the service does not have answers 404 without authentication.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Environment, EVENTS_PATH } from '../spec/index.ts';
import { authenticate } from './authentication.ts';
import type { ReferenceBehaviour } from './behaviour.ts';
import { REFERENCE_CODES, VALIDATION_TITLE } from './codes.ts';
import { createContext, type ReferenceContext } from './context.ts';
import { EventStore, externalIdOf, type StoredEvent } from './event-store.ts';
import { depthOf, isJsonObject, type JsonObject, type JsonValue, MAX_BODY_DEPTH } from './json.ts';
import { resolveOptions } from './options.ts';
import { HttpProblem, internalErrorBody, problem, referenceProblem, simpleBody } from './problem.ts';
import { createRateLimiter } from './rate-limit.ts';
import { isUuid, type KnownTenant, TenantDirectory } from './tenants.ts';
import type { RateLimitOptions, ReferenceServerOptions, ReferenceTenants, SeededTenant } from './types.ts';
import { errorItems, type Failure, validateEvent } from './validation.ts';

/** GAP-FIELD-LIMITS: the largest body accepted. A valid event is well under 4 KiB. */
export const BODY_LIMIT_BYTES = 256 * 1024;

/** How long the dedup-not-atomic mutant "talks to its database" between check and insert. */
const NOT_ATOMIC_GAP_MS = 25;

export interface ReferenceAppInfo {
  readonly environment: Environment;
  readonly tenants: ReferenceTenants;
  readonly allTenants: readonly SeededTenant[];
  readonly rateLimit: RateLimitOptions;
  readonly behaviour: ReferenceBehaviour;
  readonly variant: string | undefined;
  readonly mutant: string | undefined;
  /** The host and port startReferenceServer listens on (from the options). */
  readonly listen: { readonly host: string; readonly port: number };
  /** Events held by one tenant (by client id), or by all: lets tests prove that something created nothing. */
  eventCount(clientId?: string): number;
}

export type ReferenceApp = FastifyInstance & { readonly reference: ReferenceAppInfo };

type EventRequest = FastifyRequest<{ Params: { uuid: string } }>;

/** Writes a 400 with the 7.1 body straight to a socket whose request HTTP itself could not parse. */
const answerClientError = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, title } = REFERENCE_CODES.badRequest;
  const body = JSON.stringify(simpleBody(400, code, title));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};

export const buildReferenceApp = (options: ReferenceServerOptions = {}): ReferenceApp => {
  const resolved = resolveOptions(options);
  const ctx: ReferenceContext = createContext({
    environment: resolved.environment,
    behaviour: resolved.behaviour,
    mutant: resolved.mutant,
    variant: resolved.variant,
    clock: resolved.clock,
  });
  const { isMutant, behaviour, clock } = ctx;
  const directory = new TenantDirectory(resolved.tenants, resolved.environment);
  const store = new EventStore(
    isMutant('dedup-global-across-tenants') ? () => '*' : (tenantId) => tenantId,
    isMutant('dedup-case-insensitive')
      ? (externalId) => externalId.toLowerCase()
      : (externalId) => externalId,
  );
  const capacity = isMutant('rate-limit-ten-times-too-low')
    ? Math.max(1, Math.floor(resolved.rateLimit.requestsPerWindow / 10))
    : resolved.rateLimit.requestsPerWindow;
  const windowMs = isMutant('rate-limit-never-resets')
    ? Number.POSITIVE_INFINITY
    : resolved.rateLimit.windowSeconds * 1000;
  const limiter = createRateLimiter(behaviour.rateLimitAlgorithm, capacity, windowMs);
  const tenantOf = new WeakMap<FastifyRequest, KnownTenant>();

  // --- answers -------------------------------------------------------------------------------------

  const sendProblem = (reply: FastifyReply, answer: HttpProblem): FastifyReply => {
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    if (answer.plainText !== undefined) {
      return reply.code(answer.status).type('text/plain; charset=utf-8').send(answer.plainText);
    }
    let body: Record<string, unknown> = { ...answer.body };
    if (!('errors' in body)) {
      if (isMutant('error-status-as-string')) body = { ...body, status: String(body.status) };
      if (isMutant('error-title-missing')) body = { ...withoutKey(body, 'title'), message: body.title };
      if (isMutant('error-code-lowercase'))
        body = { ...body, errorCode: String(body.errorCode).toLowerCase() };
    }
    return reply.code(answer.status).type('application/json; charset=utf-8').send(body);
  };

  const notFound = (): HttpProblem =>
    isMutant('not-found-plain-text')
      ? HttpProblem.plain(404, 'Not Found')
      : isMutant('unknown-event-generic-404')
        ? referenceProblem('routeNotFound')
        : problem(404, 'ERR-4002');

  const duplicate = (): HttpProblem => problem(isMutant('duplicate-gives-409') ? 409 : 400, 'ERR-4001');

  const validationProblem = (failures: readonly Failure[]): HttpProblem => {
    const errors = errorItems(failures, ctx);
    const status = isMutant('validation-status-422') ? 422 : 400;
    const first = isMutant('top-level-code-of-last-failure') ? errors.at(-1) : errors[0];
    const title = isMutant('validation-title-generic') ? 'Bad Request' : VALIDATION_TITLE;
    return new HttpProblem(status, { status, errorCode: first?.errorCode ?? 'ERR-5001', title, errors });
  };

  const rateLimited = (retryAfterMs: number): HttpProblem => {
    if (isMutant('rate-limit-429-unstructured')) return HttpProblem.plain(429, 'Too Many Requests');
    const { code, title } = REFERENCE_CODES.rateLimited;
    const seconds = Number.isFinite(retryAfterMs) ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : 3600;
    const status = isMutant('rate-limit-503') ? 503 : 429;
    const base = simpleBody(status, code, title);
    const body =
      behaviour.rateLimitBody === 'with-detail'
        ? {
            ...base,
            detail: `More than ${resolved.rateLimit.requestsPerWindow} requests in ${resolved.rateLimit.windowSeconds} s; retry later.`,
          }
        : behaviour.rateLimitBody === 'with-retry-after'
          ? { ...base, retryAfterSeconds: seconds }
          : base;
    return new HttpProblem(
      status,
      body,
      isMutant('rate-limit-headers-sent') ? { 'Retry-After': String(seconds) } : {},
    );
  };

  /** The event as GET (and PUT's event-200 reading) shows it: the fields as sent, plus uuid. */
  const present = (stored: StoredEvent): JsonObject => {
    const shown: JsonObject = {
      ...(isMutant('get-amount-as-string') ? amountsAsText(stored.event) : stored.event),
    };
    shown.uuid = stored.uuid;
    if (isMutant('get-without-multi-currency-amounts')) delete shown.multiCurrencyAmounts;
    if (behaviour.getExtraFields === 'timestamps') {
      shown.createdAt = new Date(stored.createdAt).toISOString();
      shown.updatedAt = new Date(stored.updatedAt).toISOString();
    }
    return shown;
  };

  /** The event as it is stored: exactly as accepted (the mutants here are the ways to get that wrong). */
  const storedForm = (event: JsonObject): JsonObject => {
    if (isMutant('amount-rounded-to-cents') && typeof event.amount === 'number') {
      return { ...event, amount: Math.round(event.amount * 100) / 100 };
    }
    if (isMutant('external-id-trimmed') && typeof event.externalId === 'string') {
      return { ...event, externalId: event.externalId.trim() };
    }
    if (isMutant('non-ascii-replaced')) return asciiOnly(event) as JsonObject;
    if (isMutant('amount-stored-as-float32')) return amountsAsFloat32(event);
    if (isMutant('original-status-not-stored')) {
      const { originalStatus: _dropped, ...rest } = event;
      return rest;
    }
    return event;
  };

  /** The body of a POST or PUT, once it is known to be a JSON object. */
  const eventBody = (request: FastifyRequest): JsonObject => {
    // No Content-Type and no body: Fastify skips parsing, so the missing media type is caught here.
    if (request.body === undefined) throw referenceProblem('unsupportedContentType');
    if (!isJsonObject(request.body) && !isMutant('non-object-body-not-checked'))
      throw referenceProblem('bodyNotObject');
    return request.body as JsonObject;
  };

  /** The id of a path, normalised (UUIDs compare case-insensitively); not a UUID → the behaviour's answer. */
  const pathId = (raw: string): string => {
    if (isUuid(raw)) return raw.toLowerCase();
    if (isMutant('create-uuid-is-external-id') || isMutant('get-by-external-id-accepted')) return raw;
    throw behaviour.nonUuidPathId === 'bad-request-400' ? referenceProblem('pathIdNotUuid') : notFound();
  };

  /** A path the service does not have (ERR-9404), or a method a path of it does not support (ERR-9405). */
  const routeProblem = (request: FastifyRequest): HttpProblem => {
    const path = request.url.split('?')[0] ?? '';
    const rest = path.startsWith(`${EVENTS_PATH}/`) ? path.slice(EVENTS_PATH.length + 1) : undefined;
    const knownPath = path === EVENTS_PATH || (rest !== undefined && !rest.includes('/'));
    return referenceProblem(knownPath ? 'methodNotSupported' : 'routeNotFound');
  };

  const tenantFor = (request: FastifyRequest): KnownTenant => {
    const tenant = tenantOf.get(request);
    if (!tenant) throw new Error('request reached a handler without authentication');
    return tenant;
  };

  // --- the app -------------------------------------------------------------------------------------

  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 8192 },
    return503OnClosing: false,
    forceCloseConnections: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, _request, reply) => {
      // A path parameter too long for the router is an id no event has; a URL that cannot be decoded is a bad request.
      sendProblem(
        reply,
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? notFound() : referenceProblem('badRequest'),
      );
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    // A path or method the service does not have answers 404 whatever its body.
    if (request.is404) {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw as string);
    } catch {
      if (isMutant('malformed-json-500')) {
        done(new Error('JSON parser failed'), undefined);
        return;
      }
      const { status, errorCode } = behaviour.malformedJson;
      done(problem(status, errorCode, REFERENCE_CODES.malformedJson.title), undefined);
      return;
    }
    if (depthOf(parsed, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      done(referenceProblem('bodyTooDeep'), undefined);
      return;
    }
    done(null, parsed);
  });

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error);
    // The body of a request to a path or method the service does not have is not looked at.
    if (request.is404) return sendProblem(reply, routeProblem(request));
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(reply, referenceProblem('bodyTooLarge'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(reply, referenceProblem('unsupportedContentType'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY': {
        const { status, errorCode } = behaviour.malformedJson;
        return sendProblem(reply, problem(status, errorCode, REFERENCE_CODES.malformedJson.title));
      }
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, referenceProblem('badRequest'));
    }
    // Anything else is the server's own fault: 500 ERR-5001, and nothing of the error in the body.
    return sendProblem(reply, new HttpProblem(500, internalErrorBody()));
  });

  app.setNotFoundHandler((request, reply) => {
    sendProblem(reply, routeProblem(request));
  });

  const authenticateRequest = async (request: FastifyRequest): Promise<void> => {
    const tenant = authenticate(
      { method: request.method, headers: request.headers, remoteAddress: request.ip },
      directory,
      ctx,
    );
    tenantOf.set(request, tenant);
  };

  const applyRateLimit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (isMutant('rate-limit-removed')) return;
    if (isMutant('rate-limit-post-only') && request.method !== 'POST') return;
    const key = isMutant('rate-limit-global') ? '*' : tenantFor(request).id;
    const now = clock();
    const decision = limiter.take(key, now);
    if (isMutant('rate-limit-headers-sent')) {
      reply.header('X-RateLimit-Limit', String(capacity));
      reply.header('X-RateLimit-Remaining', String(Math.max(0, limiter.remaining(key, now))));
    }
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  };

  const guarded = { onRequest: [authenticateRequest, applyRateLimit] };

  app.post(EVENTS_PATH, guarded, async (request, reply) => {
    const tenant = tenantFor(request);
    const result = validateEvent(eventBody(request), ctx);
    if (!result.ok) throw validationProblem(result.failures);
    const event = storedForm(result.event);
    const externalId = externalIdOf(event);
    const uuid = isMutant('create-uuid-is-external-id') ? externalId : randomUUID();
    const now = clock();
    let stored: StoredEvent;
    if (isMutant('dedup-missing')) {
      stored = store.insert(tenant.id, uuid, event, now);
    } else if (isMutant('dedup-not-atomic')) {
      if (store.findByExternalId(tenant.id, externalId)) throw duplicate();
      await delay(NOT_ATOMIC_GAP_MS); // "the database round trip" between check and insert
      stored = store.insert(tenant.id, uuid, event, now);
    } else {
      const created = store.create(tenant.id, uuid, event, now);
      if ('duplicateOf' in created) {
        if (isMutant('duplicate-overwrites-original')) store.replace(created.duplicateOf, event, now);
        throw duplicate();
      }
      stored = created.created;
    }
    if (isMutant('create-body-empty'))
      return reply.code(201).header('location', `${EVENTS_PATH}/${stored.uuid}`).send();
    return reply.code(isMutant('create-returns-200') ? 200 : 201).send({ uuid: stored.uuid });
  });

  app.get<{ Params: { uuid: string } }>(`${EVENTS_PATH}/:uuid`, guarded, async (request: EventRequest) => {
    const tenant = tenantFor(request);
    const id = pathId(request.params.uuid);
    let stored = isMutant('isolation-leak-on-get') ? store.findInAnyTenant(id) : store.find(tenant.id, id);
    if (!stored && isMutant('get-by-external-id-accepted'))
      stored = store.findByExternalId(tenant.id, request.params.uuid);
    if (!stored && isMutant('isolation-403-on-get') && store.findInAnyTenant(id))
      throw problem(403, 'ERR-1003');
    if (!stored) {
      // The hurried version dereferences what it did not find.
      if (isMutant('get-unknown-uuid-500')) return present(stored as unknown as StoredEvent);
      throw notFound();
    }
    return present(stored);
  });

  app.put<{ Params: { uuid: string } }>(
    `${EVENTS_PATH}/:uuid`,
    guarded,
    async (request: EventRequest, reply) => {
      const tenant = tenantFor(request);
      const body = eventBody(request);
      const id = pathId(request.params.uuid);
      const existing = isMutant('isolation-leak-on-put')
        ? store.findInAnyTenant(id)
        : store.find(tenant.id, id);
      if (!existing && isMutant('isolation-403-on-put') && store.findInAnyTenant(id))
        throw problem(403, 'ERR-1003');
      if (!existing && !isMutant('put-creates-on-unknown-uuid')) throw notFound();
      const result = validateEvent(body, ctx);
      if (!result.ok && existing && isMutant('put-stored-before-validation'))
        store.replace(existing, body, clock(), { allowDuplicate: true }); // …and no rollback
      if (!result.ok && !isMutant('put-not-validated')) throw validationProblem(result.failures);
      const sent = storedForm(result.ok ? result.event : body);
      // put-keeps-old-payload writes the top-level fields only.
      const event =
        existing && isMutant('put-keeps-old-payload') ? withPayloadOf(existing.event, sent) : sent;
      const now = clock();
      let stored: StoredEvent;
      if (!existing) {
        // put-creates-on-unknown-uuid: an upsert.
        const created = store.create(tenant.id, id, event, now);
        if ('duplicateOf' in created) throw duplicate();
        stored = created.created;
      } else if (isMutant('put-not-applied')) {
        const holder = store.findByExternalId(existing.tenantId, externalIdOf(event));
        if (holder && holder.uuid !== existing.uuid) throw duplicate();
        stored = existing; // …and the update is never written
      } else {
        const replaced = store.replace(existing, event, now, {
          allowDuplicate: isMutant('put-duplicate-external-id-allowed'),
          keepIndex: isMutant('put-external-id-not-reindexed'),
        });
        if ('duplicateOf' in replaced) throw duplicate();
        stored = replaced.updated;
        if (isMutant('put-assigns-new-uuid')) {
          store.remove(stored);
          stored = store.insert(stored.tenantId, randomUUID(), event, now);
        }
      }
      switch (behaviour.putSuccess) {
        case 'event-200':
          return reply.code(200).send(present(stored));
        case 'uuid-200':
          return reply.code(200).send({ uuid: stored.uuid });
        case 'no-content-204':
          return reply.code(204).send();
      }
    },
  );

  const info: ReferenceAppInfo = Object.freeze({
    environment: resolved.environment,
    tenants: directory.seeded,
    allTenants: Object.freeze(directory.tenants.map((t) => t.seeded)),
    rateLimit: resolved.rateLimit,
    behaviour,
    variant: resolved.variant,
    mutant: resolved.mutant,
    listen: Object.freeze({ host: resolved.host, port: resolved.port }),
    eventCount: (clientId?: string) => store.count(clientId?.toLowerCase()),
  });
  app.decorate('reference', info);
  return app as unknown as ReferenceApp;
};

/** amount and every multiCurrencyAmounts[].amount as strings: the get-amount-as-string mutant's view. */
const amountsAsText = (event: JsonObject): JsonObject => {
  const shown: JsonObject = { ...event };
  if (typeof shown.amount === 'number') shown.amount = String(shown.amount);
  const items = shown.multiCurrencyAmounts;
  if (Array.isArray(items)) {
    shown.multiCurrencyAmounts = items.map((item: JsonValue) =>
      isJsonObject(item) && typeof item.amount === 'number' ? { ...item, amount: String(item.amount) } : item,
    );
  }
  return shown;
};

/** Every string with its characters outside ASCII as "?": the non-ascii-replaced mutant's column. */
const asciiOnly = (value: JsonValue): JsonValue => {
  if (typeof value === 'string') return value.replace(/[\u{80}-\u{10FFFF}]/gu, '?');
  if (Array.isArray(value)) return value.map(asciiOnly);
  if (isJsonObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asciiOnly(v)]));
  return value;
};

/** amount and every multiCurrencyAmounts[].amount through a 32-bit float: the amount-stored-as-float32 mutant. */
const amountsAsFloat32 = (event: JsonObject): JsonObject => {
  const stored: JsonObject = { ...event };
  if (typeof stored.amount === 'number') stored.amount = Math.fround(stored.amount);
  const items = stored.multiCurrencyAmounts;
  if (Array.isArray(items)) {
    stored.multiCurrencyAmounts = items.map((item: JsonValue) =>
      isJsonObject(item) && typeof item.amount === 'number'
        ? { ...item, amount: Math.fround(item.amount) }
        : item,
    );
  }
  return stored;
};

/** The event with the payload of another (or none, if that one had none): put-keeps-old-payload. */
const withPayloadOf = (previous: JsonObject, event: JsonObject): JsonObject => {
  const { payload: _sent, ...rest } = event;
  return Object.hasOwn(previous, 'payload') ? { ...rest, payload: previous.payload as JsonValue } : rest;
};

const withoutKey = (object: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));
