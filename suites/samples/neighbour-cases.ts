/**
 * The neighbours of the vocabularies the spec closes: the values a real team adds to them (another
 * kind of event, another status, another channel, a field of another kind of event in the payload).
 * Checked on every run, not only when a property happens to draw them: a deployment that accepts one
 * fails the rule that closes the vocabulary. On POST and on PUT (an update may be validated by another
 * DTO), credited to that rule alone: never to UPDATE-VALIDATES as well, since a deployment that takes
 * the value on both methods reads the vocabulary so, and breaks one rule.
 */
import { expectedFailure, failureOfAnyCode } from './expected-failures.ts';
import { validPayin, validPayout, withField } from './sample-events.ts';
import { neutralPayin, type SingleFaultCase } from './single-fault-cases.ts';

const neighbour = (
  ruleId: SingleFaultCase['ruleId'],
  label: string,
  make: SingleFaultCase['make'],
  expected: SingleFaultCase['expected'],
): SingleFaultCase => ({ ruleId, label, make, expected });

export const NEIGHBOUR_CASES: readonly SingleFaultCase[] = [
  // Another kind of event: the payload holds only a channel, which every kind may have.
  ...['BANK_MOVEMENT', 'INTERNAL_TRANSFER'].map((type) =>
    neighbour(
      'VAL-TYPE-ENUM',
      `type of another kind of event, ${type}`,
      (runId) => withField(neutralPayin(runId), 'type', type),
      [expectedFailure('type', 'ERR-3002')],
    ),
  ),
  ...['FAILED', 'SETTLED'].map((status) =>
    neighbour(
      'VAL-STATUS-ENUM',
      `status of another processing state, ${status}`,
      (runId) => withField(validPayout(runId), 'status', status),
      [expectedFailure('status', 'ERR-3006')],
    ),
  ),
  ...['BANK_TRANSFER', 'WALLET'].map((channel) =>
    neighbour(
      'VAL-CHANNEL-ENUM',
      `payload.channel of another channel, ${channel}`,
      (runId) => withField(validPayin(runId), 'payload.channel', channel),
      [expectedFailure('payload.channel', 'ERR-3011')],
    ),
  ),
  ...[validPayin, validPayout].map((make) =>
    neighbour(
      'VAL-PAYLOAD-UNKNOWN-PROPERTY',
      `accountId, a field of another kind of event, in the payload of an ${make('x').type}`,
      (runId) => withField(make(runId), 'payload.accountId', 'ACC-0001'),
      // The code is not shown (GAP-UNKNOWN-PAYLOAD-CODE); a schema validator may name the payload.
      [failureOfAnyCode('payload.accountId', 'VAL-PAYLOAD-UNKNOWN-PROPERTY', ['payload'])],
    ),
  ),
];
