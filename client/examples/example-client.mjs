#!/usr/bin/env node
/**
 * An example tenant integration of the Financial Events Ingestion Service: plain Node (18 or later), no
 * dependencies, the platform's fetch. It reads its configuration from the kit's contract names
 * (TARGET_BASE_URL, TENANT_A_CLIENT_ID, TENANT_A_ACCESS_TOKEN), so that
 *
 *   fei-kit certify-client node client/examples/example-client.mjs
 *
 * certifies it against the spec's client rules. What it does, and why it is certified:
 *
 * 1. creates an event (POST) and keeps the `uuid` the service returns: every later request addresses
 *    the event by that uuid, never by its own externalId; any request answered 429 is sent again after
 *    a fixed delay;
 * 2. reads it back (GET);
 * 3. updates it by PUT (never by POSTing the externalId again); after a 5xx it reads the event to
 *    confirm the update did not apply, and only then sends the PUT again;
 * 4. creates two more events; after a 5xx or a time-out on a POST it cannot confirm whether the event
 *    was created (no uuid came back), so it does not retry: it reports the request and its time for
 *    the provider's support, as the spec asks.
 *
 * Every request, GET included, carries X-Client-Id, X-Access-Token and Content-Type: application/json,
 * and the token travels only in its header. The choices the spec leaves open (the delay after a 429,
 * what to do after a 5xx) are the `policy` below; the kit's self-check runs this file with other
 * choices, and with mistakes, to prove the certification tells them apart.
 */

import { pathToFileURL } from 'node:url';

export const EVENTS_PATH = '/api/h2h/ingestion/financial-events';

/** The choices a client may make where the spec leaves freedom. */
export const WELL_BEHAVED = Object.freeze({
  /** Milliseconds to wait before retry number `attempt` (1, 2, …) of a 429; `undefined` gives up. */
  delayAfter429: (attempt) => (attempt <= 5 ? 250 : undefined),
  /** Milliseconds to wait between any two requests (a client that paces itself). */
  paceMs: 0,
  /** How long to wait for an answer before giving up on a request. */
  timeoutMs: 3000,
  /** After a PUT answered 5xx: 'confirm-then-retry' (GET, then PUT again if unchanged) or 'give-up'. */
  afterPutFailure: 'confirm-then-retry',
});

export const configFromEnvironment = (env = process.env) => {
  const missing = ['TARGET_BASE_URL', 'TENANT_A_CLIENT_ID', 'TENANT_A_ACCESS_TOKEN'].filter((n) => !env[n]);
  if (missing.length) throw new Error(`set ${missing.join(', ')}`);
  return {
    baseUrl: env.TARGET_BASE_URL.replace(/\/$/, ''),
    clientId: env.TENANT_A_CLIENT_ID,
    accessToken: env.TENANT_A_ACCESS_TOKEN,
  };
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The three headers of part 5, on every request. */
export const headersFor = (config) => ({
  'X-Client-Id': config.clientId,
  'X-Access-Token': config.accessToken,
  'Content-Type': 'application/json',
});

/**
 * Sends one request; a 429 is retried after the policy's delay. Answers `{ status, body }`, or
 * `{ timedOut: true }` when no answer came within the policy's time-out.
 */
export const send = async (config, policy, method, path, body) => {
  for (let attempt = 1; ; attempt += 1) {
    if (policy.paceMs) await sleep(policy.paceMs);
    let response;
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: headersFor(config),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
    } catch (error) {
      if (error.name === 'TimeoutError') return { timedOut: true };
      throw error;
    }
    const text = await response.text();
    const answer = { status: response.status, body: text ? JSON.parse(text) : undefined };
    if (answer.status !== 429) return answer;
    const delay = policy.delayAfter429(attempt);
    if (delay === undefined) return answer;
    await sleep(delay);
  }
};

/** A 5xx or a time-out whose outcome is unknown: what the spec asks to report to support. */
export const reportToSupport = (what, method, path, answer) => {
  const outcome = answer.timedOut
    ? 'no answer (time-out)'
    : `${answer.status} ${answer.body?.errorCode ?? ''}`;
  console.log(`REPORT TO SUPPORT at ${new Date().toISOString()}: ${what}: ${method} ${path} gave ${outcome}`);
};

export const newEvent = (externalId) => ({
  externalId,
  type: 'INTERNAL_PAYIN',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: 125.5,
  status: 'PENDING',
  originalStatus: 'created',
  payload: { channel: 'ONLINE', payerName: 'Example Payer' },
});

/** Creates an event; a 5xx or a time-out is reported, never retried blindly. Returns its uuid or undefined. */
export const createEvent = async (config, policy, event) => {
  const answer = await send(config, policy, 'POST', EVENTS_PATH, event);
  if (answer.status === 201) return answer.body.uuid;
  if (answer.timedOut || answer.status >= 500)
    reportToSupport(`creating ${event.externalId}`, 'POST', EVENTS_PATH, answer);
  else console.log(`creating ${event.externalId} was refused: ${answer.status} ${answer.body?.errorCode}`);
  return undefined;
};

/** Updates an event by PUT; after a 5xx, confirms by GET whether it applied before sending it again. */
export const updateEvent = async (config, policy, uuid, event) => {
  const path = `${EVENTS_PATH}/${uuid}`;
  const answer = await send(config, policy, 'PUT', path, event);
  if (!answer.timedOut && answer.status < 500) return answer.status < 300;
  if (policy.afterPutFailure === 'confirm-then-retry') {
    const stored = await send(config, policy, 'GET', path);
    if (stored.status === 200 && stored.body?.status === event.status) return true;
    if (stored.status === 200) {
      const again = await send(config, policy, 'PUT', path, event);
      return !again.timedOut && again.status < 300;
    }
  }
  reportToSupport(`updating ${event.externalId}`, 'PUT', path, answer);
  return false;
};

export const runIntegration = async (config, policy = WELL_BEHAVED) => {
  const run = Date.now().toString(36);
  const first = newEvent(`example-${run}-1`);
  const uuid = await createEvent(config, policy, first);
  if (!uuid) return 1;
  const read = await send(config, policy, 'GET', `${EVENTS_PATH}/${uuid}`);
  console.log(`read ${first.externalId}: ${read.status}`);
  const updated = await updateEvent(config, policy, uuid, { ...first, status: 'BOOKED' });
  console.log(`updated ${first.externalId}: ${updated}`);
  for (const n of [2, 3]) {
    const created = await createEvent(config, policy, newEvent(`example-${run}-${n}`));
    console.log(`created example-${run}-${n}: ${created ? 'yes' : 'unknown, reported'}`);
  }
  return 0;
};

/**
 * Runs an integration when its file is the one Node was started with (not when imported): its exit
 * code is the integration's answer, 2 when it cannot run at all.
 */
export const runWhenMain = async (moduleUrl, name, integration) => {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  try {
    process.exitCode = await integration(configFromEnvironment());
  } catch (error) {
    console.error(`${name}: ${error.message}`);
    process.exitCode = 2;
  }
};

await runWhenMain(import.meta.url, 'example client', runIntegration);
