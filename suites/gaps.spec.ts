/**
 * Where the spec is silent: every consistent reading is accepted, and the one the target chose is
 * recorded as an observation. Any answer is a reading there, a refusal or even a failure; what the
 * spec does say still holds: a malformed request is a 400 (7.4), every non-2xx body is the part 7 body
 * (ERROR-BODY-SHAPE), a refusal claims no stated rule the request does not break (except the probed
 * field's own code, the reference's own reading), and what is accepted is kept. A check of a gap
 * declares ERROR-BODY-SHAPE beside it, the stated rule every one of them judges in any answer, so that
 * a run of that rule's checks (`--grep ERROR-BODY-SHAPE`, a mutant's first stage in the self-check)
 * has it too: an HTML page for an unknown route or a too-long field is found there.
 */
import {
  type AnswerOfTheSpec,
  isSuccess,
  judgeDuplicateCodeStatus,
  judgeExternalIdTakeover,
  judgeExternalIdTakeoverRefused,
  judgeMalformedBody,
  judgeMalformedUpdateBody,
  judgeNonObjectBody,
  judgeUnchangedByMalformedRequest,
  judgeUpdateShown,
  readErrorBody,
} from '../oracle/index.ts';
import { reachesRules, ruleCheck } from '../run-records/rule-annotations.ts';
import { EVENT_FIELDS, EVENTS_PATH, eventPath, HEADERS } from '../spec/index.ts';
import { test } from './fixtures/index.ts';
import { validPayin, validPayout, withField } from './samples/sample-events.ts';
import type { ServiceResponse } from './transport/service-client.ts';
import { keptOrRefusedCleanly } from './verdicts/kept-or-refused.ts';
import { check } from './verdicts/verdicts.ts';

/** `400 ERR-9001`, `201`: how an observation names an answer. */
const summary = (response: ServiceResponse): string =>
  `${response.status} ${readErrorBody(response)?.errorCode ?? ''}`.trim();

/**
 * A body over the default limits of Express (100 KiB) and of the reference (256 KiB), whose own refusal
 * is an HTML or plain-text page unless the service's error handler answers it. Not far over: a server
 * that stops reading at its limit closes the connection when much more is left unread (Go's, past
 * 256 KiB), and a body cut off so gets no answer at all.
 */
const LARGE_BODY_BYTES = 280 * 1024;

