/** Uuids of their own: distinct events never share one, and none is the externalId sent. */
import { expect, test } from '@playwright/test';
import { judgeUuidNotExternalId, sharedUuidViolations } from './identity.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: distinct events have distinct uuids, none of them the externalId sent', () => {
  const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
  expect(sharedUuidViolations('CREATE-RETURNS-UUID', [a, b], 'm')).toEqual([]);
  expect(rules(sharedUuidViolations('DEDUP-PER-TENANT', [a, b, a], 'm'))).toEqual(['DEDUP-PER-TENANT']);
  expect(judgeUuidNotExternalId(a, b).violations).toEqual([]);
  expect(rules(judgeUuidNotExternalId(a, a).violations)).toEqual(['PATH-ID-IS-UUID']);
});
