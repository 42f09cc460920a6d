/**
 * What a success said must still hold at the end of the run, minutes later: a store whose hot table
 * keeps recent events only, a deduplication cache whose keys expire, a replica that loses writes. An
 * event created early is read back at the end (the second look): the same event, its externalId still
 * held, a PUT still applied. A run filtered to the look alone has no such event: the look is skipped.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { SECOND_LOOK_TAG } from '../config/index.ts';
import { judgeDuplicateRefused, judgeUpdateShown } from '../oracle/index.ts';
import { skipCheck } from '../run-records/check-record-writer.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { test } from './fixtures/index.ts';
import { takeHeldEvent, writeHeldEvent } from './held/held-event.ts';
import { validPayin, validPayout, withField } from './samples/sample-events.ts';
import { check } from './verdicts/verdicts.ts';

/**
 * The youngest the event may be when looked at: a run filtered to a few checks ends seconds after it
 * began, a whole run minutes after. The look waits for the rest, so that every run proves the event
 * holds for 10 s at least; a longer run proves it for longer (the step names the event's age).
 */
const LOOK_AFTER_MS = 10_000;

test.describe('an event held to the end of the run', { tag: ['@dedup', '@update'] }, () => {
  test(
    // The look's rules: a run (or a self-check stage) that selects them selects both checks.
    ...ruleCheck(
      ['RETRIEVE-RETURNS-EVENT', 'DEDUP-EXTERNAL-ID', 'UPDATE-APPLIES'],
      'an event is created and read back, for the look at the end of the run',
    ),
    async ({ tenantA, runId, runFiles }) => {
      const event = validPayin(runId, 'held');
      const uuid = check.created(await tenantA.create(event));
      check.sameEvent(await tenantA.retrieve(uuid), event);
      writeHeldEvent(runFiles, runId, test.info().repeatEachIndex, { uuid, event, createdAt: Date.now() });
    },
  );
});

test.describe('an event held to the end of the run, looked at again', () => {
  test(
    ...ruleCheck(
      ['RETRIEVE-RETURNS-EVENT', 'DEDUP-EXTERNAL-ID', 'UPDATE-APPLIES'],
      'an event created earlier in the run, at least 10 s before, is read back the same, its externalId still held, a PUT of it still applied (end of the run)',
      { tag: ['@dedup', '@update', SECOND_LOOK_TAG] },
    ),
    async ({ tenantA, runId, runFiles }) => {
      const held = takeHeldEvent(runFiles, runId, test.info().repeatEachIndex);
      if (held === undefined)
        return skipCheck(
          test.info(),
          'premise-not-met',
          'no event was created for this look in this run (its check did not run)',
        );
      const early = held.createdAt + LOOK_AFTER_MS - Date.now();
      if (early > 0) await delay(early);
      const age = Math.round((Date.now() - held.createdAt) / 1000);
      await test.step(`the event created ${age} s before`, async () => {
        check.sameEvent(await tenantA.retrieve(held.uuid), held.event);
        const again = { ...validPayout(runId, 'held-again'), externalId: held.event.externalId };
        check.error(await tenantA.create(again), judgeDuplicateRefused);
        const changed = withField(held.event, 'amount', 77.25);
        if (check.update(await tenantA.update(held.uuid, changed)) === 'applied')
          check.sameEvent(await tenantA.retrieve(held.uuid), changed, judgeUpdateShown);
      });
    },
  );
});
