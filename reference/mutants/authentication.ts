/** Mutants of part 5: the token and tenant headers. Hooks: authentication.ts. */
import { HEADERS, UUID_SOURCE } from '../../spec/index.ts';
import {
  AUTHENTICATION_HOOKS,
  type AuthenticationHooks,
  type CheckedCredentials,
  headerValue,
} from '../authentication.ts';
import { problem } from '../problem.ts';
import { mutant } from './define.ts';

const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD';
const isUpdate = (method: string): boolean => method === 'PUT';
const isWrite = (method: string): boolean => method === 'POST' || isUpdate(method);
const CLIENT_ID_ONLY: CheckedCredentials = Object.freeze({ token: false, clientId: true });
const TOKEN_ONLY: CheckedCredentials = Object.freeze({ token: true, clientId: false });
const { clientIdOfRequest, credentialsChecked, tokenOwner } = AUTHENTICATION_HOOKS;
/** What an empty X-Client-Id reads as where it is not taken for absent. */
const EMPTY_CLIENT_ID = '(empty)';

/** A lookup that falls back to comparing the sent token with each tenant's own in a looser way. */
const tokenOwnerComparing =
  (matches: (sent: string, own: string) => boolean): AuthenticationHooks['tokenOwner'] =>
  (token, clientId, tenants) =>
    tokenOwner(token, clientId, tenants) ??
    tenants.tenants.find((tenant) => matches(token, tenant.seeded.accessToken));

/** A tenant's own token as its prefix (`svc_test_`, `th_live_`: two words and an underscore each) and secret. */
const ownPrefixAndSecret = (own: string): { prefix: string; secret: string } | undefined => {
  const prefix = /^[a-z]+_[a-z]+_/.exec(own)?.[0];
  return prefix === undefined ? undefined : { prefix, secret: own.slice(prefix.length) };
};

/** A UUID pattern written with lower-case hex digits only (and no `i` flag). */
const LOWER_CASE_UUID = new RegExp(`^${UUID_SOURCE}$`);
const UUID_AT_END = new RegExp(`${UUID_SOURCE}$`, 'i');

/** The token among raw header lines (name, value, …) named exactly X-Access-Token, as a raw lookup finds it. */
const tokenBySpelling = (rawHeaders: readonly string[]): string | undefined => {
  const at = rawHeaders.findIndex((name, index) => index % 2 === 0 && name === HEADERS.accessToken);
  return at < 0 ? undefined : rawHeaders[at + 1];
};

