/** The hand-written events' externalIds: the run's tag, unique, and short enough for ISO 20022's 35. */
import { externalIdTag } from '../../generators/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { uniqueExternalId, validPayin, validPayout } from './sample-events.ts';

test('SAMPLES: an externalId carries the run tag and at most 29 characters, whatever the run id and label', () => {
  const runId = 'nightly-build-2026-11-30-1234567890abcdef';
  const ids = [
    ...Array.from({ length: 500 }, () => uniqueExternalId(runId, 'a label far longer than six')),
    ...Array.from({ length: 500 }, () => validPayin(runId).externalId),
    validPayout(runId, 'renamed').externalId,
  ];
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.filter((id) => !id.startsWith(`${externalIdTag(runId)}-`) || id.length > 29)).toEqual([]);
});
