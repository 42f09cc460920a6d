/** For a person reading a failed client certificate: how to fix each rule's failure (not a spec fact). */
import type { ClientRuleId } from '../spec/client-rules.ts';

export const RULE_ADVICE: Readonly<Record<ClientRuleId, string>> = Object.freeze({
  'CLIENT-HEADERS-EVERY-REQUEST':
    'Set the three headers in the one place your HTTP layer builds every request; many libraries drop Content-Type on a GET unless told.',
  'CLIENT-BODY-IS-JSON': 'Serialise the event with a JSON library, never by string concatenation.',
  'CLIENT-TOKEN-ENVIRONMENT':
    'Keep one credential per environment in your configuration, chosen together with the base address.',
  'CLIENT-TOKEN-NOT-IN-URL':
    'Send the token only in X-Access-Token: URLs end up in logs, proxies and histories. Rotate a token that was sent in one.',
  'CLIENT-PATH-ID-IS-UUID':
    'Keep the uuid the 201 returned and use it in paths; externalId is your reference, not the service’s.',
  'CLIENT-UPDATE-BY-PUT': 'Update an event with PUT …/financial-events/{uuid}.',
  'CLIENT-NO-REPOST-AFTER-201':
    'Treat a 201 as done: make your job’s retry logic skip the events it has already created.',
  'CLIENT-CONFIRM-BEFORE-RETRY':
    'After a 5xx or a time-out on a POST, do not send it again: report it to the provider’s support with the request and its time, and retry only once you have confirmed the event does not exist.',
  'CLIENT-NO-AUTO-RETRY-5XX':
    'Report a 5xx with the full request and its time; for a PUT, read the event first and send the update again only if it did not apply.',
  'CLIENT-429-DELAY':
    'Wait before retrying a 429: a fixed delay, or doubling from a few hundred milliseconds (with jitter if many workers share the tenant).',
});
