/**
 * The counter's axes (oracle/rate-limit-counter.ts): each kind of request a hurried limiter could key or
 * count apart, alone. Methods alone (GET, PUT, POST), answers of each kind alone (success, 400, 404, a
 * duplicate), requests without a body, and the tenant's id in each spelling the deployment takes as the
 * tenant. A 401 is not among them: whether a request that failed authentication is the tenant's, and
 * counts, the spec does not say. Every probe is of the rate-limit tenant; the counted kind they alternate
 * with is a valid POST, which the limit surely counts (RATE-LIMIT-429 shows it).
 */
import type { CounterAxis } from '../../oracle/index.ts';
import { EVENTS_PATH, eventPath, HEADERS } from '../../spec/index.ts';
import { type EventBody, validPayin, withField } from '../samples/sample-events.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { rateLimitTenantActivity } from './rate-limit-burst.ts';

/** An axis and its probes. */
export interface CounterProbe {
  readonly axis: CounterAxis;
  readonly probe: (index: number) => SendOptions;
}

/** An event of the rate-limit tenant the probes read, update and repeat. */
export interface StoredEvent {
  readonly uuid: string;
  readonly event: EventBody;
}

const COUNTED = 'valid POSTs';

/**
 * The answer that created an event of the rate-limit tenant, and the event: the first a burst of the
 * worker created, or `event` created now. A burst's keeps the counter from waiting for the throttled
 * tenant to be served again, which would take the window its axes could share with that burst.
 */
export const tenantEventCreated = async (
  client: ServiceClient,
  event: EventBody,
): Promise<{ readonly response: ServiceResponse; readonly event: EventBody }> => {
  const created = rateLimitTenantActivity().created;
  if (created !== undefined) return { response: created.response, event: created.request.json as EventBody };
  return { response: await client.create(event), event };
};

const probeOf = (probes: string, probe: (index: number) => SendOptions): CounterProbe => ({
  axis: { of: 'kind', probes, counted: COUNTED },
  probe,
});

/** Each method, answer and body alone. */
export const kindAxes = (runId: string, stored: StoredEvent): readonly CounterProbe[] => [
  probeOf('GETs of unknown uuids (404)', () => ({ method: 'GET', path: eventPath(crypto.randomUUID()) })),
  probeOf("GETs of the tenant's own event (success)", () => ({
    method: 'GET',
    path: eventPath(stored.uuid),
  })),
  probeOf('PUTs of unknown uuids (404)', () => ({
    method: 'PUT',
    path: eventPath(crypto.randomUUID()),
    json: stored.event,
  })),
  probeOf("PUTs of the tenant's own event with an amount of 0 (400)", () => ({
    method: 'PUT',
    path: eventPath(stored.uuid),
    json: withField(stored.event, 'amount', 0),
  })),
  probeOf("PUTs of the tenant's own event with its own body (success)", () => ({
    method: 'PUT',
    path: eventPath(stored.uuid),
    json: stored.event,
  })),
  probeOf('POSTs with an amount of 0 (400)', () => ({
    method: 'POST',
    path: EVENTS_PATH,
    json: withField(validPayin(runId, 'rate-limit-counter-invalid'), 'amount', 0),
  })),
  probeOf("POSTs repeating the tenant's externalId (duplicate, 400 ERR-4001)", () => ({
    method: 'POST',
    path: EVENTS_PATH,
    json: stored.event,
  })),
  probeOf('POSTs without a body (400)', () => ({ method: 'POST', path: EVENTS_PATH })),
];

/** A way of spelling a tenant's id, applied to whichever tenant's. */
export interface Spelling {
  readonly name: string;
  readonly of: (clientId: string) => string;
}

/** The axes a run plans for: every kind of kindAxes and one other spelling. */
export const COUNTER_AXES = 9;

/** The other spellings worth asking about: either letter case (RFC 9562), and braces. */
const SPELLINGS: readonly Spelling[] = [
  { name: 'in upper case', of: (id) => id.toUpperCase() },
  { name: 'in lower case', of: (id) => id.toLowerCase() },
  { name: 'in braces', of: (id) => `{${id}}` },
];

/** The spellings of SPELLINGS that differ from how the tenant's id is configured. */
export const otherSpellings = (clientId: string): readonly Spelling[] =>
  SPELLINGS.filter((spelling) => spelling.of(clientId) !== clientId);

/**
 * The questions that tell which spellings the deployment takes as the tenant: a GET of an unknown uuid
 * by another tenant (`askedId`, paced, not throttled) with its own id spelled each way the rate-limit
 * tenant's (`clientId`) can be spelled otherwise. A spelling that leaves the asking tenant's id as
 * configured could not tell, and is not asked.
 */
export const spellingQuestions = (
  clientId: string,
  askedId: string,
): readonly { readonly spelling: Spelling; readonly question: SendOptions }[] =>
  otherSpellings(clientId)
    .filter((spelling) => spelling.of(askedId) !== askedId)
    .map((spelling) => ({
      spelling,
      question: {
        method: 'GET',
        path: eventPath(crypto.randomUUID()),
        headers: { [HEADERS.clientId]: spelling.of(askedId) },
      },
    }));

/** Valid POSTs with the tenant's id spelled another way. */
export const spellingAxis = (runId: string, spelling: Spelling, clientId: string): CounterProbe => ({
  axis: {
    of: 'spelling',
    probes: `valid POSTs with X-Client-Id ${spelling.name}`,
    counted: `${COUNTED} with X-Client-Id as configured`,
  },
  probe: () => ({
    method: 'POST',
    path: EVENTS_PATH,
    json: validPayin(runId, 'rate-limit-counter-spelling'),
    headers: { [HEADERS.clientId]: spelling.of(clientId) },
  }),
});
