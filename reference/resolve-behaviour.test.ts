/**
 * A reading of the gaps is checked when the app is built (resolve-behaviour.ts): every option, the
 * first ones and those added since, refuses a bad value with a message naming it.
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { buildReferenceApp } from './app.ts';
import { DEFAULT_BEHAVIOUR, type ReferenceBehaviour } from './behaviour.ts';
import { resolveBehaviour } from './resolve-behaviour.ts';

test.describe('reference: behaviour options (readings of the spec gaps)', () => {
  test('behaviour options are checked at start', () => {
    expect(resolveBehaviour()).toEqual(DEFAULT_BEHAVIOUR);
    expect(resolveBehaviour({ putSuccess: undefined }, undefined)).toEqual(DEFAULT_BEHAVIOUR);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ putSuccess: '201' }, /putSuccess must be one of event-200, no-content-204, uuid-200/],
      [{ fieldPath: 'xpath' }, /fieldPath must be one of/],
      [{ unknownPayloadPropertyCode: 'E42' }, /unknownPayloadPropertyCode must be an error code/],
      [
        { malformedJson: { status: 500, errorCode: 'ERR-9001' } },
        /malformedJson.status must be one of 400, 422/,
      ],
      [
        { rateLimitAlgorithm: 'leaky' },
        /rateLimitAlgorithm must be one of fixed-window, sliding-window, token-bucket/,
      ],
      [{ putStatus: 200 }, /Unknown behaviour option "putStatus"/],
    ];
    for (const [behaviour, message] of bad) {
      expect(() => buildReferenceApp({ behaviour: behaviour as Partial<ReferenceBehaviour> })).toThrow(
        message,
      );
    }
  });
});

test.describe('reference: readings of the gaps (behaviour options)', () => {
  test('every new option is checked at start, with a message naming it', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ putSemantics: 'patch' }, /putSemantics must be one of replace, merge/],
      [
        { immutableOnUpdate: { fields: ['uuid'], status: 409, errorCode: 'ERR-4009' } },
        /immutableOnUpdate.fields must be a list of type, externalId/,
      ],
      [
        { immutableOnUpdate: { fields: ['type'], status: 403, errorCode: 'ERR-4009' } },
        /immutableOnUpdate.status must be one of 400, 409, 422/,
      ],
      [
        { statusTransitions: { finalStatuses: ['DONE'], status: 409, errorCode: 'ERR-4010' } },
        /statusTransitions.finalStatuses must be a list of PENDING, REJECTED, BOOKED/,
      ],
      [
        { statusTransitions: { finalStatuses: [], status: 409, errorCode: 'E1' } },
        /statusTransitions.errorCode must be an error code/,
      ],
      [{ getExtraFields: 'etag' }, /getExtraFields must be one of/],
      [{ eventEnvelope: 'result' }, /eventEnvelope must be one of none, data/],
      [{ amountFormat: 'cents' }, /amountFormat must be one of number, decimal-string/],
      [{ errorsOrder: 'random' }, /errorsOrder must be one of spec, reversed, by-code, by-field/],
      [
        { fieldPath: 'xpath' },
        /fieldPath must be one of dot, pointer, leaf, jsonpath, pascal, body-prefixed, dot-index/,
      ],
      [
        { unknownPayloadPropertyField: 'root' },
        /unknownPayloadPropertyField must be one of property, payload/,
      ],
      [
        { wrongJsonType: 'coerce' },
        /wrongJsonType must be one of own-code, generic-code, generic-and-own-code/,
      ],
      [
        { nonObjectBody: { status: 415, errorCode: 'ERR-9002' } },
        /nonObjectBody.status must be one of 400, 422/,
      ],
      [{ headerPrecedence: 'random' }, /headerPrecedence must be one of/],
      [
        { rateLimitBody: 'xml' },
        /rateLimitBody must be one of simple, with-detail, with-retry-after, problem-details/,
      ],
      [
        { requiredFields: 'none' },
        /requiredFields must be one of all-rule-fields, core-fields, external-id-only/,
      ],
      [{ originalStatusValues: [] }, /originalStatusValues must be "any" or a non-empty list/],
      [{ personalIdTypes: ['PASSPORT', ''] }, /personalIdTypes must be "any" or a non-empty list/],
      [
        {
          fieldLimits: {
            externalIdMaxLength: 0,
            maxMultiCurrencyAmounts: null,
            amountMaxDecimals: null,
            status: 400,
          },
        },
        /fieldLimits.externalIdMaxLength must be null or a whole number of at least 1/,
      ],
      [
        {
          fieldLimits: {
            externalIdMaxLength: null,
            maxMultiCurrencyAmounts: null,
            amountMaxDecimals: 2.5,
            status: 400,
          },
        },
        /fieldLimits.amountMaxDecimals must be null or a whole number/,
      ],
      [
        {
          fieldLimits: {
            externalIdMaxLength: null,
            maxMultiCurrencyAmounts: null,
            amountMaxDecimals: null,
            amountMaxIntegerDigits: 0,
            status: 400,
          },
        },
        /fieldLimits.amountMaxIntegerDigits must be null or a whole number of at least 1/,
      ],
      [
        {
          fieldLimits: {
            externalIdMaxLength: null,
            maxMultiCurrencyAmounts: null,
            amountMaxDecimals: null,
            status: 413,
          },
        },
        /fieldLimits.status must be one of 400, 422/,
      ],
      [
        { bodyLimit: { maxBytes: 10, status: 413 } },
        /bodyLimit.maxBytes must be a whole number of at least 4096/,
      ],
      [{ bodyLimit: { maxBytes: 8192, status: 500 } }, /bodyLimit.status must be one of 400, 413/],
      [
        { contentType: 'ignored' },
        /contentType must be one of required-400, required-415, treated-as-empty, parse-any/,
      ],
      [
        { nonUuidPathId: 'gone-410' },
        /nonUuidPathId must be one of not-found-404, bad-request-400, route-not-found-404/,
      ],
      [
        { unsupportedMethod: 'teapot-418' },
        /unsupportedMethod must be one of not-found-404, method-not-allowed-405/,
      ],
      [
        { versionHeader: { name: 'bad header', value: '1' } },
        /versionHeader must be null or \{ name, value \}/,
      ],
      [{ listing: 'by-offset' }, /listing must be one of none, paged, page-and-page-size, cursor, unpaged/],
      [{ versions: 'always' }, /versions must be one of none, on-request/],
      [
        { extraFields: [{ name: 'amount', type: 'number' }] },
        /extraFields must be a list of \{ name, type \}/,
      ],
      [
        { extraFields: [{ name: 'isNegative', type: 'date' }] },
        /extraFields must be a list of \{ name, type \}/,
      ],
    ];
    for (const [behaviour, message] of bad) {
      expect(
        () => buildReferenceApp({ behaviour: behaviour as Partial<ReferenceBehaviour> }),
        JSON.stringify(behaviour),
      ).toThrow(message);
    }
  });
});
