/**
 * Part 7: every non-2xx response has a structured JSON body. The fixtures check this for every
 * response of every test; these tests make each kind of error on purpose, so the rule has tests of
 * its own in the report and the certificate.
 */
import { judgeErrorAnswer } from '../oracle/index.ts';
import { ruleCheck } from '../run-records/rule-annotations.ts';
import { EVENTS_PATH, HEADERS } from '../spec/index.ts';
import { test } from './fixtures/index.ts';
import { validPayin, withField } from './samples/sample-events.ts';
import type { ServiceResponse } from './transport/service-client.ts';
import { check } from './verdicts/verdicts.ts';

/** An answer that must be an error, with the part 7 body (what each error is, its own rules check). */
const expectStructured = (response: ServiceResponse, label: string): void => {
  check.verdict(judgeErrorAnswer(response, label), response);
  check.gapAnswer(response);
};

test.describe('error bodies', { tag: ['@errors'] }, () => {
  test(
    ...ruleCheck(
      'ERROR-BODY-SHAPE',
      'header and lookup errors have JSON bodies with status, errorCode and title',
      {
        tag: ['@readonly'],
      },
    ),
    async ({ tenantA, anonymous }) => {
      const probes: [string, () => Promise<ServiceResponse>][] = [
        [
          'token missing',
          () => tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.accessToken]: null } }),
        ],
        [
          'token invalid',
          () =>
            tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.accessToken]: 'svc_test_nope' } }),
        ],
        [
          'tenant header missing',
          () => tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.clientId]: null } }),
        ],
        [
          'tenant header not a UUID',
          () => tenantA.retrieve(crypto.randomUUID(), { headers: { [HEADERS.clientId]: 'x' } }),
        ],
        ['no headers at all', () => anonymous.retrieve(crypto.randomUUID())],
        ['unknown uuid', () => tenantA.retrieve(crypto.randomUUID())],
      ];
      for (const [label, send] of probes) expectStructured(await send(), label);
    },
  );

  test(
    ...ruleCheck(
      'ERROR-BODY-SHAPE',
      'validation, duplicate and malformed-body errors have structured JSON bodies',
    ),
    async ({ tenantA, runId, startsAfresh }) =>
      startsAfresh(async () => {
        const event = validPayin(runId);
        check.created(await tenantA.create(event));
        expectStructured(await tenantA.create(event), 'duplicate externalId');
        expectStructured(
          await tenantA.create(withField(validPayin(runId), 'amount', -1)),
          'validation failure',
        );
        expectStructured(
          await tenantA.send({ method: 'POST', path: EVENTS_PATH, rawBody: '{"externalId":' }),
          'malformed JSON',
        );
      }),
  );
});
