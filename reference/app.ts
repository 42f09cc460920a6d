/**
 * The reference server as a Fastify app: the three endpoints of part 4 and everything around them.
 *
 * Every request to an endpoint goes through, in order:
 *   1. authentication (authentication.ts: the headers of part 5, then the IP allowlist),
 *   2. the tenant's rate limit (every authenticated request counts, whatever its outcome),
 *   3. the body (POST/PUT): Content-Type, size, JSON syntax, depth, and that it is an object,
 *   4. the path id (GET/PUT): unknown to the tenant → 404 ERR-4002,
 *   5. validation of the whole body (all failures), then deduplication.
 * A path or method the service does not have answers 404 without authentication. The handlers are in
 * handlers/, one file per endpoint or concern; a mutant replaces hooks (hooks.ts), never a handler.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { EVENTS_PATH } from '../spec/index.ts';
import { registerAnswerLog } from './answer-log.ts';
import type { ServerContext } from './context.ts';
import { EventStore } from './event-store.ts';
import { createEvent } from './handlers/create-event.ts';
import {
  answerClientError,
  frameworkErrorAnswer,
  registerErrorAnswers,
  sendProblem,
} from './handlers/error-answers.ts';
import { guardRequest } from './handlers/guard.ts';
import { type ListingQuery, listEvents, listingGuard } from './handlers/list-events.ts';
import { type ReadQuery, readEvent } from './handlers/read-event.ts';
import { BODY_LIMIT_BYTES, registerJsonBodyParser } from './handlers/request-body.ts';
import { registerSimulatedLatency } from './handlers/simulated-latency.ts';
import { updateEvent } from './handlers/update-event.ts';
import { hooksWith } from './hooks.ts';
import { mutantsByList } from './mutants.ts';
import { resolveOptions } from './options.ts';
import { TenantBudgets } from './tenant-budgets.ts';
import { TenantDirectory } from './tenants.ts';
import type { ReferenceIdentity, ReferenceServerOptions, ReferenceTenants, SeededTenant } from './types.ts';

export { BODY_LIMIT_BYTES };

export type ReferenceAppInfo = ReferenceIdentity & {
  readonly tenants: ReferenceTenants;
  readonly allTenants: readonly SeededTenant[];
  /** The host and port startReferenceServer listens on (from the options), and whether it serves HTTPS. */
  readonly listen: { readonly host: string; readonly port: number; readonly https: boolean };
  /** Events held by one tenant (by client id), or by all: lets tests prove that something created nothing. */
  eventCount(clientId?: string): number;
};

export type ReferenceApp = FastifyInstance & { readonly reference: ReferenceAppInfo };

/** The app's context: options resolved, the mutant's hooks in place, empty state. */
const contextOf = (resolved: ReturnType<typeof resolveOptions>): ServerContext => {
  const hooks = hooksWith(resolved.mutant === undefined ? undefined : mutantsByList(resolved.mutant).hooks);
  const tenants = new TenantDirectory(resolved.tenants, resolved.environment, resolved.tokenPrefix);
  return Object.freeze({
    environment: resolved.environment,
    behaviour: resolved.behaviour,
    hooks,
    clock: resolved.clock,
    tenants,
    store: new EventStore(hooks.dedupScope, hooks.dedupKey, resolved.behaviour.versions !== 'none'),
    budgets: new TenantBudgets(
      tenants.tenants,
      (name) => resolved.tenantRateLimits[name] ?? resolved.rateLimit,
      resolved.behaviour.rateLimitAlgorithm,
      hooks,
    ),
  });
};

export const buildReferenceApp = (options: ReferenceServerOptions = {}): ReferenceApp => {
  const resolved = resolveOptions(options);
  const ctx = contextOf(resolved);

  const app = Fastify({
    ...(resolved.tls ? { https: { key: resolved.tls.key, cert: resolved.tls.cert } } : {}),
    logger: false,
    bodyLimit: resolved.behaviour.bodyLimit.maxBytes,
    routerOptions: { maxParamLength: 8192 },
    return503OnClosing: false,
    forceCloseConnections: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, _request, reply) => {
      sendProblem(reply, frameworkErrorAnswer(error, ctx), ctx);
    },
  });
  app.decorateRequest('tenant', null);
  if (resolved.latency) registerSimulatedLatency(app, resolved.latency);
  const { versionHeader } = resolved.behaviour;
  if (versionHeader) {
    // GAP-VERSIONING, in a reading that names a version: on every answer.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header(versionHeader.name, versionHeader.value);
      done(null, payload);
    });
  }
  // Last of the onSend hooks: the answer as it leaves, its headers final.
  if (resolved.answersFile) registerAnswerLog(app, resolved.answersFile);
  registerJsonBodyParser(app, ctx);
  registerErrorAnswers(app, ctx);

  const guarded = { onRequest: guardRequest(ctx) };
  app.post(EVENTS_PATH, guarded, createEvent(ctx));
  app.get<{ Params: { uuid: string }; Querystring: ReadQuery }>(
    `${EVENTS_PATH}/:uuid`,
    guarded,
    readEvent(ctx),
  );
  app.put<{ Params: { uuid: string } }>(`${EVENTS_PATH}/:uuid`, guarded, updateEvent(ctx));
  // GAP-OTHER-OPERATIONS: a listing only in the readings that offer one.
  if (resolved.behaviour.listing !== 'none')
    app.get<{ Querystring: ListingQuery }>(EVENTS_PATH, { onRequest: listingGuard(ctx) }, listEvents(ctx));

  const info: ReferenceAppInfo = Object.freeze({
    environment: resolved.environment,
    tenants: ctx.tenants.seeded,
    allTenants: Object.freeze(ctx.tenants.tenants.map((t) => t.seeded)),
    rateLimit: resolved.rateLimit,
    rateLimits: Object.freeze(
      Object.fromEntries(
        ctx.tenants.tenants.map((t) => [
          t.seeded.name,
          resolved.tenantRateLimits[t.seeded.name] ?? resolved.rateLimit,
        ]),
      ),
    ),
    behaviour: resolved.behaviour,
    variant: resolved.variant,
    mutant: resolved.mutant,
    deployment: resolved.deployment,
    listen: Object.freeze({ host: resolved.host, port: resolved.port, https: resolved.tls !== undefined }),
    eventCount: (clientId?: string) => ctx.store.count(clientId?.toLowerCase()),
  });
  app.decorate('reference', info);
  return app as unknown as ReferenceApp;
};
