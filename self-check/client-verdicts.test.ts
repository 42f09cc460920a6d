/**
 * The client rows' verdicts: a well-behaved client certified or failed, a mutant client caught by its
 * rule, weakly caught by another, not established when the run could not tell, survived, or an error
 * when the run wrote no certificate.
 */

import type { ClientCertificate } from '../client/certificate/client-certificate.ts';
import { CLIENT_BEHAVIOURS } from '../client/self-check-clients/client-behaviours.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  buildClientMatrix,
  clientAsReportStats,
  clientEntry,
  clientMatrixPasses,
  clientTotalsLine,
} from './client-verdicts.ts';

const certificateFailing = (...ids: string[]): ClientCertificate =>
  ({ rules: ids.map((id) => ({ id, verdict: 'failed' })) }) as unknown as ClientCertificate;

const wellBehaved = CLIENT_BEHAVIOURS.find((b) => b.expect === 'certified');
const mutant = CLIENT_BEHAVIOURS.find((b) => b.expect === 'CLIENT-NO-REPOST-AFTER-201');

test('client rows: each verdict from the exit code and the rules the certificate failed', () => {
  if (!wellBehaved || !mutant)
    throw new Error('the behaviours list lost its well-behaved or its re-POST client');
  const outcome = { seconds: 3, lastLine: 'last' };
  const verdictOf = (behaviour: typeof mutant, exitCode: number | null, certificate?: ClientCertificate) =>
    clientEntry({ ...outcome, behaviour, exitCode, certificate }).verdict;
  expect(verdictOf(wellBehaved, 0, certificateFailing())).toBe('certified');
  expect(verdictOf(wellBehaved, 1, certificateFailing('CLIENT-TOKEN-NOT-IN-URL'))).toBe('failed');
  expect(verdictOf(mutant, 1, certificateFailing('CLIENT-NO-REPOST-AFTER-201'))).toBe('caught');
  expect(verdictOf(mutant, 1, certificateFailing('CLIENT-UPDATE-BY-PUT'))).toBe('weakly-caught');
  expect(verdictOf(mutant, 0, certificateFailing())).toBe('survived');
  expect(verdictOf(mutant, 3, undefined)).toBe('error');
  const matrix = buildClientMatrix([
    { ...outcome, behaviour: wellBehaved, exitCode: 0, certificate: certificateFailing() },
    { ...outcome, behaviour: mutant, exitCode: 0, certificate: certificateFailing() },
  ]);
  expect(clientMatrixPasses(matrix)).toBe(false);
  expect(clientTotalsLine(matrix)).toBe(
    'client certification: 0/1 mutant clients caught (0 weakly), 1 survived; 1/1 well-behaved clients certified',
  );
});

test('client rows: a mutant certified because its rule was not established is said so, and fails nothing', () => {
  const atOnce = CLIENT_BEHAVIOURS.find((b) => b.expect === 'CLIENT-429-DELAY');
  if (!atOnce || !wellBehaved) throw new Error('the behaviours list lost its 429 client');
  const why = 'the machine was too busy to tell a delay from none';
  const unestablished = {
    rules: [{ id: 'CLIENT-429-DELAY', verdict: 'not-established', unestablished: why }],
  } as unknown as ClientCertificate;
  const outcome = { seconds: 3, lastLine: 'last', behaviour: atOnce, certificate: unestablished };
  expect(clientEntry({ ...outcome, exitCode: 0 })).toMatchObject({
    verdict: 'not-established',
    unestablished: why,
  });
  // Passed, the rule it breaks kept: a survivor, whatever else the certificate says.
  const passed = { rules: [{ id: 'CLIENT-429-DELAY', verdict: 'passed' }] } as unknown as ClientCertificate;
  expect(clientEntry({ ...outcome, certificate: passed, exitCode: 0 }).verdict).toBe('survived');
  const matrix = buildClientMatrix([
    { ...outcome, exitCode: 0 },
    { ...outcome, behaviour: wellBehaved, exitCode: 0, certificate: certificateFailing() },
  ]);
  expect(clientMatrixPasses(matrix)).toBe(true);
  expect(clientAsReportStats(matrix)).toEqual({ expected: 1, unexpected: 0, skipped: 1, flaky: 0 });
  expect(clientTotalsLine(matrix)).toBe(
    'client certification: 0/1 mutant clients caught (0 weakly), 0 survived, 1 not established (the machine too busy to tell); 1/1 well-behaved clients certified',
  );
});
