/**
 * Each event receives a service-generated UUID of its own (part 1): two events never share one, and
 * the one given is not the tenant's externalId sent back.
 */
import type { RuleId } from '../spec/index.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { type Violation, violationOf } from './violation.ts';

/** The uuids given to distinct events are distinct. */
export const sharedUuidViolations = (rule: RuleId, uuids: readonly string[], message: string): Violation[] =>
  new Set(uuids).size === uuids.length ? [] : [violationOf(rule, message)];

/** PATH-ID-IS-UUID: the uuid given is the service's, not the externalId (itself a UUID) sent. */
export const judgeUuidNotExternalId = (uuid: string, externalId: string): Judgement =>
  judgementOf(
    uuid === externalId ? [violationOf('PATH-ID-IS-UUID', 'the uuid given is the externalId sent')] : [],
  );

/** CREATE-RETURNS-UUID: the uuid a POST gave is the service's own, not one its body carried (`sent`). */
export const judgeServiceGivenUuid = (uuid: string, sent: string): Judgement =>
  judgementOf(
    uuid.toLowerCase() === sent.toLowerCase()
      ? [
          violationOf(
            'CREATE-RETURNS-UUID',
            `the uuid given is the one the body carried (${sent}), not the service's own`,
          ),
        ]
      : [],
  );

/** CREATE-RETURNS-UUID: two events created one after the other were given two uuids. */
export const judgeTwoEventsTwoUuids = (first: string, second: string): Judgement =>
  judgementOf(
    sharedUuidViolations(
      'CREATE-RETURNS-UUID',
      [first, second],
      `two events were given the same uuid ${first}`,
    ),
  );

/** CREATE-RETURNS-UUID: the uuid a POST gave is none of those given before (`given`). */
export const judgeUuidNotGivenBefore = (given: readonly string[], uuid: string): Judgement =>
  judgementOf(
    sharedUuidViolations(
      'CREATE-RETURNS-UUID',
      [...given, uuid],
      `POST gave uuid ${uuid}, which another event already has`,
    ),
  );

/** DEDUP-EXTERNAL-ID: externalIds differing in case only are two events, with two uuids. */
export const judgeCaseVariantsTwoEvents = (upper: string, lower: string): Judgement =>
  judgementOf(sharedUuidViolations('DEDUP-EXTERNAL-ID', [upper, lower], 'two events were given one uuid'));

/** DEDUP-PER-TENANT: one externalId in two tenants is two events, with two uuids. */
export const judgeTenantsTwoEvents = (ofA: string, ofB: string): Judgement =>
  judgementOf(
    sharedUuidViolations('DEDUP-PER-TENANT', [ofA, ofB], "tenant B's event was given tenant A's uuid"),
  );
