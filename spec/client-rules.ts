/**
 * The spec's rules for the *client* (the tenant's integration), with a stable id each: what
 * `fei-kit certify-client` grades from the traffic it records. Facts only: the sentence each rests on,
 * whether the spec says "must" or "should", and the part it comes from. An id is never renamed or reused.
 */
import type { SpecPart } from './rules.ts';

/** MUST rules fail a client certificate; SHOULD rules are advisories unless the user asks for strict. */
export type ClientRuleLevel = 'must' | 'should';

export interface ClientRule<Id extends string = string> {
  readonly id: Id;
  readonly level: ClientRuleLevel;
  readonly part: SpecPart;
  readonly title: string;
  /** The spec's own words the rule rests on, verbatim but for Markdown (a table row's cells run on). */
  readonly statement: string;
  /** What the client must have done for the rule to be graded at all ("not exercised" otherwise). */
  readonly exercisedBy: string;
}

const clientRule = <const Id extends string>(input: ClientRule<Id>): ClientRule<Id> => Object.freeze(input);

export const CLIENT_RULES = Object.freeze([
  clientRule({
    id: 'CLIENT-HEADERS-EVERY-REQUEST',
    level: 'must',
    part: 'authentication',
    title: 'Every request carries X-Client-Id (a UUID), X-Access-Token and Content-Type: application/json',
    statement:
      'Every request, GET included, carries the three headers of part 5. X-Client-Id Tenant identifier; must be a valid UUID. X-Access-Token The access token (API key) of the tenant for that environment. Content-Type application/json',
    exercisedBy: 'any request',
  }),
  clientRule({
    id: 'CLIENT-BODY-IS-JSON',
    level: 'must',
    part: 'endpoints',
    title: 'POST and PUT bodies are JSON',
    statement: 'Bodies are JSON.',
    exercisedBy: 'a POST or a PUT',
  }),
  clientRule({
    id: 'CLIENT-TOKEN-ENVIRONMENT',
    level: 'must',
    part: 'authentication',
    title: 'A token is used only in its own environment (svc_test_ in Sandbox, svc_live_ in Production)',
    statement:
      'Token prefixes: svc_live_ for Production, svc_test_ for Sandbox. A token is used only in its own environment.',
    exercisedBy: 'a request with a token',
  }),
  clientRule({
    id: 'CLIENT-TOKEN-NOT-IN-URL',
    level: 'must',
    part: 'authentication',
    title: 'The token travels in its header only, never in a URL',
    statement:
      'Credentials must not be exposed in client-side code or public repositories, must not be shared across environments, and must be rotated immediately if compromise is suspected.',
    exercisedBy: 'any request',
  }),
  clientRule({
    id: 'CLIENT-PATH-ID-IS-UUID',
    level: 'must',
    part: 'fields',
    title: 'GET and PUT address an event by its uuid, not by its externalId',
    statement:
      'uuid string (UUID) Internal identifier of the created event. It is the identifier used in paths, not externalId.',
    exercisedBy: 'a GET or a PUT of an event',
  }),
  clientRule({
    id: 'CLIENT-UPDATE-BY-PUT',
    level: 'must',
    part: 'endpoints',
    title: 'An event is updated by PUT, never by re-POSTing its externalId with new content',
    statement: 'PUT is the way to update an existing event. Re-POSTing the same externalId is not.',
    exercisedBy: 'an update (a PUT, or a POST of an externalId already created)',
  }),
  clientRule({
    id: 'CLIENT-NO-REPOST-AFTER-201',
    level: 'must',
    part: 'endpoints',
    title: 'A POST that returned 201 is not sent again with the same externalId',
    statement: 'A client must not retry a POST that returned 201 with the same externalId.',
    exercisedBy: 'a POST answered 201',
  }),
  clientRule({
    id: 'CLIENT-CONFIRM-BEFORE-RETRY',
    level: 'must',
    part: 'endpoints',
    title:
      'After a 5xx or a time-out, a POST is retried only once the client has checked the event was not created',
    statement:
      'After a 5xx or a time-out, it may retry with the same externalId only once it has confirmed (for example by GET when a UUID is known) that the event was not created.',
    exercisedBy: 'a POST answered 5xx or abandoned by the client before its answer',
  }),
  clientRule({
    id: 'CLIENT-NO-AUTO-RETRY-5XX',
    level: 'should',
    part: 'errors',
    title: 'After a 5xx with no confirmed persistence, the request is not repeated automatically',
    statement:
      "A 5xx with no confirmed persistence should be reported to the provider's support with the full request and timestamp. The client should not retry automatically.",
    exercisedBy: 'a request answered 5xx',
  }),
  clientRule({
    id: 'CLIENT-429-DELAY',
    level: 'should',
    part: 'limits',
    title: 'A 429 is retried only after a delay (fixed or exponential)',
    statement: 'Clients should retry a 429 with a fixed or exponential delay.',
    exercisedBy: 'a request answered 429',
  }),
] as const);

export type ClientRuleId = (typeof CLIENT_RULES)[number]['id'];

export const clientRuleById = (id: ClientRuleId): ClientRule<ClientRuleId> =>
  CLIENT_RULES.find((r) => r.id === id) as ClientRule<ClientRuleId>;
