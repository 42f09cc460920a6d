/**
 * The edges of a JSON document (generators/json-documents.ts), in every run. Where the spec states a
 * verdict it is asserted: an empty body is not JSON (7.4: 400, or 422 read as a missing body); an
 * unknown payload property is refused (2.2), `__proto__` and `constructor` and one nested hundreds of
 * levels deep included; whitespace after the value is JSON. Where it is silent (a byte-order mark,
 * an invalid UTF-8 sequence, bytes after the value, duplicate keys, `__proto__` as a top-level field),
 * every clean answer is a reading: created (and then kept as sent), or refused with the part 7 body,
 * claiming nothing the body does not break. Never a 5xx.
 */
import {
  nestedArray,
  toJsonBody,
  withByteOrderMark,
  withInvalidUtf8In,
  withLeadingMembers,
} from '../generators/index.ts';
import {
  codesNamed,
  type ExpectedFailure,
  isSameRefusal,
  isServerError,
  isSuccess,
  judgeEmptyBody,
  judgeRefusedDocument,
  readErrorBody,
} from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { EVENTS_PATH } from '../spec/index.ts';
import { test } from './fixtures/index.ts';
import { failureOfAnyCode } from './samples/expected-failures.ts';
import { type EventBody, validPayin, validPayout } from './samples/sample-events.ts';
import type { ServiceClient, ServiceResponse } from './transport/service-client.ts';
import { keptOrRefusedCleanly } from './verdicts/kept-or-refused.ts';
import { check } from './verdicts/verdicts.ts';

const post = (client: ServiceClient, rawBody: string | Uint8Array): Promise<ServiceResponse> =>
  client.send({ method: 'POST', path: EVENTS_PATH, rawBody });

const summary = (response: ServiceResponse): string =>
  `${response.status} ${readErrorBody(response)?.errorCode ?? ''}`.trim();

/** The event's text with its payload written as this text (keys JSON.stringify cannot give an object). */
const withPayloadText = (event: EventBody, payload: string): string =>
  toJsonBody({ ...event, payload: '@payload@' }).replace('"@payload@"', payload);

/**
 * A document the spec answers either way, created or refused: created, the event is kept as `kept`
 * (what was read of it, `readings` aside); refused, cleanly. A 5xx breaks `rule`.
 */
const createdOrRefused = async (
  client: ServiceClient,
  response: ServiceResponse,
  kept: object,
  what: string,
  options: {
    probedFields?: readonly string[];
    readings?: readonly string[];
    /** The codes the deployment gives a body it cannot read at all: a document it cannot read may get them too. */
    unreadableCodes?: readonly string[];
  } = {},
): Promise<string> => {
  const shown = await keptOrRefusedCleanly(
    client,
    response,
    kept,
    {
      claimsChecked: what,
      probedFields: options.probedFields ?? [],
      specAnswers: 'read-or-malformed',
      trueClaims: options.unreadableCodes ?? [],
    },
    { readings: options.readings ?? [] },
  );
  if (shown === undefined) return `refused ${summary(response)}`;
  const read = Object.entries(shown.readValues ?? {}).map(
    ([path, value]) => `${path} stored as ${JSON.stringify(value)}`,
  );
  return `created${read.length > 0 ? `; ${read.join(', ')}` : ''}`;
};

/** A body that must be refused for `expected`: with the 7.2 body naming them, or as malformed (a simple 400). */
const refusedFor = (response: ServiceResponse, expected: readonly ExpectedFailure[]): void => {
  const errors = (response.json as { errors?: unknown } | undefined)?.errors;
  if (isSuccess(response.status) || isServerError(response.status) || Array.isArray(errors)) {
    check.validationFailure(response, expected);
    return;
  }
  // A parser's limit (a depth, say) refuses the document before validation: a clean 4xx.
  check.gapAnswer(response);
  check.verdict(judgeRefusedDocument(response, expected), response);
};

