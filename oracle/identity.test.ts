/** Uuids of their own: distinct events never share one, and none is the externalId sent. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeCaseVariantsTwoEvents,
  judgeServiceGivenUuid,
  judgeTenantsTwoEvents,
  judgeTwoEventsTwoUuids,
  judgeUuidNotExternalId,
  judgeUuidNotGivenBefore,
  sharedUuidViolations,
} from './identity.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: distinct events have distinct uuids, none of them the externalId sent', () => {
  const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
  expect(sharedUuidViolations('CREATE-RETURNS-UUID', [a, b], 'm')).toEqual([]);
  expect(rules(sharedUuidViolations('DEDUP-PER-TENANT', [a, b, a], 'm'))).toEqual(['DEDUP-PER-TENANT']);
  expect(judgeUuidNotExternalId(a, b).violations).toEqual([]);
  expect(rules(judgeUuidNotExternalId(a, a).violations)).toEqual(['PATH-ID-IS-UUID']);
});

test('ORACLE: two events are given two uuids, each claim breaking its own rule when they share one', () => {
  const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const pairs = [
    [judgeTwoEventsTwoUuids, 'CREATE-RETURNS-UUID'],
    [judgeCaseVariantsTwoEvents, 'DEDUP-EXTERNAL-ID'],
    [judgeTenantsTwoEvents, 'DEDUP-PER-TENANT'],
  ] as const;
  for (const [judge, rule] of pairs) {
    expect(judge(a, b).violations).toEqual([]);
    expect(rules(judge(a, a).violations)).toEqual([rule]);
  }
  expect(judgeUuidNotGivenBefore([a, b], c).violations).toEqual([]);
  expect(judgeUuidNotGivenBefore([], c).violations).toEqual([]);
  expect(rules(judgeUuidNotGivenBefore([a, b], b).violations)).toEqual(['CREATE-RETURNS-UUID']);
});

test('ORACLE: the uuid a POST gave is not one its body carried, in either letter case', () => {
  const [given, sent] = [crypto.randomUUID(), crypto.randomUUID()];
  expect(judgeServiceGivenUuid(given, sent).violations).toEqual([]);
  expect(rules(judgeServiceGivenUuid(sent, sent).violations)).toEqual(['CREATE-RETURNS-UUID']);
  expect(rules(judgeServiceGivenUuid(sent.toUpperCase(), sent).violations)).toEqual(['CREATE-RETURNS-UUID']);
});
