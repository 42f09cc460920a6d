/**
 * Valid events of values a deployment may limit (GAP-FIELD-LIMITS: precision, lengths, the characters
 * of an externalId or a name): each kept exactly or refused cleanly. Past a limit the spec says exists
 * but does not show (part 8: precision, field lengths), a 5xx is a reading too; characters are no such
 * limit, so for the others a 5xx replaced the spec's answer (created, or refused).
 */
import { externalIdTag } from '../../generators/index.ts';
import { validPayin, validPayout, withField } from './sample-events.ts';

export interface ExactlyKeptCase {
  readonly label: string;
  readonly event: Record<string, unknown>;
  /** The field whose gap the case probes: a refusal under its own code is a reading. */
  readonly field: string;
  /** Sent by tenant B instead of A (a tenant's data may live in a store of its own). */
  readonly of?: 'B';
  /** Past a limit the spec does not show: a 5xx is a reading. */
  readonly overALimit?: true;
}

const OVER_A_LIMIT: ReadonlySet<string> = new Set([
  'an amount with three decimals',
  'an amount with three decimals, by tenant B',
  'an item amount with four decimals',
  'a name of over 200 characters',
]);

export const exactlyKeptCases = (runId: string): readonly ExactlyKeptCase[] => {
  const cases: [string, Record<string, unknown>, string, 'B'?][] = [
    ['an amount with three decimals', withField(validPayin(runId, 'precise'), 'amount', 10.125), 'amount'],
    // Tenant B's too: a tenant's data may live in a store of its own.
    [
      'an amount with three decimals, by tenant B',
      withField(validPayin(runId, 'precise-b'), 'amount', 10.125),
      'amount',
      'B',
    ],
    [
      'an item amount with four decimals',
      withField(validPayout(runId, 'precise'), 'multiCurrencyAmounts[0].amount', 3.0625),
      'multiCurrencyAmounts',
    ],
    [
      'an externalId with surrounding spaces',
      {
        ...validPayin(runId),
        externalId: `  ${externalIdTag(runId)}-padded-${crypto.randomUUID().slice(0, 8)}  `,
      },
      'externalId',
    ],
    [
      'a name with &, <, > and quotes',
      withField(validPayout(runId, 'markup'), 'payload.beneficiaryName', 'Dupont & Fils <SARL> "L\'Étoile"'),
      'payload',
    ],
    [
      'a name of over 200 characters',
      withField(validPayin(runId, 'long-name'), 'payload.payerName', `${'Anna-Maria '.repeat(18)}Schmidt`),
      'payload',
    ],
    [
      'a personal id with spaces',
      withField(validPayin(runId, 'spaced-id'), 'payload.payerPersonalId', 'AB 123 456 C'),
      'payload',
    ],
    [
      // Four bytes in UTF-8: a key column of three-byte UTF-8 (MySQL's utf8) cannot hold it.
      'an externalId with a character beyond U+FFFF',
      {
        ...validPayin(runId),
        externalId: `${externalIdTag(runId)}-\u{1F600}-${crypto.randomUUID().slice(0, 8)}`,
      },
      'externalId',
    ],
    [
      'an externalId with quotes, & and <',
      {
        ...validPayin(runId),
        externalId: `${externalIdTag(runId)}-o'brien&"co"<${crypto.randomUUID().slice(0, 8)}>`,
      },
      'externalId',
    ],
  ];
  return cases.map(([label, event, field, of]) => ({
    label,
    event,
    field,
    ...(of ? { of } : {}),
    ...(OVER_A_LIMIT.has(label) ? { overALimit: true as const } : {}),
  }));
};
