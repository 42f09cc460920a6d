#!/usr/bin/env node
/**
 * An example tenant integration that branches on `errors[].field`: a refused event's errors are shown
 * next to the form fields they name, by the dot notation the reference server uses (`amount`,
 * `payload.channel`), and the corrected event is sent again. The notation of `errors[].field` is not
 * shown in the spec, so a release that names fields otherwise (`/payload/channel`) breaks the mapping:
 * `fei-kit impact` names this tenant among the affected ones.
 *
 *   fei-kit certify-client node client/examples/error-field-client.mjs
 */
import { EVENTS_PATH, newEvent, runWhenMain, send, WELL_BEHAVED } from './example-client.mjs';

/** The integration's form: which field of its own each reported field is. */
const FORM_FIELDS = { amount: 'amount-input', 'payload.channel': 'channel-select' };

export const runIntegration = async (config, policy = WELL_BEHAVED) => {
  const event = newEvent(`field-client-${Date.now().toString(36)}`);
  const faulty = { ...event, amount: -5, payload: { ...event.payload, channel: 'PIGEON' } };
  const refused = await send(config, policy, 'POST', EVENTS_PATH, faulty);
  if (refused.status !== 400) return 1;
  const marked = (refused.body?.errors ?? []).map((e) => FORM_FIELDS[e.field] ?? `unknown field ${e.field}`);
  console.log(`refused: ${marked.join(', ')}`);
  if (marked.some((field) => field.startsWith('unknown'))) return 1;
  const created = await send(config, policy, 'POST', EVENTS_PATH, event);
  console.log(`corrected and created: ${created.status}`);
  return created.status === 201 ? 0 : 1;
};

await runWhenMain(import.meta.url, 'error-field client', runIntegration);
