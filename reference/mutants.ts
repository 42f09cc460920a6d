/**
 * Mutants: the reference server with exactly one rule deliberately broken, chosen by name. Each is the
 * kind of mistake a hurried implementation of the service would really contain, and each lives in the
 * server as one `ctx.isMutant('name')` check at the exact line where the rule is applied (grep for the
 * name to find it), never as a copy of the server.
 *
 * `catchingRules` are the rule ids of spec/rules.ts whose checks should catch the mutant; a mutant
 * caught only by other checks is "weakly caught" in the self-check.
 */

import type { RuleId } from '../spec/index.ts';

export interface MutantDefinition {
  readonly name: string;
  readonly description: string;
  readonly catchingRules: readonly RuleId[];
}

const mutant = <const N extends string>(
  name: N,
  catchingRules: readonly RuleId[],
  description: string,
): MutantDefinition & { readonly name: N } => Object.freeze({ name, description, catchingRules });

const CATALOG = [
  // Part 5: authentication and tenant headers
  mutant(
    'token-missing-gives-1002',
    ['AUTH-TOKEN-MISSING'],
    'A request without X-Access-Token answers 401 ERR-1002 (invalid) instead of ERR-1001 (absent).',
  ),
  mutant(
    'token-not-checked-on-get',
    ['AUTH-TOKEN-MISSING', 'AUTH-TOKEN-INVALID'],
    'GET trusts X-Client-Id alone: the token is neither required nor checked on reads.',
  ),
  mutant(
    'token-other-environment-accepted',
    ['AUTH-TOKEN-OTHER-ENVIRONMENT'],
    "Tokens are compared without their prefix, so a tenant's secret works with the other environment's prefix.",
  ),
  mutant(
    'token-prefix-only-checked',
    ['AUTH-TOKEN-INVALID'],
    "Any token with this environment's prefix is accepted; the tenant is taken from X-Client-Id.",
  ),
  mutant(
    'tenant-header-not-checked-on-get',
    ['TENANT-HEADER-MISSING', 'TENANT-HEADER-NOT-UUID'],
    'GET ignores X-Client-Id (absent, malformed or foreign) and takes the tenant from the token.',
  ),
  mutant(
    'tenant-header-missing-gives-401',
    ['TENANT-HEADER-MISSING'],
    'A request without X-Client-Id answers 401 ERR-1001 instead of 400 ERR-2001.',
  ),
  mutant(
    'tenant-header-format-not-checked',
    ['TENANT-HEADER-NOT-UUID'],
    'X-Client-Id is not checked to be a UUID; a malformed one falls through to 403 ERR-1003 instead of 400 ERR-2002.',
  ),
  mutant(
    'token-of-other-tenant-accepted',
    ['AUTH-NOT-AUTHORIZED'],
    "A valid token presented with another tenant's X-Client-Id acts as that other tenant.",
  ),
  mutant(
    'invalid-token-gives-403',
    ['AUTH-TOKEN-INVALID', 'AUTH-TOKEN-OTHER-ENVIRONMENT'],
    'An unknown or foreign token answers 403 ERR-1002 ("forbidden") instead of 401 ERR-1002.',
  ),
  mutant(
    'tenant-header-missing-gives-2002',
    ['TENANT-HEADER-MISSING'],
    'A missing X-Client-Id goes through the UUID check and answers 400 ERR-2002 instead of ERR-2001.',
  ),
  mutant(
    'tenant-header-invalid-gives-401',
    ['TENANT-HEADER-NOT-UUID'],
    'An X-Client-Id that is not a UUID answers 401 ERR-2002 (after 7.4\'s "401: invalid X-Client-Id") instead of 400.',
  ),
  mutant(
    'client-id-not-matched-to-token',
    ['AUTH-NOT-AUTHORIZED'],
    "The tenant is taken from the token; X-Client-Id is checked to be a UUID but never matched to the token's tenant.",
  ),
  // Part 2: field validation
  mutant(
    'external-id-empty-accepted',
    ['VAL-EXTERNAL-ID-REQUIRED'],
    'externalId is checked for presence only; an empty string is accepted.',
  ),
  mutant(
    'type-case-insensitive',
    ['VAL-TYPE-ENUM'],
    'type is compared case-insensitively, so internal_payin is accepted.',
  ),
  mutant(
    'country-lowercase-accepted',
    ['VAL-COUNTRY-ISO3166'],
    'countryCode is upper-cased before the ISO 3166-1 lookup, so "de" is accepted.',
  ),
  mutant(
    'country-alpha3-accepted',
    ['VAL-COUNTRY-ISO3166'],
    'countryCode accepts ISO 3166-1 alpha-3 codes (DEU) as well as alpha-2.',
  ),
  mutant(
    'currency-any-three-letters',
    ['VAL-CURRENCY-ISO4217'],
    'currencyCode is checked against /^[A-Z]{3}$/ instead of the ISO 4217 list, so ABC is accepted.',
  ),
  mutant(
    'currency-lowercase-accepted',
    ['VAL-CURRENCY-ISO4217'],
    'currencyCode is upper-cased before the ISO 4217 lookup, so "eur" is accepted.',
  ),
  mutant('amount-zero-accepted', ['VAL-AMOUNT-POSITIVE'], 'amount is checked with >= 0, so 0 is accepted.'),
  mutant(
    'amount-negative-accepted',
    ['VAL-AMOUNT-POSITIVE'],
    'amount is only checked to be non-zero, so negative amounts are accepted.',
  ),
  mutant(
    'amount-string-accepted',
    ['GAP-WRONG-JSON-TYPE'],
    'amount is coerced with Number(), so the string "12.5" is accepted (and stored as a string).',
  ),
  mutant(
    'status-case-insensitive',
    ['VAL-STATUS-ENUM'],
    'status is compared case-insensitively, so "pending" is accepted.',
  ),
  mutant(
    'channel-not-validated',
    ['VAL-CHANNEL-ENUM'],
    'payload.channel is never checked against CASH, ONLINE, CRYPTO.',
  ),
  mutant(
    'mca-only-first-item-validated',
    ['VAL-MCA-CURRENCY-ISO4217', 'VAL-MCA-AMOUNT-POSITIVE'],
    'Only multiCurrencyAmounts[0] is validated; faults in later items pass.',
  ),
  mutant(
    'mca-currency-not-validated',
    ['VAL-MCA-CURRENCY-ISO4217'],
    'multiCurrencyAmounts[].currencyCode is never checked against ISO 4217.',
  ),
  mutant(
    'mca-amount-zero-accepted',
    ['VAL-MCA-AMOUNT-POSITIVE'],
    'multiCurrencyAmounts[].amount is checked with >= 0, so 0 is accepted.',
  ),
  mutant(
    'payin-payout-codes-swapped',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS', 'VAL-PAYOUT-NO-PAYIN-FIELDS'],
    'ERR-3009 and ERR-3010 are swapped: a payout field in a payin gives ERR-3010 and the reverse ERR-3009.',
  ),
  mutant(
    'payout-fields-allowed-in-payin',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS'],
    'beneficiary* fields are accepted in an INTERNAL_PAYIN payload.',
  ),
  mutant(
    'payin-fields-allowed-in-payout',
    ['VAL-PAYOUT-NO-PAYIN-FIELDS'],
    'payer* fields are accepted in an INTERNAL_PAYOUT payload.',
  ),
  mutant(
    'payload-unknown-property-accepted',
    ['VAL-PAYLOAD-UNKNOWN-PROPERTY'],
    'Unknown payload properties are accepted (additionalProperties left open).',
  ),
  mutant(
    'empty-payload-rejected',
    ['VAL-PAYLOAD-EMPTY-ACCEPTED'],
    'payload.channel is treated as required, so an empty payload object gives ERR-3011.',
  ),
  mutant(
    'external-id-missing-accepted',
    ['VAL-EXTERNAL-ID-REQUIRED'],
    'externalId is checked only when present: a body without it is accepted (and stored without one).',
  ),
  mutant(
    'country-any-two-letters',
    ['VAL-COUNTRY-ISO3166'],
    'countryCode is checked against /^[A-Z]{2}$/ instead of the ISO 3166-1 list, so JJ is accepted.',
  ),
  mutant(
    'channel-case-insensitive',
    ['VAL-CHANNEL-ENUM'],
    'payload.channel is upper-cased before the check, so "cash" is accepted.',
  ),
  mutant(
    'exclusivity-name-fields-only',
    ['VAL-PAYIN-NO-PAYOUT-FIELDS', 'VAL-PAYOUT-NO-PAYIN-FIELDS'],
    'Payin/payout exclusivity is checked for payerName and beneficiaryName only; the *PersonalIdType and *PersonalId fields pass in the wrong type.',
  ),
  mutant(
    'mca-currency-code-reported-as-3004',
    ['VAL-MCA-CURRENCY-ISO4217'],
    'multiCurrencyAmounts[].currencyCode is checked by the currencyCode helper, so its fault is reported as ERR-3004 instead of ERR-3007.',
  ),
  // Part 7.2: the all-failures body
  mutant(
    'only-first-failure-returned',
    ['VAL-ALL-FAILURES'],
    'Validation stops at the first failure: errors[] holds one item however many faults the body has.',
  ),
  mutant(
    'top-level-code-of-last-failure',
    ['VAL-BODY-SHAPE'],
    'The top-level errorCode is the code of the last failure instead of the first.',
  ),
  mutant(
    'validation-title-generic',
    ['VAL-BODY-SHAPE'],
    'The validation body title is "Bad Request" instead of saying that validation errors occurred.',
  ),
  mutant('validation-status-422', ['VAL-STATUS-400'], 'Body validation failures answer 422 instead of 400.'),
  mutant(
    'validation-errors-without-field',
    ['VAL-BODY-SHAPE'],
    'errors[] items carry errorCode and message but no field.',
  ),
  mutant(
    'validation-errors-one-per-code',
    ['VAL-ALL-FAILURES'],
    'errors[] is collected in a map keyed by errorCode: of several failures with one code only the first is returned.',
  ),
  // Part 4: creation, retrieval, update
  mutant('create-returns-200', ['CREATE-RETURNS-UUID'], 'POST of a valid event answers 200 instead of 201.'),
  mutant(
    'create-uuid-is-external-id',
    ['CREATE-RETURNS-UUID', 'PATH-ID-IS-UUID'],
    'The event is keyed by its externalId: POST returns {uuid: externalId} and paths take the externalId.',
  ),
  mutant(
    'get-by-external-id-accepted',
    ['PATH-ID-IS-UUID'],
    'GET also finds an event by its externalId in the path.',
  ),
  mutant(
    'get-unknown-uuid-500',
    ['RETRIEVE-UNKNOWN-404'],
    'GET of an unknown uuid dereferences the missing event and answers 500 ERR-5001.',
  ),
  mutant(
    'get-amount-as-string',
    ['RETRIEVE-RETURNS-EVENT'],
    'GET returns amount and multiCurrencyAmounts[].amount as strings (a decimal column serialised as text).',
  ),
  mutant(
    'amount-rounded-to-cents',
    ['RETRIEVE-RETURNS-EVENT'],
    'amount is stored rounded to two decimals, so 1.239 comes back as 1.24.',
  ),
  mutant(
    'external-id-trimmed',
    ['RETRIEVE-RETURNS-EVENT'],
    'externalId is stored trimmed, so " a " comes back as "a".',
  ),
  mutant(
    'original-status-not-stored',
    ['RETRIEVE-RETURNS-EVENT'],
    'originalStatus is accepted but not stored; GET returns the event without it.',
  ),
  mutant(
    'put-not-applied',
    ['UPDATE-APPLIES'],
    'PUT validates and answers success but does not store the new values.',
  ),
  mutant(
    'put-assigns-new-uuid',
    ['UPDATE-APPLIES'],
    'PUT stores the update under a new uuid; the old uuid then answers 404.',
  ),
  mutant('put-not-validated', ['UPDATE-VALIDATES'], 'PUT stores its body without validating it.'),
  mutant(
    'put-creates-on-unknown-uuid',
    ['UPDATE-UNKNOWN-404'],
    'PUT of an unknown uuid creates the event under that uuid (an upsert) instead of 404 ERR-4002.',
  ),
  mutant(
    'create-body-empty',
    ['CREATE-RETURNS-UUID'],
    'POST answers 201 with an empty body and the event in a Location header, instead of a JSON body holding uuid.',
  ),
  mutant(
    'unknown-event-generic-404',
    ['RETRIEVE-UNKNOWN-404', 'UPDATE-UNKNOWN-404'],
    "An unknown uuid falls through to the router's generic 404 ERR-9404 instead of 404 ERR-4002.",
  ),
  mutant(
    'get-without-multi-currency-amounts',
    ['RETRIEVE-RETURNS-EVENT'],
    'GET leaves out multiCurrencyAmounts (kept in a table of its own that the read does not join).',
  ),
  mutant(
    'non-ascii-replaced',
    ['RETRIEVE-RETURNS-EVENT'],
    'Strings are stored in a single-byte column: every character outside ASCII comes back as "?".',
  ),
  mutant(
    'amount-stored-as-float32',
    ['RETRIEVE-RETURNS-EVENT'],
    'Amounts are stored as 32-bit floats (a REAL column): 136.2 comes back as 136.1999969482422.',
  ),
  mutant(
    'put-stored-before-validation',
    ['UPDATE-VALIDATES'],
    'PUT writes its body before validating it: an invalid PUT answers 400 but the stored event has changed.',
  ),
  mutant(
    'put-keeps-old-payload',
    ['UPDATE-APPLIES'],
    'PUT updates the top-level fields but keeps the stored payload (kept in a column the update does not write).',
  ),
  // Deduplication
  mutant('dedup-missing', ['DEDUP-EXTERNAL-ID'], 'No deduplication: every POST creates a new event.'),
  mutant(
    'duplicate-overwrites-original',
    ['DEDUP-EXTERNAL-ID'],
    'A duplicate POST answers 400 ERR-4001 but has already replaced the stored event with its body.',
  ),
  mutant('duplicate-gives-409', ['DEDUP-EXTERNAL-ID'], 'A duplicate externalId answers 409 instead of 400.'),
  mutant(
    'dedup-global-across-tenants',
    ['DEDUP-PER-TENANT'],
    'externalId is unique across all tenants instead of per tenant.',
  ),
  mutant(
    'dedup-not-atomic',
    ['DEDUP-CONCURRENT'],
    'Check-then-insert across an await: simultaneous POSTs of one new externalId can all succeed.',
  ),
  mutant(
    'put-duplicate-external-id-allowed',
    ['DEDUP-EXTERNAL-ID'],
    "PUT may change an event's externalId to one another event of the tenant already holds.",
  ),
  mutant(
    'dedup-case-insensitive',
    ['DEDUP-EXTERNAL-ID'],
    'externalIds are compared case-insensitively (a case-insensitive collation): "ABC" is a duplicate of "abc".',
  ),
  mutant(
    'put-external-id-not-reindexed',
    ['DEDUP-EXTERNAL-ID'],
    'A PUT that changes externalId leaves the dedup index on the old one: the new externalId can be POSTed again.',
  ),
  // Isolation
  mutant(
    'isolation-leak-on-get',
    ['ISOLATION-GET'],
    "GET finds events of every tenant: another tenant's uuid returns its event.",
  ),
  mutant(
    'isolation-leak-on-put',
    ['ISOLATION-PUT'],
    "PUT finds events of every tenant: another tenant's event is overwritten.",
  ),
  mutant(
    'isolation-403-on-get',
    ['ISOLATION-GET'],
    "GET of another tenant's uuid answers 403 ERR-1003, revealing that it exists.",
  ),
  mutant(
    'isolation-403-on-put',
    ['ISOLATION-PUT'],
    "PUT of another tenant's uuid answers 403 ERR-1003, revealing that it exists.",
  ),
  // Part 7: error bodies
  mutant(
    'error-status-as-string',
    ['ERROR-BODY-SHAPE'],
    'Simple error bodies carry status as a string ("404") instead of an integer.',
  ),
  mutant(
    'error-code-lowercase',
    ['ERROR-BODY-SHAPE'],
    'Simple error bodies carry errorCode in lower case (err-4002).',
  ),
  mutant(
    'not-found-plain-text',
    ['ERROR-BODY-SHAPE', 'RETRIEVE-UNKNOWN-404'],
    'The 404 for an unknown uuid is a text/plain "Not Found" instead of a JSON body.',
  ),
  mutant(
    'malformed-json-500',
    ['REQUEST-MALFORMED-400'],
    'A body that is not JSON escapes the parser and answers 500 ERR-5001.',
  ),
  mutant(
    'error-title-missing',
    ['ERROR-BODY-SHAPE'],
    'Simple error bodies carry the text as message instead of title.',
  ),
  mutant(
    'non-object-body-not-checked',
    ['GAP-MALFORMED-JSON'],
    'A JSON body is not checked to be an object: null reaches the validator, which fails on it with 500 ERR-5001.',
  ),
  // Part 8: rate limit
  mutant('rate-limit-removed', ['RATE-LIMIT-429'], 'No rate limit at all.'),
  mutant(
    'rate-limit-global',
    ['RATE-LIMIT-PER-TENANT'],
    'One budget shared by every tenant instead of one per tenant.',
  ),
  mutant(
    'rate-limit-post-only',
    ['RATE-LIMIT-ALL-REQUESTS'],
    'Only POSTs count toward the limit; GETs, PUTs and failed requests are free.',
  ),
  mutant(
    'rate-limit-ten-times-too-low',
    ['RATE-LIMIT-429'],
    'The limit is a tenth of the configured requests per window.',
  ),
  mutant(
    'rate-limit-headers-sent',
    ['RATE-LIMIT-NO-HEADERS'],
    'Responses carry X-RateLimit-Limit/Remaining, and a 429 carries Retry-After.',
  ),
  mutant(
    'rate-limit-429-unstructured',
    ['RATE-LIMIT-429', 'ERROR-BODY-SHAPE'],
    'A 429 answers text/plain "Too Many Requests" instead of a structured JSON body.',
  ),
  mutant(
    'rate-limit-never-resets',
    ['RATE-LIMIT-WINDOW-RESET'],
    'The window never ends: once throttled, a tenant stays throttled.',
  ),
  mutant(
    'rate-limit-503',
    ['RATE-LIMIT-429'],
    'A throttled request answers 503 (as the gateway does) instead of 429.',
  ),
] as const;

export type MutantName = (typeof CATALOG)[number]['name'];

export const MUTANTS: readonly MutantDefinition[] = Object.freeze([...CATALOG]);

export const MUTANT_NAMES: readonly MutantName[] = Object.freeze(CATALOG.map((m) => m.name));

export const isMutantName = (name: string): name is MutantName =>
  (MUTANT_NAMES as readonly string[]).includes(name);

/** The mutant of a name; throws a clear error listing the known names for an unknown one. */
export const mutantByName = (name: string): MutantDefinition & { readonly name: MutantName } => {
  const found = CATALOG.find((m) => m.name === name);
  if (!found) {
    throw new Error(`Unknown reference mutant "${name}". Known mutants: ${MUTANT_NAMES.join(', ')}`);
  }
  return found;
};