test.describe('readings of the gaps', { tag: ['@validation'] }, () => {
  test(
    ...ruleCheck(
      ['REQUEST-MALFORMED-400', 'GAP-MALFORMED-JSON'],
      'a body that is not JSON gives 400 with a structured error',
    ),
    async ({ tenantA, observe }) => {
      for (const [label, raw] of [
        ['truncated JSON', '{"externalId": "x", "amount": '],
        ['not JSON at all', 'externalId=x&amount=1'],
      ] as const) {
        const response = await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: raw });
        check.verdict(judgeMalformedBody(response, label), response);
        check.gapAnswer(response);
        await observe('GAP-MALFORMED-JSON', `${label} gives ${summary(response)}`);
      }
    },
  );

  test(
    ...ruleCheck(
      ['REQUEST-MALFORMED-400', 'GAP-MALFORMED-JSON'],
      'a PUT body that is not JSON gives 400 with a structured error and changes nothing',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // The twin of the POST check above: 7.4's "400 Malformed request" holds for every body the
        // service reads, and a body it cannot read cannot update anything.
        const event = validPayin(runId, 'malformed-put');
        const uuid = check.created(await tenantA.create(event));
        for (const [label, raw] of [
          ['truncated JSON', '{"externalId": "x", "amount": '],
          ['not JSON at all', 'externalId=x&amount=1'],
        ] as const) {
          const response = await tenantA.send({ method: 'PUT', path: eventPath(uuid), rawBody: raw });
          check.verdict(judgeMalformedUpdateBody(response, label), response);
          check.gapAnswer(response);
          await observe('GAP-MALFORMED-JSON', `PUT with ${label} gives ${summary(response)}`);
        }
        check.sameEvent(await tenantA.retrieve(uuid), event, judgeUnchangedByMalformedRequest);
      }),
  );

  test(
    ...ruleCheck(
      ['REQUEST-MALFORMED-400', 'GAP-MALFORMED-JSON'],
      'a JSON body that is not an object gives 400 (or 422)',
    ),
    async ({ tenantA, observe }) => {
      for (const raw of ['[]', '"event"', 'null', '42']) {
        const response = await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: raw });
        check.verdict(judgeNonObjectBody(response, raw), response);
        check.gapAnswer(response);
        await observe('GAP-MALFORMED-JSON', `JSON ${raw} gives ${summary(response)}`);
      }
    },
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-WRONG-JSON-TYPE'],
      'a scalar of another JSON type is accepted as the value it spells, or refused cleanly',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // Many stacks coerce scalars (Jackson and pydantic read "125.50" as an amount, Jackson reads 42 as
        // a string, ASP.NET Core reads numbers from strings): a reading, not a fault.
        // Each with what the spec answers it, which a 5xx in its place breaks.
        const cases: [string, unknown, AnswerOfTheSpec][] = [
          ['amount', '125.50', 'amount-read-or-refused'],
          ['externalId', 42, 'external-id-read-or-refused'],
        ];
        for (const [field, value, specAnswers] of cases) {
          const event = withField(validPayin(runId, 'coercible'), field, value);
          const response = await tenantA.create(event);
          // Coerced (201) or refused (400): either way the spec answers it, so a 5xx breaks the field's rule.
          check.gapAnswer(response, {
            claimsChecked: `${field} as ${JSON.stringify(value)}`,
            probedFields: [field],
            specAnswers,
          });
          let stored = '';
          if (isSuccess(response.status)) {
            const got = (await tenantA.retrieve(check.created(response))).json as Record<string, unknown>;
            stored = `, stored as ${JSON.stringify(got?.[field])}`;
          }
          await observe(
            'GAP-WRONG-JSON-TYPE',
            `${field} as ${typeof value} gives ${summary(response)}${stored}`,
          );
        }
      }),
  );

  // An array or object where a scalar belongs, and a scalar where an object or array belongs, at every
  // position of the body: the structural sweep (structure.spec.ts) sends each in every run.

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-EXTRA-TOP-LEVEL-FIELDS'],
      'an unknown top-level field is refused, dropped or kept',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const event = validPayout(runId, 'extra-field');
        const response = await tenantA.create({ ...event, internalNote: 'kit' });
        const read = await keptOrRefusedCleanly(tenantA, response, event, {
          claimsChecked: 'an unknown top-level field',
          probedFields: ['internalNote'],
        });
        const stored = read?.event;
        await observe(
          'GAP-EXTRA-TOP-LEVEL-FIELDS',
          isSuccess(response.status)
            ? `accepted and ${stored && 'internalNote' in stored ? 'kept' : 'dropped'}`
            : `refused with ${summary(response)}`,
        );
      }),
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-REQUIRED-FIELDS'],
      'an event of only an externalId is accepted or refused cleanly',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const response = await tenantA.create({ externalId: validPayin(runId, 'minimal').externalId });
        const unsent = EVENT_FIELDS.filter((field) => field !== 'externalId');
        // A refusal may name any missing field under its own code; it may not say externalId is missing.
        // Created, or refused for fields this deployment requires: a 5xx is neither (part 4 rule 2).
        check.gapAnswer(response, {
          claimsChecked: 'an event of only an externalId',
          probedFields: unsent,
          specAnswers: 'created-or-every-failure',
        });
        const errors = (response.json as { errors?: { field: string; errorCode: string }[] } | undefined)
          ?.errors;
        const codes = (Array.isArray(errors) ? errors : [])
          .map((e) => `${e.field} ${e.errorCode}`)
          .join(', ');
        await observe(
          'GAP-REQUIRED-FIELDS',
          isSuccess(response.status)
            ? 'only externalId is required'
            : `refused: ${codes || summary(response)}`,
        );
      }),
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-CONTENT-TYPE'],
      'a JSON body sent as text/plain, or with no Content-Type, is answered cleanly',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        for (const [label, contentType] of [
          ['text/plain', 'text/plain'],
          ['no Content-Type', null],
        ] as const) {
          const response = await tenantA.send({
            method: 'POST',
            path: EVENTS_PATH,
            headers: { [HEADERS.contentType]: contentType },
            rawBody: JSON.stringify(validPayin(runId, 'content-type')),
          });
          // A deployment that does not read such a body as JSON may well report its fields as missing.
          check.gapAnswer(response);
          await observe('GAP-CONTENT-TYPE', `${label} gives ${summary(response)}`);
        }
      }),
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-OTHER-OPERATIONS'],
      'a listing and an unknown route are answered cleanly',
      {
        tag: ['@readonly'],
      },
    ),
    async ({ tenantA, observe }) => {
      for (const probe of [
        { method: 'GET', path: EVENTS_PATH },
        { method: 'GET', path: '/api/h2h/ingestion/no-such-resource' },
      ]) {
        const response = await tenantA.send(probe);
        check.gapAnswer(response);
        await observe('GAP-OTHER-OPERATIONS', `${probe.method} ${probe.path} gives ${summary(response)}`);
      }
    },
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-OTHER-OPERATIONS'],
      'a DELETE or a PATCH of an unknown uuid is answered cleanly',
    ),
    async ({ tenantA, observe }) => {
      // Not @readonly: a read-only run sends nothing but GETs. PATCH too: a method a framework may
      // answer on its own (501, 405) beside a PUT route, or a partial update the deployment adds.
      const deleted = await tenantA.send({ method: 'DELETE', path: eventPath(crypto.randomUUID()) });
      check.gapAnswer(deleted);
      const patched = await tenantA.send({ method: 'PATCH', path: eventPath(crypto.randomUUID()), json: {} });
      check.gapAnswer(patched);
      await observe(
        'GAP-OTHER-OPERATIONS',
        `DELETE ${EVENTS_PATH}/{uuid} gives ${summary(deleted)}; PATCH gives ${summary(patched)}`,
      );
    },
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-FIELD-LIMITS'],
      'a long externalId and many or repeated multiCurrencyAmounts are kept or refused cleanly',
      // Kept is kept exactly; a long externalId refused is not refused as missing.
      reachesRules(['RETRIEVE-RETURNS-EVENT', 'VAL-EXTERNAL-ID-REQUIRED']),
    ),
    async ({ tenantA, runId, observe }) => {
      const longId = `${runId}-${'x'.repeat(1000)}`;
      const cases: [string, Record<string, unknown>, string][] = [
        ['an externalId of over 1000 characters', { ...validPayin(runId), externalId: longId }, 'externalId'],
        [
          '200 multiCurrencyAmounts items',
          withField(
            validPayout(runId, 'many-mca'),
            'multiCurrencyAmounts',
            Array.from({ length: 200 }, (_, i) => ({ currencyCode: 'USD', amount: i + 1 })),
          ),
          'multiCurrencyAmounts',
        ],
        [
          // A set of items, or INSERT IGNORE into a child table keyed by its values, keeps one of each.
          'multiCurrencyAmounts items repeated exactly',
          withField(validPayout(runId, 'repeated-mca'), 'multiCurrencyAmounts', [
            { currencyCode: 'USD', amount: 5 },
            { currencyCode: 'USD', amount: 5 },
            { currencyCode: 'EUR', amount: 1.5 },
          ]),
          'multiCurrencyAmounts',
        ],
      ];
      for (const [label, event, field] of cases) {
        const response = await tenantA.create(event);
        await keptOrRefusedCleanly(tenantA, response, event, {
          claimsChecked: label,
          probedFields: [field],
          sent: event,
        });
        await observe('GAP-FIELD-LIMITS', `${label} gives ${summary(response)}`);
      }
    },
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-FIELD-LIMITS'],
      'a body of 280 KiB is kept, or refused with a part 7 body',
    ),
    async ({ tenantA, runId, observe }) => {
      const event = { ...validPayin(runId, 'large-body'), originalStatus: 'x'.repeat(LARGE_BODY_BYTES) };
      const response = await tenantA.create(event);
      await keptOrRefusedCleanly(tenantA, response, event, {
        claimsChecked: 'a body of 280 KiB',
        probedFields: ['originalStatus'],
      });
      await observe('GAP-FIELD-LIMITS', `a body of 280 KiB gives ${summary(response)}`);
    },
  );
});

