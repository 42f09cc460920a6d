/** The held event's file: written whole, taken by one look only, keyed by run id and repeat. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { takeHeldEvent, writeHeldEvent } from './held-event.ts';

test('HELD EVENT: taken once, by its run id and repeat; a run id of any characters is a file name', () => {
  const paths = { heldEvents: join(mkdtempSync(join(tmpdir(), 'kit-held-')), 'held-events') };
  const held = { uuid: crypto.randomUUID(), event: { externalId: 'e-1' }, createdAt: 1 };
  const runId = 'nightly/42 ü';
  writeHeldEvent(paths, runId, 0, held);
  expect(takeHeldEvent(paths, runId, 1)).toBeUndefined();
  expect(takeHeldEvent(paths, 'another run', 0)).toBeUndefined();
  expect(takeHeldEvent(paths, runId, 0)).toEqual(held);
  // A retry, or another look, finds nothing: the event it would read back may have been changed.
  expect(takeHeldEvent(paths, runId, 0)).toBeUndefined();
});
