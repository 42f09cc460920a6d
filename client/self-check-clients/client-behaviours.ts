/**
 * The self-check's clients (tenant-client.mjs) and the verdict each must get: the well-behaved ones,
 * which differ where the spec leaves freedom, certified; each mutant caught by the one rule it breaks.
 * Both the kit tests and the self-check's client rows read this list.
 */
import type { ClientRuleId } from '../../spec/client-rules.ts';

export interface ClientBehaviour {
  readonly name: string;
  /** `certified`, or the rule the client breaks (it must fail, and with --strict if a SHOULD rule). */
  readonly expect: 'certified' | ClientRuleId;
  /** Options of certify-client this client runs with, besides the command. */
  readonly options: readonly string[];
  readonly what: string;
}

const behaviour = (
  name: string,
  expect: ClientBehaviour['expect'],
  what: string,
  options: readonly string[] = [],
): ClientBehaviour => Object.freeze({ name, expect, what, options });

export const TENANT_CLIENT = 'client/self-check-clients/tenant-client.mjs';

export const EXAMPLE_CLIENT = 'client/examples/example-client.mjs';

export const CLIENT_BEHAVIOURS: readonly ClientBehaviour[] = Object.freeze([
  behaviour('fixed-delay', 'certified', 'the example: a fixed 250 ms after a 429, confirms a PUT by GET'),
  behaviour('exponential-jitter', 'certified', 'exponential delay with jitter after a 429'),
  behaviour('gives-up-after-5xx', 'certified', 'gives up after a 5xx on a PUT and reports it'),
  behaviour('paces-itself', 'certified', 'paces itself and never meets a 429 (no rate-limit fault)', [
    '--faults',
    'post-500-stored,post-timeout-stored,put-500-unapplied',
  ]),
  behaviour('repost-after-201', 'CLIENT-NO-REPOST-AFTER-201', 'POSTs an event again after its 201'),
  behaviour('update-by-repost', 'CLIENT-UPDATE-BY-PUT', 'updates an event by POSTing its externalId again'),
  behaviour('externalid-as-path', 'CLIENT-PATH-ID-IS-UUID', 'reads an event by its externalId'),
  behaviour('blind-retry-after-500', 'CLIENT-CONFIRM-BEFORE-RETRY', 'retries a POST at once after a 500'),
  behaviour(
    'blind-retry-after-timeout',
    'CLIENT-CONFIRM-BEFORE-RETRY',
    'retries a POST at once after a time-out',
    ['--faults', 'post-timeout-stored'],
  ),
  behaviour('blind-put-retry', 'CLIENT-NO-AUTO-RETRY-5XX', 'repeats a PUT at once after a 500', ['--strict']),
  behaviour('retry-429-at-once', 'CLIENT-429-DELAY', 'retries a 429 at once, in a loop', ['--strict']),
  behaviour('no-header-on-get', 'CLIENT-HEADERS-EVERY-REQUEST', 'leaves Content-Type out of its GETs'),
  behaviour('live-token', 'CLIENT-TOKEN-ENVIRONMENT', 'uses a svc_live_ token in Sandbox'),
  behaviour('token-in-query', 'CLIENT-TOKEN-NOT-IN-URL', 'puts its token in the query string too'),
]);
