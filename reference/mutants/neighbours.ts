/**
 * Mutants of the vocabularies the spec closes, each extended the way a real team extends it: its own
 * token prefix, another kind of event, another status, another channel, a field of another kind of
 * event in every payload, error codes in the provider's own namespace. A deployment that differs from
 * the spec like this is judged, never refused: each is caught by the rule that closes the vocabulary.
 * Hooks: authentication.ts, validation.ts, handlers/error-answers.ts.
 */
import type { JsonValue } from '../json.ts';
import { VALIDATION_HOOKS } from '../validation.ts';
import { mutant } from './define.ts';

const reference = VALIDATION_HOOKS;

/** The provider's own token prefixes, where part 5.2 says svc_test_ and svc_live_. */
export const PROVIDER_TOKEN_PREFIXES = Object.freeze({
  sandbox: 'th_test_',
  production: 'th_live_',
} as const);

/** The third kind of event a provider adds, and the payload fields of its own. */
export const BANK_MOVEMENT = 'BANK_MOVEMENT';
export const BANK_MOVEMENT_PAYLOAD_FIELDS: ReadonlySet<string> = new Set([
  'channel',
  'bankReference',
  'valueDate',
  'counterpartyName',
]);

/** VAL-TYPE-ENUM broken by a third kind of event: a movement on a bank account, with payload fields of its own. */
export const bankMovementHooks = Object.freeze({
  isEventType: (value: JsonValue) => reference.isEventType(value) || value === BANK_MOVEMENT,
  // A bank movement's payload has its own fields (not the payer's nor the beneficiary's).
  isPayloadProperty: (key: string, type: JsonValue | undefined) =>
    type === BANK_MOVEMENT ? BANK_MOVEMENT_PAYLOAD_FIELDS.has(key) : reference.isPayloadProperty(key, type),
});

const EXTRA_STATUSES: ReadonlySet<JsonValue> = new Set(['CANCELLED', 'FAILED']);
const EXTRA_CHANNELS: ReadonlySet<JsonValue> = new Set(['CARD', 'BANK_TRANSFER']);

export const NEIGHBOUR_MUTANTS = [
  mutant(
    'tokens-of-another-prefix',
    ['AUTH-TOKEN-PREFIX'],
    `The deployment issues tokens of its own prefix, ${PROVIDER_TOKEN_PREFIXES.sandbox} in Sandbox and ${PROVIDER_TOKEN_PREFIXES.production} in Production, where part 5.2 says svc_test_ and svc_live_.`,
    { tokenPrefix: (environment) => PROVIDER_TOKEN_PREFIXES[environment] },
  ),
  mutant(
    'type-bank-movement-accepted',
    ['VAL-TYPE-ENUM'],
    `A third kind of event, ${BANK_MOVEMENT} (a movement on a bank account, with payload fields of its own), is accepted beside INTERNAL_PAYIN and INTERNAL_PAYOUT.`,
    bankMovementHooks,
  ),
  mutant(
    'status-cancelled-failed-accepted',
    ['VAL-STATUS-ENUM'],
    "status also takes CANCELLED and FAILED, the states of the provider's own processing.",
    { isEventStatus: (value) => reference.isEventStatus(value) || EXTRA_STATUSES.has(value) },
  ),
  mutant(
    'channel-card-bank-transfer-accepted',
    ['VAL-CHANNEL-ENUM'],
    'payload.channel also takes CARD and BANK_TRANSFER, the channels the provider added.',
    { isChannel: (value) => reference.isChannel(value) || EXTRA_CHANNELS.has(value) },
  ),
  mutant(
    'payload-account-id-accepted',
    ['VAL-PAYLOAD-UNKNOWN-PROPERTY'],
    'One payload schema serves every kind of event: accountId, a field of bank movements, is accepted in the payload of a payin or a payout.',
    { isPayloadProperty: (key, type) => key === 'accountId' || reference.isPayloadProperty(key, type) },
  ),
  mutant(
    'error-codes-provider-namespace',
    ['ERROR-BODY-SHAPE'],
    "Simple error bodies carry the code in the provider's own namespace (TH-4002) instead of ERR-nnnn.",
    { simpleErrorBody: (body) => ({ ...body, errorCode: body.errorCode.replace(/^ERR-/, 'TH-') }) },
  ),
];