test.describe('readings of the field gaps', { tag: ['@validation'] }, () => {
  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-ORIGINAL-STATUS-VALUES'],
      'any originalStatus string is kept or refused cleanly',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        for (const originalStatus of ['SETTLED_BY_PARTNER_7', 'en attente', '']) {
          const event = withField(validPayin(runId, 'original-status'), 'originalStatus', originalStatus);
          const response = await tenantA.create(event);
          await keptOrRefusedCleanly(tenantA, response, event, {
            claimsChecked: `originalStatus ${JSON.stringify(originalStatus)}`,
            probedFields: ['originalStatus'],
          });
          await observe(
            'GAP-ORIGINAL-STATUS-VALUES',
            `originalStatus ${JSON.stringify(originalStatus)} gives ${summary(response)}`,
          );
        }
      }),
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-REQUIRED-FIELDS'],
      'an empty multiCurrencyAmounts is kept or refused cleanly, as a list required non-empty may be',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const event = withField(validPayout(runId, 'no-items'), 'multiCurrencyAmounts', []);
        const response = await tenantA.create(event);
        // Kept, it may come back empty, null or absent: an optional container sent empty.
        await keptOrRefusedCleanly(tenantA, response, event, {
          claimsChecked: 'an empty multiCurrencyAmounts',
          probedFields: ['multiCurrencyAmounts'],
        });
        await observe('GAP-REQUIRED-FIELDS', `multiCurrencyAmounts [] gives ${summary(response)}`);
      }),
  );

  test(
    ...ruleCheck(
      ['CREATE-RETURNS-UUID', 'GAP-FIELD-LIMITS'],
      'names and ids beyond the Basic Multilingual Plane are kept or refused cleanly, never a server error',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        // Four bytes in UTF-8: a column of three-byte UTF-8 (MySQL's utf8) cannot hold them.
        const event = withField(validPayin(runId, 'astral'), 'payload', {
          channel: 'ONLINE',
          payerName: 'Zoë Ng \u{1F600}',
          payerPersonalId: 'ID\u{1D7D9}\u{1D7DA}\u{1D7DB}',
        });
        const response = await tenantA.create(event);
        await keptOrRefusedCleanly(tenantA, response, event, {
          claimsChecked: 'names and ids with characters beyond U+FFFF',
          probedFields: ['payload.payerName', 'payload.payerPersonalId'],
          specAnswers: 'valid-event-created-or-refused',
        });
        await observe('GAP-FIELD-LIMITS', `a payer name and id beyond U+FFFF give ${summary(response)}`);
      }),
  );

  test(
    ...ruleCheck(
      ['ERROR-BODY-SHAPE', 'GAP-PERSONAL-ID-TYPE-VALUES'],
      'any personal id type string is kept or refused cleanly',
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const cases: [Record<string, unknown>, string][] = [
          [
            withField(validPayin(runId, 'id-type'), 'payload.payerPersonalIdType', 'TAX_NUMBER_OF_ATLANTIS'),
            'payload.payerPersonalIdType',
          ],
          [
            withField(validPayout(runId, 'id-type'), 'payload.beneficiaryPersonalIdType', 'tax-number'),
            'payload.beneficiaryPersonalIdType',
          ],
        ];
        for (const [event, field] of cases) {
          const response = await tenantA.create(event);
          await keptOrRefusedCleanly(tenantA, response, event, {
            claimsChecked: 'an unusual personal id type',
            probedFields: [field],
          });
          await observe(
            'GAP-PERSONAL-ID-TYPE-VALUES',
            `${event.type} with an unusual id type gives ${summary(response)}`,
          );
        }
      }),
  );

  test(
    ...ruleCheck(
      ['DEDUP-EXTERNAL-ID', 'GAP-422-USE'],
      'a PUT moving an event onto another event’s externalId is refused cleanly, 400, 409 or 422',
      { tag: ['@update'] },
    ),
    async ({ tenantA, runId, observe, startsAfresh }) =>
      startsAfresh(async () => {
        const first = validPayin(runId);
        const second = validPayout(runId);
        check.created(await tenantA.create(first));
        const uuid = check.created(await tenantA.create(second));
        const body = { ...second, externalId: first.externalId };
        const response = await tenantA.update(uuid, body);
        const outcome = check.update(response, judgeExternalIdTakeover);
        // A success that left the event's own externalId took nothing: UPDATE-APPLIES's to judge first.
        if (outcome === 'applied') check.sameEvent(await tenantA.retrieve(uuid), body, judgeUpdateShown);
        check.verdict(judgeExternalIdTakeoverRefused(outcome), response);
        check.verdict(judgeDuplicateCodeStatus(response), response);
        await observe('GAP-422-USE', `PUT onto another event's externalId gives ${summary(response)}`);
      }),
  );
});
