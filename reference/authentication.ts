/**
 * Part 5: the headers every request carries, GET included. The spec gives no precedence between header
 * faults (GAP-HEADER-PRECEDENCE); the reference checks, in this order, and answers the first fault:
 *
 *   1. X-Access-Token absent (or empty)                       401 ERR-1001
 *   2. X-Client-Id absent (or empty)                          400 ERR-2001
 *   3. X-Client-Id not a UUID                                 400 ERR-2002
 *   4. token unknown, of the other environment, or expired    401 ERR-1002
 *   5. token valid but X-Client-Id is another (or no) tenant  403 ERR-1003 (behaviour: or 401 ERR-1002)
 *   6. caller's address outside the tenant's IP allowlist     403 ERR-1003
 */
import { HEADERS, TOKEN_PREFIXES } from '../spec/index.ts';
import type { ReferenceContext } from './context.ts';
import { problem } from './problem.ts';
import { isUuid, type KnownTenant, TenantDirectory } from './tenants.ts';

export interface RequestCredentials {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly remoteAddress: string | undefined;
}

/** A header's value; repeated headers are joined as Node joins them, and an empty value counts as absent. */
const headerValue = (headers: RequestCredentials['headers'], name: string): string | undefined => {
  const raw = headers[name.toLowerCase()];
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  return value === undefined || value.trim() === '' ? undefined : value;
};

/** The tenant a request authenticates as, or an HttpProblem with the 7.1 body. */
export const authenticate = (
  request: RequestCredentials,
  directory: TenantDirectory,
  ctx: ReferenceContext,
): KnownTenant => {
  const { isMutant } = ctx;
  const token = headerValue(request.headers, HEADERS.accessToken);
  const clientId = headerValue(request.headers, HEADERS.clientId);
  const isGet = request.method === 'GET' || request.method === 'HEAD';
  const tokenChecked = !(isGet && isMutant('token-not-checked-on-get'));
  const tenantHeaderChecked = !(isGet && isMutant('tenant-header-not-checked-on-get'));

  if (token === undefined && tokenChecked) {
    throw isMutant('token-missing-gives-1002') ? problem(401, 'ERR-1002') : problem(401, 'ERR-1001');
  }
  if (tenantHeaderChecked) {
    if (clientId === undefined && !isMutant('tenant-header-missing-gives-2002')) {
      throw isMutant('tenant-header-missing-gives-401') ? problem(401, 'ERR-1001') : problem(400, 'ERR-2001');
    }
    if (!isUuid(clientId ?? '') && !isMutant('tenant-header-format-not-checked'))
      throw problem(isMutant('tenant-header-invalid-gives-401') ? 401 : 400, 'ERR-2002');
  }

  let tenant: KnownTenant | undefined;
  if (!tokenChecked) {
    // Mutant: a read trusts X-Client-Id alone.
    tenant = clientId === undefined ? undefined : directory.byClientId(clientId);
    if (!tenant) throw problem(403, 'ERR-1003');
  } else {
    const presented = token as string;
    let tokenTenant = directory.byAccessToken(presented);
    if (!tokenTenant && isMutant('token-other-environment-accepted'))
      tokenTenant = directory.byTokenSecret(presented);
    if (
      !tokenTenant &&
      isMutant('token-prefix-only-checked') &&
      presented.startsWith(TOKEN_PREFIXES[ctx.environment]) &&
      clientId !== undefined
    ) {
      tokenTenant = directory.byClientId(clientId);
    }
    // A token is used only in its own environment; the directory holds this environment's tokens only.
    if (!tokenTenant) throw problem(isMutant('invalid-token-gives-403') ? 403 : 401, 'ERR-1002');
    if (tokenTenant.expiresAt !== undefined && ctx.clock() >= tokenTenant.expiresAt)
      throw problem(401, 'ERR-1002');

    if (!tenantHeaderChecked) {
      tenant = tokenTenant;
    } else if (
      tokenTenant.id === (clientId as string).toLowerCase() ||
      isMutant('client-id-not-matched-to-token')
    ) {
      tenant = tokenTenant;
    } else if (isMutant('token-of-other-tenant-accepted') && directory.byClientId(clientId as string)) {
      tenant = directory.byClientId(clientId as string);
    } else {
      // GAP-FORBIDDEN-TRIGGER: the reference's trigger for ERR-1003.
      throw ctx.behaviour.tokenOfOtherTenant === 'invalid-1002'
        ? problem(401, 'ERR-1002')
        : problem(403, 'ERR-1003');
    }
  }
  if (!tenant) throw problem(403, 'ERR-1003');
  if (!TenantDirectory.admits(tenant, request.remoteAddress)) throw problem(403, 'ERR-1003');
  return tenant;
};
