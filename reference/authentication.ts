/**
 * Part 5: the headers every request carries, GET included. The spec gives no precedence between header
 * faults (GAP-HEADER-PRECEDENCE); the reference checks, in this order, and answers the first fault
 * (behaviour.headerPrecedence reads it otherwise: X-Client-Id before the token, or the whole token first):
 *
 *   1. X-Access-Token absent (or empty)                       401 ERR-1001
 *   2. X-Client-Id absent (or empty)                          400 ERR-2001
 *   3. X-Client-Id not a UUID                                 400 ERR-2002
 *   4. token unknown, of the other environment, or expired    401 ERR-1002
 *   5. token valid but X-Client-Id is another (or no) tenant  403 ERR-1003 (behaviour: or 401 ERR-1002)
 *   6. caller's address outside the tenant's IP allowlist     403 ERR-1003
 *
 * Each decision a hurried implementation gets wrong is a hook (AuthenticationHooks); the reference's
 * own are AUTHENTICATION_HOOKS, and mutants/authentication.ts replaces one at a time.
 */
import { type Environment, HEADERS, isUuid, TOKEN_PREFIXES } from '../spec/index.ts';
import type { ServerContext } from './context.ts';
import { type HttpProblem, problem } from './problem.ts';
import type { KnownTenant, TenantDirectory } from './tenants.ts';

export interface RequestCredentials {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly remoteAddress: string | undefined;
  /** The header lines as sent, names in their own letter case (Node's rawHeaders: name, value, …). */
  readonly rawHeaders?: readonly string[];
}

/** Which of the two credentials a request is checked for. */
export interface CheckedCredentials {
  readonly token: boolean;
  readonly clientId: boolean;
}

export interface AuthenticationHooks {
  /** AUTH-TOKEN-PREFIX: the prefix of the tokens the server issues and accepts in an environment. */
  tokenPrefix(environment: Environment): string;
  /**
   * AUTH-TOKEN-MISSING, TENANT-HEADER-*: every request, GET included, is checked for both headers
   * (`sentToken`: X-Access-Token as it came, possibly empty).
   */
  credentialsChecked(method: string, sentToken: string | undefined): CheckedCredentials;
  /** AUTH-TOKEN-MISSING: the token a request carries, read from X-Access-Token alone (empty: none). */
  tokenOfRequest(request: RequestCredentials): string | undefined;
  /** TENANT-HEADER-MISSING: the tenant a request names, read from X-Client-Id alone (empty: none). */
  clientIdOfRequest(headers: RequestCredentials['headers']): string | undefined;
  /** AUTH-TOKEN-MISSING: 401 ERR-1001. */
  missingTokenAnswer(): HttpProblem;
  /** TENANT-HEADER-MISSING: 400 ERR-2001. */
  missingClientIdAnswer(): HttpProblem;
  /** TENANT-HEADER-NOT-UUID: whether X-Client-Id is a UUID (hex digits of either case). */
  clientIdIsUuid(clientId: string): boolean;
  /** TENANT-HEADER-NOT-UUID: 400 ERR-2002; undefined lets a malformed X-Client-Id through. */
  malformedClientIdAnswer(): HttpProblem | undefined;
  /** AUTH-TOKEN-INVALID, AUTH-TOKEN-OTHER-ENVIRONMENT: the tenant a token belongs to in this environment. */
  tokenOwner(token: string, clientId: string | undefined, tenants: TenantDirectory): KnownTenant | undefined;
  /** AUTH-TOKEN-INVALID: 401 ERR-1002. */
  unknownTokenAnswer(): HttpProblem;
  /**
   * AUTH-NOT-AUTHORIZED: the tenant a request acts as when its token belongs to one tenant and its
   * X-Client-Id names another (or none); undefined refuses it as the behaviour says.
   */
  tenantOfMismatchedClientId(
    tokenOwner: KnownTenant,
    clientId: string,
    tenants: TenantDirectory,
    method: string,
  ): KnownTenant | undefined;
}

declare module './context.ts' {
  interface ReferenceHooks extends AuthenticationHooks {}
}

/** A header's value; repeated headers are joined as Node joins them, and an empty value counts as absent. */
export const headerValue = (headers: RequestCredentials['headers'], name: string): string | undefined => {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  return value === undefined || value.trim() === '' ? undefined : value;
};

const TOKEN_HEADER = HEADERS.accessToken.toLowerCase();
const CLIENT_ID_HEADER = HEADERS.clientId.toLowerCase();

const BOTH_CREDENTIALS: CheckedCredentials = Object.freeze({ token: true, clientId: true });

