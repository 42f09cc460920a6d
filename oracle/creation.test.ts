/** Creation: 201 with a UUID, and a refusal claiming a stated code breaks that code’s rule. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  judgeCreatedAfterForeignClientPost,
  judgeCreatedAfterRefusedPost,
  judgeCreation,
} from './creation.ts';
import { answer, validationAnswer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: creation is 201 with a UUID; a refusal claiming a stated code breaks that code’s rule', () => {
  const uuid = crypto.randomUUID().toUpperCase();
  expect(judgeCreation(answer(201, { uuid }))).toEqual({ evidence: uuid, violations: [] });
  expect(rules(judgeCreation(answer(201, { id: uuid })).violations)).toEqual(['CREATE-RETURNS-UUID']);
  expect(rules(judgeCreation(answer(200, { uuid })).violations)).toEqual(['CREATE-RETURNS-UUID']);
  expect(
    rules(judgeCreation(validationAnswer([{ field: 'amount', errorCode: 'ERR-3005' }])).violations),
  ).toEqual(['VAL-AMOUNT-POSITIVE']);
  expect(
    rules(judgeCreation(answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate' })).violations),
  ).toEqual(['DEDUP-EXTERNAL-ID']);
  expect(rules(judgeCreation(answer(500, '<h1>oops</h1>', 'text/html')).violations)).toEqual([
    'CREATE-RETURNS-UUID',
    'ERROR-BODY-SHAPE',
  ]);
});

test('ORACLE: after a POST refused for its credentials, the same event is created; a duplicate breaks the refusal’s rule, named', () => {
  const uuid = crypto.randomUUID();
  const after = (status: number, body: unknown) =>
    judgeCreatedAfterRefusedPost(answer(status, body), 'no token');
  expect(after(201, { uuid })).toEqual({ evidence: uuid, violations: [] });
  const duplicate = after(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate' });
  expect(rules(duplicate.violations)).toEqual(['AUTH-TOKEN-MISSING']);
  expect(duplicate.violations[0]?.message).toContain('the POST without X-Access-Token stored its event');
  const inErrors = judgeCreatedAfterRefusedPost(
    validationAnswer([{ field: 'externalId', errorCode: 'ERR-4001' }]),
    'unknown token',
  );
  expect(rules(inErrors.violations)).toEqual(['AUTH-TOKEN-INVALID']);
  // Anything else is judged as any creation is.
  expect(rules(after(200, { uuid }).violations)).toEqual(['CREATE-RETURNS-UUID']);
});

test('ORACLE: after a POST with another tenant’s X-Client-Id, the same event is new to each tenant; a duplicate breaks AUTH-NOT-AUTHORIZED', () => {
  const uuid = crypto.randomUUID();
  expect(judgeCreatedAfterForeignClientPost(answer(201, { uuid }))).toEqual({
    evidence: uuid,
    violations: [],
  });
  const duplicate = judgeCreatedAfterForeignClientPost(
    answer(400, { status: 400, errorCode: 'ERR-4001', title: 'Duplicate' }),
  );
  expect(rules(duplicate.violations)).toEqual(['AUTH-NOT-AUTHORIZED']);
  expect(duplicate.violations[0]?.message).toContain(
    "the POST with another tenant's X-Client-Id stored its event",
  );
  expect(
    rules(
      judgeCreatedAfterForeignClientPost(answer(500, { status: 500, errorCode: 'ERR-5001', title: 'x' }))
        .violations,
    ),
  ).not.toContain('AUTH-NOT-AUTHORIZED');
});