export const AUTHENTICATION_MUTANTS = [
  mutant(
    'client-id-first-of-list',
    ['TENANT-HEADER-NOT-UUID'],
    'X-Client-Id is read as a list: its first comma-separated value is the tenant, whatever follows it.',
    { clientIdOfRequest: (headers) => clientIdOfRequest(headers)?.split(',')[0]?.trim() },
  ),
  mutant(
    'client-id-nil-as-absent',
    ['AUTH-NOT-AUTHORIZED'],
    'The nil UUID in X-Client-Id is read as no header (an optional UUID that maps nil to empty): 400 ERR-2001.',
    {
      clientIdOfRequest: (headers) => {
        const clientId = clientIdOfRequest(headers);
        return clientId === '00000000-0000-0000-0000-000000000000' ? undefined : clientId;
      },
    },
  ),
  mutant(
    'token-missing-gives-1002',
    ['AUTH-TOKEN-MISSING'],
    'A request without X-Access-Token answers 401 ERR-1002 (invalid) instead of ERR-1001 (absent).',
    { missingTokenAnswer: () => problem(401, 'ERR-1002') },
  ),
  mutant(
    'token-read-from-authorization',
    ['AUTH-TOKEN-MISSING'],
    'Without X-Access-Token, the token is read from an Authorization header (`Bearer <token>`), as the OAuth template the service began from did: a request with no X-Access-Token is served.',
    {
      tokenOfRequest: (request) =>
        AUTHENTICATION_HOOKS.tokenOfRequest(request) ??
        headerValue(request.headers, 'authorization')?.replace(/^Bearer\s+/i, ''),
    },
  ),
  mutant(
    'refused-write-applied',
    ['AUTH-TOKEN-MISSING', 'AUTH-TOKEN-INVALID'],
    "A write's credentials are checked beside its handler, not before it (an authentication call not awaited): a POST or PUT naming a tenant by X-Client-Id with no token or a wrong one is answered 401, but the event is stored, or the update applied, under that tenant.",
    { refusedAfterHandler: (method, status) => status === 401 && isWrite(method) },
  ),
  mutant(
    'missing-token-404',
    ['AUTH-TOKEN-MISSING'],
    'A request without X-Access-Token answers 404 ERR-4002, the gateway hiding the API from anonymous callers, instead of 401 ERR-1001.',
    { missingTokenAnswer: () => problem(404, 'ERR-4002') },
  ),
  mutant(
    'token-not-checked-on-get',
    ['AUTH-TOKEN-MISSING', 'AUTH-TOKEN-INVALID'],
    'GET trusts X-Client-Id alone: the token is neither required nor checked on reads.',
    {
      credentialsChecked: (method, sent) =>
        isRead(method) ? CLIENT_ID_ONLY : credentialsChecked(method, sent),
    },
  ),
  mutant(
    'token-other-environment-accepted',
    ['AUTH-TOKEN-OTHER-ENVIRONMENT'],
    "Tokens are compared without their prefix, so a tenant's secret works with the other environment's prefix.",
    {
      tokenOwner: (token, clientId, tenants) =>
        tokenOwner(token, clientId, tenants) ?? tenants.byTokenSecret(token),
    },
  ),
  mutant(
    'token-header-name-case-sensitive',
    ['AUTH-TOKEN-MISSING'],
    'The token is looked up among the raw header lines by the spelling X-Access-Token: sent as x-access-token (as HTTP/2 sends every name) it reads as absent, 401 ERR-1001.',
    {
      tokenOfRequest: ({ rawHeaders = [] }) => tokenBySpelling(rawHeaders),
    },
  ),
  mutant(
    'token-header-name-case-sensitive-on-writes',
    ['AUTH-TOKEN-MISSING'],
    'POST and PUT are served by a handler of their own that reads the raw header lines by the spelling X-Access-Token (reads go through a framework that folds names): a write whose headers are named in lower case reads as having no token, 401 ERR-1001.',
    {
      tokenOfRequest: (request) =>
        isWrite(request.method)
          ? tokenBySpelling(request.rawHeaders ?? [])
          : AUTHENTICATION_HOOKS.tokenOfRequest(request),
    },
  ),
  mutant(
    'token-other-environment-accepted-for-tenant-b',
    ['AUTH-TOKEN-OTHER-ENVIRONMENT'],
    "Tenant B's key was registered without its environment: its secret works with the other environment's prefix (tenant A's still does not).",
    {
      tokenOwner: (token, clientId, tenants) => {
        const bySecret = tenants.byTokenSecret(token);
        return tokenOwner(token, clientId, tenants) ?? (bySecret?.seeded.name === 'B' ? bySecret : undefined);
      },
    },
  ),
  mutant(
    'token-prefix-only-checked',
    ['AUTH-TOKEN-INVALID'],
    "Any token with this environment's prefix is accepted; the tenant is taken from X-Client-Id.",
    {
      tokenOwner: (token, clientId, tenants) =>
        tokenOwner(token, clientId, tenants) ??
        (token.startsWith(tenants.prefix) && clientId !== undefined
          ? tenants.byClientId(clientId)
          : undefined),
    },
  ),
  mutant(
    'tenant-header-not-checked-on-get',
    ['TENANT-HEADER-MISSING', 'TENANT-HEADER-NOT-UUID'],
    'GET ignores X-Client-Id (absent, malformed or foreign) and takes the tenant from the token.',
    {
      credentialsChecked: (method, sent) => (isRead(method) ? TOKEN_ONLY : credentialsChecked(method, sent)),
    },
  ),
  mutant(
    'tenant-read-from-x-tenant-id',
    ['TENANT-HEADER-MISSING'],
    'Without X-Client-Id, the tenant is read from an X-Tenant-Id header ("client" and "tenant" name the same thing): a request with no X-Client-Id is served.',
    {
      clientIdOfRequest: (headers) =>
        AUTHENTICATION_HOOKS.clientIdOfRequest(headers) ?? headerValue(headers, 'x-tenant-id'),
    },
  ),
  mutant(
    'tenant-header-missing-gives-401',
    ['TENANT-HEADER-MISSING'],
    'A request without X-Client-Id answers 401 ERR-1001 instead of 400 ERR-2001.',
    { missingClientIdAnswer: () => problem(401, 'ERR-1001') },
  ),
  mutant(
    'tenant-header-format-not-checked',
    ['TENANT-HEADER-NOT-UUID'],
    'X-Client-Id is not checked to be a UUID; a malformed one falls through to 403 ERR-1003 instead of 400 ERR-2002.',
    { malformedClientIdAnswer: () => undefined },
  ),
  mutant(
    'token-of-other-tenant-accepted',
    ['AUTH-NOT-AUTHORIZED'],
    "A valid token presented with another tenant's X-Client-Id acts as that other tenant.",
    { tenantOfMismatchedClientId: (_owner, clientId, tenants) => tenants.byClientId(clientId) },
  ),
  mutant(
    'invalid-token-gives-403',
    ['AUTH-TOKEN-INVALID', 'AUTH-TOKEN-OTHER-ENVIRONMENT'],
    'An unknown or foreign token answers 403 ERR-1002 ("forbidden") instead of 401 ERR-1002.',
    { unknownTokenAnswer: () => problem(403, 'ERR-1002') },
  ),
  mutant(
    'tenant-header-missing-gives-2002',
    ['TENANT-HEADER-MISSING'],
    'A missing X-Client-Id goes through the UUID check and answers 400 ERR-2002 instead of ERR-2001.',
    { missingClientIdAnswer: () => problem(400, 'ERR-2002') },
  ),
  mutant(
    'tenant-header-invalid-gives-401',
    ['TENANT-HEADER-NOT-UUID'],
    'An X-Client-Id that is not a UUID answers 401 ERR-2002 (after 7.4\'s "401: invalid X-Client-Id") instead of 400.',
    { malformedClientIdAnswer: () => problem(401, 'ERR-2002') },
  ),
  mutant(
    'token-not-checked-on-put',
    ['AUTH-TOKEN-MISSING', 'AUTH-TOKEN-INVALID'],
    'PUT trusts X-Client-Id alone: the token is neither required nor checked on updates (the write path has a filter chain of its own).',
    {
      credentialsChecked: (method, sent) =>
        isUpdate(method) ? CLIENT_ID_ONLY : credentialsChecked(method, sent),
    },
  ),
  mutant(
    'tenant-header-not-checked-on-put',
    ['TENANT-HEADER-MISSING', 'TENANT-HEADER-NOT-UUID'],
    'PUT ignores X-Client-Id (absent, malformed or foreign) and takes the tenant from the token.',
    {
      credentialsChecked: (method, sent) =>
        isUpdate(method) ? TOKEN_ONLY : credentialsChecked(method, sent),
    },
  ),
  mutant(
    'token-of-other-tenant-accepted-on-put',
    ['AUTH-NOT-AUTHORIZED', 'ISOLATION-PUT'],
    "On PUT only, a valid token presented with another tenant's X-Client-Id acts as that other tenant: the update lands in the other tenant's data.",
    {
      tenantOfMismatchedClientId: (_owner, clientId, tenants, method) =>
        isUpdate(method) ? tenants.byClientId(clientId) : undefined,
    },
  ),
  mutant(
    'token-of-other-tenant-accepted-on-post',
    ['AUTH-NOT-AUTHORIZED'],
    "On POST only, a valid token presented with another tenant's X-Client-Id acts as that other tenant: authorization is an ownership check of GET and PUT, and a creation has no event to own.",
    {
      tenantOfMismatchedClientId: (_owner, clientId, tenants, method) =>
        method === 'POST' ? tenants.byClientId(clientId) : undefined,
    },
  ),
  mutant(
    'events-keyed-by-client-id-as-sent',
    ['RETRIEVE-RETURNS-EVENT'],
    "The tenant is looked up by X-Client-Id case-insensitively (a uuid column), but its events are keyed by the header as sent: an event created with the tenant's id in upper case is stored apart, and the tenant's own GET does not find it.",
    {
      tokenOwner: (token, clientId, tenants) => {
        const owner = AUTHENTICATION_HOOKS.tokenOwner(token, clientId, tenants);
        const spelledOtherwise =
          owner && clientId && clientId !== owner.id && clientId.toLowerCase() === owner.id;
        return spelledOtherwise ? { ...owner, id: clientId } : owner;
      },
      // The limiter counts the tenant found, whatever the spelling: only the events are keyed apart.
      rateLimitKey: (tenantId) => tenantId.toLowerCase(),
    },
  ),
  mutant(
    'forbidden-write-applied',
    ['AUTH-NOT-AUTHORIZED'],
    "A write's authorization is checked beside its handler, not before it: a POST or PUT refused 403 (one tenant's token with another tenant's X-Client-Id, or an address the allowlist refuses) is answered so, but the event is stored, or the update applied, under the tenant X-Client-Id names.",
    { refusedAfterHandler: (method, status) => status === 403 && isWrite(method) },
  ),
  mutant(
    'token-compared-case-insensitively',
    ['AUTH-TOKEN-INVALID'],
    "Tokens are looked up under a case-insensitive collation: the tenant's token in other letter case is accepted.",
    { tokenOwner: tokenOwnerComparing((sent, own) => sent.toLowerCase() === own.toLowerCase()) },
  ),
  mutant(
    'token-secret-case-insensitive',
    ['AUTH-TOKEN-INVALID'],
    "A token's prefix is compared exactly, its secret under a case-insensitive collation: the tenant's secret in the other letter case is accepted.",
    {
      tokenOwner: tokenOwnerComparing((sent, own) => {
        const parts = ownPrefixAndSecret(own);
        return (
          parts !== undefined &&
          sent.startsWith(parts.prefix) &&
          sent.slice(parts.prefix.length).toLowerCase() === parts.secret.toLowerCase()
        );
      }),
    },
  ),
  mutant(
    'token-first-word',
    ['AUTH-TOKEN-INVALID'],
    "The token header is split on white space and its first word taken: the tenant's token followed by a space and anything is accepted.",
    { tokenOwner: tokenOwnerComparing((sent, own) => sent.split(/\s+/)[0] === own) },
  ),
  mutant(
    'token-starts-with-compare',
    ['AUTH-TOKEN-INVALID'],
    "A token is accepted when it starts with a tenant's token (a startsWith compare): characters appended are ignored.",
    { tokenOwner: tokenOwnerComparing((sent, own) => sent.startsWith(own)) },
  ),
  mutant(
    'token-bearer-scheme-stripped',
    ['AUTH-TOKEN-INVALID'],
    'The token header is read by a parser shared with an Authorization header: a leading "Bearer " is stripped, so the tenant\'s token after the scheme is accepted.',
    { tokenOwner: tokenOwnerComparing((sent, own) => sent.replace(/^Bearer /, '') === own) },
  ),
  mutant(
    'token-compared-over-shorter-length',
    ['AUTH-TOKEN-INVALID'],
    "Tokens are compared over the shorter one's length: the tenant's token missing its last characters is accepted.",
    {
      tokenOwner: tokenOwnerComparing((sent, own) => sent.length > own.length / 2 && own.startsWith(sent)),
    },
  ),
  mutant(
    'client-id-upper-case-not-uuid',
    ['TENANT-HEADER-NOT-UUID'],
    'X-Client-Id is matched against a UUID pattern of lower-case hex digits: a UUID in upper case is refused with 400 ERR-2002.',
    { clientIdIsUuid: (clientId) => LOWER_CASE_UUID.test(clientId) },
  ),
  mutant(
    'token-prefix-optional',
    ['AUTH-TOKEN-INVALID'],
    "Secrets are stored without their prefix, and a token's prefix is stripped when present: the tenant's bare secret is accepted.",
    { tokenOwner: tokenOwnerComparing((sent, own) => ownPrefixAndSecret(own)?.secret === sent) },
  ),
  mutant(
    'token-prefix-case-insensitive',
    ['AUTH-TOKEN-INVALID'],
    "A token's prefix is compared case-insensitively: SVC_TEST_ before the tenant's secret is accepted.",
    {
      tokenOwner: tokenOwnerComparing((sent, own) => {
        const parts = ownPrefixAndSecret(own);
        return (
          parts !== undefined &&
          sent.length === own.length &&
          sent.slice(0, parts.prefix.length).toLowerCase() === parts.prefix.toLowerCase() &&
          sent.slice(parts.prefix.length) === parts.secret
        );
      }),
    },
  ),
  mutant(
    'client-id-pattern-unanchored-start',
    ['TENANT-HEADER-NOT-UUID'],
    'X-Client-Id is matched against a UUID pattern anchored at its end only: text before a UUID ("tenant=<uuid>") passes it and falls through to 403 ERR-1003 instead of 400 ERR-2002.',
    { clientIdIsUuid: (clientId) => UUID_AT_END.test(clientId) },
  ),
  mutant(
    'empty-client-id-served',
    ['TENANT-HEADER-MISSING'],
    "An empty X-Client-Id passes a check of the header's truthiness (`if (clientId && clientId !== owner.id)`): the request is served as the token's tenant; an absent one still answers 400 ERR-2001.",
    {
      clientIdOfRequest: (headers) =>
        headers['x-client-id'] === '' ? EMPTY_CLIENT_ID : clientIdOfRequest(headers),
      clientIdIsUuid: (clientId) =>
        clientId === EMPTY_CLIENT_ID || AUTHENTICATION_HOOKS.clientIdIsUuid(clientId),
      tenantOfMismatchedClientId: (owner, clientId) => (clientId === EMPTY_CLIENT_ID ? owner : undefined),
    },
  ),
  mutant(
    'empty-token-skips-authentication',
    ['AUTH-TOKEN-MISSING'],
    'An empty X-Access-Token passes the presence check but not the lookup it guards (`if (token)`): the request is served as the tenant of X-Client-Id.',
    {
      credentialsChecked: (method, sentToken) =>
        sentToken?.trim() === '' ? CLIENT_ID_ONLY : credentialsChecked(method, sentToken),
    },
  ),
  mutant(
    'client-id-not-matched-to-token',
    ['AUTH-NOT-AUTHORIZED'],
    "The tenant is taken from the token; X-Client-Id is checked to be a UUID but never matched to the token's tenant.",
    { tenantOfMismatchedClientId: (owner) => owner },
  ),
];
