/**
 * Each event receives a service-generated UUID of its own (part 1): two events never share one, and
 * the one given is not the tenant's externalId sent back.
 */
import type { RuleId } from '../spec/index.ts';
import { type Violation, violationOf } from './violation.ts';

/** The uuids given to distinct events are distinct. */
export const judgeDistinctUuids = (rule: RuleId, uuids: readonly string[], message: string): Violation[] =>
  new Set(uuids).size === uuids.length ? [] : [violationOf(rule, message)];

/** PATH-ID-IS-UUID: the uuid given is the service's, not the externalId (itself a UUID) sent. */
export const judgeUuidNotExternalId = (uuid: string, externalId: string): Violation[] =>
  uuid === externalId ? [violationOf('PATH-ID-IS-UUID', 'the uuid given is the externalId sent')] : [];
