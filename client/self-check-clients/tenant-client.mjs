#!/usr/bin/env node
/**
 * The self-check's clients: the example integration (../examples/example-client.mjs) with other choices
 * where the spec leaves freedom (must be certified) and with one mistake each (must be caught by the
 * rule it breaks). `node tenant-client.mjs <behaviour>`; CLIENT_BEHAVIOURS in client-behaviours.ts
 * lists each with its expected verdict.
 */
import {
  configFromEnvironment,
  createEvent,
  EVENTS_PATH,
  newEvent,
  runIntegration,
  send,
  WELL_BEHAVED,
} from '../examples/example-client.mjs';

/** Changes every request the client sends (a mistake in its HTTP layer). */
const rewriteRequests = (rewrite) => {
  const original = globalThis.fetch;
  globalThis.fetch = (url, init) =>
    original(...rewrite(new URL(url), { ...init, headers: { ...init.headers } }));
};

const run = Date.now().toString(36);

/** A flow of one create, one read, and the mistake. */
const createThen = async (config, policy, next) => {
  const event = newEvent(`self-check-${run}-1`);
  const uuid = await createEvent(config, policy, event);
  if (uuid) await next(uuid, event);
  return 0;
};

/** A POST sent again at once, whatever the outcome (the mistake after a 5xx or a time-out). */
const blindCreate = async (config, policy, event) => {
  const answer = await send(config, policy, 'POST', EVENTS_PATH, event);
  if (answer.timedOut || answer.status >= 500) await send(config, policy, 'POST', EVENTS_PATH, event);
};

const BEHAVIOURS = {
  // Well-behaved, in the freedom the spec leaves.
  'fixed-delay': (config) => runIntegration(config, WELL_BEHAVED),
  'exponential-jitter': (config) =>
    runIntegration(config, {
      ...WELL_BEHAVED,
      delayAfter429: (attempt) =>
        attempt <= 6 ? 100 * 2 ** attempt * (0.75 + Math.random() / 2) : undefined,
    }),
  'gives-up-after-5xx': (config) => runIntegration(config, { ...WELL_BEHAVED, afterPutFailure: 'give-up' }),
  'paces-itself': (config) => runIntegration(config, { ...WELL_BEHAVED, paceMs: 300 }),
  // One mistake each.
  'repost-after-201': (config) =>
    createThen(config, WELL_BEHAVED, (_uuid, event) =>
      send(config, WELL_BEHAVED, 'POST', EVENTS_PATH, event),
    ),
  'update-by-repost': (config) =>
    createThen(config, WELL_BEHAVED, (_uuid, event) =>
      send(config, WELL_BEHAVED, 'POST', EVENTS_PATH, { ...event, status: 'BOOKED' }),
    ),
  'externalid-as-path': (config) =>
    createThen(config, WELL_BEHAVED, (_uuid, event) =>
      send(config, WELL_BEHAVED, 'GET', `${EVENTS_PATH}/${event.externalId}`),
    ),
  'blind-retry-after-500': async (config) => {
    for (const n of [1, 2]) await blindCreate(config, WELL_BEHAVED, newEvent(`self-check-${run}-${n}`));
    return 0;
  },
  'blind-retry-after-timeout': async (config) => {
    for (const n of [1, 2, 3]) await blindCreate(config, WELL_BEHAVED, newEvent(`self-check-${run}-${n}`));
    return 0;
  },
  'blind-put-retry': (config) =>
    createThen(config, WELL_BEHAVED, async (uuid, event) => {
      const path = `${EVENTS_PATH}/${uuid}`;
      const answer = await send(config, WELL_BEHAVED, 'PUT', path, { ...event, status: 'BOOKED' });
      if (answer.status >= 500) await send(config, WELL_BEHAVED, 'PUT', path, { ...event, status: 'BOOKED' });
    }),
  'retry-429-at-once': (config) =>
    runIntegration(config, { ...WELL_BEHAVED, delayAfter429: (attempt) => (attempt <= 20 ? 0 : undefined) }),
  'no-header-on-get': (config) => {
    rewriteRequests((url, init) => {
      if (init.method === 'GET') delete init.headers['Content-Type'];
      return [url, init];
    });
    return runIntegration(config, WELL_BEHAVED);
  },
  // The production token a careless configuration picks: the same secret under its live prefix
  // (svc_live_ for svc_test_, th_live_ for a provider's own th_test_).
  'live-token': (config) =>
    runIntegration(
      { ...config, accessToken: config.accessToken.replace(/^([a-z]+_)test_/, '$1live_') },
      WELL_BEHAVED,
    ),
  'token-in-query': (config) => {
    rewriteRequests((url, init) => {
      url.searchParams.set('access_token', init.headers['X-Access-Token']);
      return [url, init];
    });
    return runIntegration(config, WELL_BEHAVED);
  },
};

const behaviour = process.argv[2] ?? '';
const chosen = BEHAVIOURS[behaviour];
if (!chosen) {
  console.error(
    `tenant client: unknown behaviour "${behaviour}"; one of ${Object.keys(BEHAVIOURS).join(', ')}`,
  );
  process.exitCode = 2;
} else {
  try {
    process.exitCode = await chosen(configFromEnvironment());
  } catch (error) {
    console.error(`tenant client (${behaviour}): ${error.message}`);
    process.exitCode = 1;
  }
}
