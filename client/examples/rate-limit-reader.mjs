#!/usr/bin/env node
/**
 * An example tenant integration that reads the 429's body: when a read is throttled it logs the body's
 * errorCode and title for its operators and waits before it tries again. The spec does not show the 429's body,
 * so a release whose 429 is no longer that JSON body breaks this integration's logging: `fei-kit
 * impact` names it among the affected tenants. Certify it with the rate-limit fault:
 *
 *   fei-kit certify-client --faults rate-limit node client/examples/rate-limit-reader.mjs
 */
import { EVENTS_PATH, newEvent, runWhenMain, send, sleep, WELL_BEHAVED } from './example-client.mjs';

/** Waits half a second after a 429 (never retries at once); reads of the event also log the 429's errorCode and title. */
export const READS_429 = Object.freeze({
  ...WELL_BEHAVED,
  delayAfter429: (attempt) => (attempt <= 5 ? 500 : undefined),
});

const readAfterThrottle = async (config, path) => {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await send(config, { ...READS_429, delayAfter429: () => undefined }, 'GET', path);
    if (answer.status !== 429) return answer;
    console.log(`throttled: ${answer.body.errorCode} ${answer.body.title}`);
    await sleep(READS_429.delayAfter429(attempt));
  }
  return undefined;
};

export const runIntegration = async (config) => {
  const created = await send(
    config,
    READS_429,
    'POST',
    EVENTS_PATH,
    newEvent(`limit-reader-${Date.now().toString(36)}`),
  );
  if (created.status !== 201) return 1;
  const read = await readAfterThrottle(config, `${EVENTS_PATH}/${created.body.uuid}`);
  console.log(`read: ${read?.status}`);
  return read?.status === 200 ? 0 : 1;
};

await runWhenMain(import.meta.url, 'rate-limit reader', runIntegration);