test.describe('the edges of a JSON document', { tag: ['@validation'] }, () => {
  test(
    ...ruleCheck(
      ['REQUEST-MALFORMED-400', 'CREATE-RETURNS-UUID'],
      'an empty body is refused, whitespace after the value is read',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const event = validPayin(runId, 'trailing-ws');
        const [empty, spaced] = await Promise.all([
          post(tenantA, ''),
          post(tenantA, `${toJsonBody(event)}\n\t \r\n`),
        ]);
        check.verdict(judgeEmptyBody(empty), empty);
        check.gapAnswer(empty);
        check.sameEvent(await tenantA.retrieve(check.created(spaced)), event);
      }),
  );

  test(
    ...ruleCheck(
      ['VAL-PAYLOAD-UNKNOWN-PROPERTY', 'GAP-EXTRA-TOP-LEVEL-FIELDS'],
      '__proto__, constructor and a deeply nested value as payload properties are refused, never a 5xx',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const payin = validPayin(runId, 'proto');
        const payout = validPayout(runId, 'proto');
        const unknown = (name: string): ExpectedFailure =>
          failureOfAnyCode(`payload.${name}`, 'VAL-PAYLOAD-UNKNOWN-PROPERTY', ['payload']);
        // The other name at the top level: an unknown top-level field, refused or not (a reading).
        const topLevel = (name: string): ExpectedFailure => ({
          ...failureOfAnyCode(name, 'VAL-ALL-FAILURES'),
          readingOf: 'GAP-EXTRA-TOP-LEVEL-FIELDS',
        });
        const cases: [string, readonly ExpectedFailure[]][] = [
          [
            withLeadingMembers(
              withPayloadText(payin, '{"channel":"ONLINE","__proto__":{"channel":"CASH"}}'),
              '"constructor":{"prototype":{"amount":0}}',
            ),
            [unknown('__proto__'), topLevel('constructor')],
          ],
          [
            withLeadingMembers(
              withPayloadText(payout, '{"channel":"CASH","constructor":{"prototype":{"channel":"WIRE"}}}'),
              '"__proto__":{"amount":0}',
            ),
            [unknown('constructor'), topLevel('__proto__')],
          ],
          [withPayloadText(payin, `{"channel":"ONLINE","deep":${nestedArray(512)}}`), [unknown('deep')]],
        ];
        const answers = await Promise.all(cases.map(([body]) => post(tenantA, body)));
        for (const [i, response] of answers.entries()) refusedFor(response, cases[i]?.[1] ?? []);
      }),
  );

  test(
    ...ruleCheck(
      ['REQUEST-MALFORMED-400', 'GAP-MALFORMED-JSON'],
      'a byte-order mark, invalid UTF-8, bytes after the value or duplicate keys are read or refused cleanly, never a 5xx',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const bom = validPayin(runId, 'bom');
        const utf8 = validPayout(runId, 'utf8');
        const trailing = validPayin(runId, 'trailing');
        const duplicate = validPayout(runId, 'duplicate');
        // The first of each duplicate is invalid: a reader that keeps it must refuse, one that keeps the last creates.
        const duplicateText = toJsonBody({ ...duplicate, payload: '@payload@' })
          .replace('"@payload@"', '{"channel":"WIRE","channel":"CASH"}')
          .replace(/^\{/, '{"amount":0,');
        const probes: [
          string,
          string | Uint8Array,
          object,
          { probedFields?: string[]; readings?: string[] },
        ][] = [
          ['a byte-order mark', withByteOrderMark(toJsonBody(bom)), bom, {}],
          [
            'invalid UTF-8 in originalStatus',
            withInvalidUtf8In(toJsonBody(utf8), 'originalStatus'),
            utf8,
            { probedFields: ['originalStatus'], readings: ['originalStatus'] },
          ],
          ['bytes after the value', `${toJsonBody(trailing)} {"x":1}`, trailing, {}],
          [
            'duplicate keys (amount, payload.channel)',
            duplicateText,
            { ...duplicate, payload: { channel: 'CASH' } },
            { probedFields: ['amount', 'payload.channel'] },
          ],
        ];
        // A deployment may answer a body it cannot read as it answers any such body: as an event of no
        // fields, say (PHP's json_decode failing to null), which claims the codes of the fields missing.
        // Only the whole answer counts: its status and the same set of codes.
        const unreadable = await post(tenantA, '{"externalId": "x", "amount": ');
        const answers = await Promise.all(probes.map(([, body]) => post(tenantA, body)));
        const readings = await Promise.all(
          probes.map(([what, , kept, options], i) =>
            createdOrRefused(tenantA, answers[i] as ServiceResponse, kept, what, {
              ...options,
              unreadableCodes: isSameRefusal(answers[i] as ServiceResponse, unreadable)
                ? codesNamed(unreadable)
                : [],
            }).then((r) => `${what}: ${r}`),
          ),
        );
        for (const reading of readings) await observe('GAP-MALFORMED-JSON', reading);
      }),
  );
});