export const AUTHENTICATION_HOOKS: AuthenticationHooks = Object.freeze({
  tokenPrefix: (environment: Environment) => TOKEN_PREFIXES[environment],
  credentialsChecked: () => BOTH_CREDENTIALS,
  tokenOfRequest: (request: RequestCredentials) => headerValue(request.headers, TOKEN_HEADER),
  clientIdOfRequest: (headers: RequestCredentials['headers']) => headerValue(headers, CLIENT_ID_HEADER),
  missingTokenAnswer: () => problem(401, 'ERR-1001'),
  missingClientIdAnswer: () => problem(400, 'ERR-2001'),
  clientIdIsUuid: isUuid,
  malformedClientIdAnswer: () => problem(400, 'ERR-2002'),
  // A token is used only in its own environment: the directory holds this environment's tokens only.
  tokenOwner: (token: string, _clientId: string | undefined, tenants: TenantDirectory) =>
    tenants.byAccessToken(token),
  unknownTokenAnswer: () => problem(401, 'ERR-1002'),
  tenantOfMismatchedClientId: () => undefined,
});

/** The tenant a request authenticates as, or an HttpProblem with the 7.1 body. */
export const authenticate = (request: RequestCredentials, ctx: ServerContext): KnownTenant => {
  const { hooks } = ctx;
  const token = hooks.tokenOfRequest(request);
  const clientId = hooks.clientIdOfRequest(request.headers);
  const sent = request.headers[TOKEN_HEADER];
  const checked = hooks.credentialsChecked(request.method, Array.isArray(sent) ? sent.join(', ') : sent);
  const precedence = ctx.behaviour.headerPrecedence;

  if (precedence === 'client-id-first') checkClientIdHeader(clientId, checked, ctx);
  if (checked.token && token === undefined) throw hooks.missingTokenAnswer();
  // token-first: an invalid token is reported before anything of X-Client-Id.
  const early = precedence === 'token-first' && token !== undefined && checked.token;
  const earlyOwner = early ? ownerOfToken(token, clientId, ctx) : undefined;
  if (precedence !== 'client-id-first') checkClientIdHeader(clientId, checked, ctx);

  const tenant =
    token !== undefined && checked.token
      ? tenantOfToken(
          earlyOwner ?? ownerOfToken(token, clientId, ctx),
          checked.clientId ? clientId : undefined,
          request.method,
          ctx,
        )
      : tenantOfClientId(clientId, ctx);
  if (!ctx.tenants.admits(tenant, request.remoteAddress)) throw problem(403, 'ERR-1003');
  return tenant;
};

/** TENANT-HEADER-MISSING, TENANT-HEADER-NOT-UUID, when X-Client-Id is checked at all. */
const checkClientIdHeader = (
  clientId: string | undefined,
  checked: CheckedCredentials,
  ctx: ServerContext,
): void => {
  if (!checked.clientId) return;
  if (clientId === undefined) throw ctx.hooks.missingClientIdAnswer();
  if (!ctx.hooks.clientIdIsUuid(clientId)) {
    const answer = ctx.hooks.malformedClientIdAnswer();
    if (answer) throw answer;
  }
};

/** The tenant a token belongs to, or 401 ERR-1002 for a token unknown here or expired. */
const ownerOfToken = (token: string, clientId: string | undefined, ctx: ServerContext): KnownTenant => {
  const owner = ctx.hooks.tokenOwner(token, clientId, ctx.tenants);
  if (!owner) throw ctx.hooks.unknownTokenAnswer();
  if (owner.expiresAt !== undefined && ctx.clock() >= owner.expiresAt) throw problem(401, 'ERR-1002');
  return owner;
};

/** The token's tenant, matched against X-Client-Id when that is checked. */
const tenantOfToken = (
  owner: KnownTenant,
  clientId: string | undefined,
  method: string,
  ctx: ServerContext,
): KnownTenant => {
  if (clientId === undefined || owner.id === clientId || owner.id === clientId.toLowerCase()) return owner;
  const other = ctx.hooks.tenantOfMismatchedClientId(owner, clientId, ctx.tenants, method);
  if (other) return other;
  // GAP-FORBIDDEN-TRIGGER: the reading of a valid token presented with another tenant's X-Client-Id.
  throw ctx.behaviour.tokenOfOtherTenant === 'invalid-1002'
    ? problem(401, 'ERR-1002')
    : problem(403, 'ERR-1003');
};

/** When the token is not checked, X-Client-Id alone names the tenant. */
const tenantOfClientId = (clientId: string | undefined, ctx: ServerContext): KnownTenant => {
  const tenant = clientId === undefined ? undefined : ctx.tenants.byClientId(clientId);
  if (!tenant) throw problem(403, 'ERR-1003');
  return tenant;
};
