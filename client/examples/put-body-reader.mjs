#!/usr/bin/env node
/**
 * An example tenant integration that reads PUT's answer: after updating an event it takes the stored
 * event from PUT's body (its status, its amount) instead of reading it again. The spec does not show
 * PUT's answer (200 with the event is the reference server's reading), so a release that answers 204
 * breaks this integration: `fei-kit impact` names it among the affected tenants.
 *
 *   fei-kit certify-client node client/examples/put-body-reader.mjs
 */
import { EVENTS_PATH, newEvent, runWhenMain, send, WELL_BEHAVED } from './example-client.mjs';

export const runIntegration = async (config, policy = WELL_BEHAVED) => {
  const event = newEvent(`put-reader-${Date.now().toString(36)}`);
  const created = await send(config, policy, 'POST', EVENTS_PATH, event);
  if (created.status !== 201) return 1;
  const updated = await send(config, policy, 'PUT', `${EVENTS_PATH}/${created.body.uuid}`, {
    ...event,
    status: 'BOOKED',
  });
  // The integration's assumption: PUT answers the stored event.
  const stored = updated.body?.data ?? updated.body;
  console.log(
    `updated ${event.externalId}: now ${stored?.status} for ${stored?.amount} ${stored?.currencyCode}`,
  );
  return stored?.status === 'BOOKED' ? 0 : 1;
};

await runWhenMain(import.meta.url, 'put-body reader', runIntegration);
