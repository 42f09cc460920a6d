#!/usr/bin/env node
/**
 * An example tenant integration that never updates: it records events (POST) and reads them back by
 * the uuid the service returned, and looks up an event it does not know (404 ERR-4002). A release that
 * changes only PUT does not touch it: `fei-kit impact` finds it unaffected by such a release.
 *
 *   fei-kit certify-client node client/examples/read-only-client.mjs
 */
import { randomUUID } from 'node:crypto';
import { EVENTS_PATH, newEvent, runWhenMain, send, WELL_BEHAVED } from './example-client.mjs';

export const runIntegration = async (config, policy = WELL_BEHAVED) => {
  const run = Date.now().toString(36);
  for (const n of [1, 2]) {
    const created = await send(config, policy, 'POST', EVENTS_PATH, newEvent(`read-only-${run}-${n}`));
    if (created.status !== 201) return 1;
    const read = await send(config, policy, 'GET', `${EVENTS_PATH}/${created.body.uuid}`);
    console.log(`recorded read-only-${run}-${n}: ${read.body?.status}`);
  }
  const unknown = await send(config, policy, 'GET', `${EVENTS_PATH}/${randomUUID()}`);
  console.log(`an unknown event: ${unknown.status} ${unknown.body?.errorCode}`);
  return unknown.status === 404 ? 0 : 1;
};

await runWhenMain(import.meta.url, 'read-only client', runIntegration);
