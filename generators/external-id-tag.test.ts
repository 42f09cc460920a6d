/** The run's tag in externalIds: short, stable for a run id, apart for two, of the shape normalise knows. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EXTERNAL_ID_TAG_SOURCE, externalIdTag } from './external-id-tag.ts';

test('GENERATORS: a run id of any length gives one tag of nine characters, another run id another', () => {
  const runIds = [
    'run-20261130132204-97945d',
    'run-20261130132204-97945e',
    'x',
    'nightly-build-2026-11-30-1234567890abcdef',
  ];
  const tags = runIds.map(externalIdTag);
  for (const tag of tags) expect(tag).toMatch(new RegExp(`^${EXTERNAL_ID_TAG_SOURCE}$`));
  expect(new Set(tags).size).toBe(runIds.length);
  expect(externalIdTag(runIds[0] as string)).toBe(tags[0]);
});
