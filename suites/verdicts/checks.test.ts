/**
 * The checks that choose between two claims by the answer: a refused PUT is read before or after its
 * body, and each reading judged by its own claim.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { Judgement } from '../../oracle/index.ts';
import { expectedFailure } from '../samples/expected-failures.ts';
import { serviceResponse } from '../transport/test-support/service-responses.ts';
import { makeChecks } from './checks.ts';

const judged = (act: (checks: ReturnType<typeof makeChecks>) => void): Judgement<unknown>[] => {
  const judgements: Judgement<unknown>[] = [];
  act(makeChecks((judgement) => judgements.push(judgement)));
  return judgements;
};

const rulesOf = (judgements: readonly Judgement<unknown>[]): string[] =>
  judgements.flatMap((judgement) => judgement.violations.map((violation) => violation.rule));

const amountFailure = [expectedFailure('amount', 'ERR-3005')];
const validationBody = (errorCode: string) => ({
  status: 400,
  errorCode,
  title: 'One or more validation errors occurred',
  errors: [{ field: 'amount', errorCode, message: 'x' }],
});

test('REFUSED UPDATE: refused before its body is a gap answer; refused for its body must name exactly its failures', () => {
  const before = judged((checks) =>
    checks.refusedUpdate(
      serviceResponse(409, { status: 409, errorCode: 'ERR-4010', title: 'Event is final' }),
      amountFailure,
    ),
  );
  expect(before).toHaveLength(1);
  expect(rulesOf(before)).toEqual([]);

  expect(
    rulesOf(
      judged((checks) =>
        checks.refusedUpdate(serviceResponse(400, validationBody('ERR-3005')), amountFailure),
      ),
    ),
  ).toEqual([]);

  const wrongCode = judged((checks) =>
    checks.refusedUpdate(serviceResponse(400, validationBody('ERR-3004')), amountFailure),
  );
  expect(rulesOf(wrongCode).length).toBeGreaterThan(0);

  // Applied: neither a refusal before the body nor a validation failure.
  const applied = judged((checks) =>
    checks.refusedUpdate(serviceResponse(200, { uuid: 'u' }), amountFailure),
  );
  expect(rulesOf(applied).length).toBeGreaterThan(0);
});
