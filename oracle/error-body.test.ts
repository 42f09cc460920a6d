/** Simple errors and error bodies: the status, the code and the part 7 shape, each credited to its rule. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { errorBodyViolations, errorViolations, judgeErrorBody } from './error-body.ts';
import { answer } from './test-support/answers.ts';
import { rules } from './test-support/rules.ts';

test('ORACLE: simple errors and error bodies', () => {
  const notFound = { status: 404, errorCode: 'ERR-4002', title: 'Not found' };
  expect(errorViolations(answer(404, notFound), 'ERR-4002', 'RETRIEVE-UNKNOWN-404')).toEqual([]);
  // The response's content type is not stated: a body that parses is JSON.
  expect(errorViolations(answer(404, notFound, 'text/plain'), 'ERR-4002', 'RETRIEVE-UNKNOWN-404')).toEqual(
    [],
  );
  expect(
    rules(
      errorViolations(
        answer(403, { ...notFound, status: 403, errorCode: 'ERR-1003' }),
        'ERR-4002',
        'ISOLATION-GET',
      ),
    ),
  ).toEqual(['ISOLATION-GET']);
  expect(
    rules(errorViolations(answer(404, { ...notFound, errorCode: 'ERR-9404' }), 'ERR-4002', 'ISOLATION-GET')),
  ).toEqual(['ISOLATION-GET']);
  expect(rules(errorViolations(answer(404, 'Not Found', 'text/html'), 'ERR-4002', 'ISOLATION-GET'))).toEqual([
    'ERROR-BODY-SHAPE',
  ]);
  expect(rules(errorBodyViolations(answer(404, { ...notFound, status: '404' })))).toEqual([
    'ERROR-BODY-SHAPE',
  ]);
  expect(rules(errorBodyViolations(answer(404, { ...notFound, status: 400 })))).toEqual(['ERROR-BODY-SHAPE']);
  expect(errorBodyViolations(answer(429, { message: 'slow down' }))).toEqual([]);
  // The 429's own code is the deployment's; one of 7.3's claims a fault that did not happen.
  expect(
    errorBodyViolations(answer(429, { status: 429, errorCode: 'ERR-9429', title: 'Slow down' })),
  ).toEqual([]);
  expect(
    rules(
      errorBodyViolations(answer(429, { status: 429, errorCode: 'ERR-5001', title: 'Too many requests' })),
    ),
  ).toEqual(['ERROR-BODY-SHAPE']);
  expect(rules(errorBodyViolations(answer(429, 'slow down', 'text/plain')))).toEqual(['ERROR-BODY-SHAPE']);
  expect(rules(errorBodyViolations(answer(302)))).toEqual(['ERROR-BODY-SHAPE']);
  // The same, as the judgement the fixtures settle at a check's end.
  expect(judgeErrorBody(answer(201, { uuid: 'u' }))).toEqual({ violations: [] });
  expect(judgeErrorBody(answer(302))).toEqual({ violations: errorBodyViolations(answer(302)) });
});
