/**
 * The client rows' verdicts: a well-behaved client certified or failed, a mutant client caught by its
 * rule, weakly caught by another, survived, or an error when the run wrote no certificate.
 */

import type { ClientCertificate } from '../client/certificate/client-certificate.ts';
import { CLIENT_BEHAVIOURS } from '../client/self-check-clients/client-behaviours.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { buildClientMatrix, clientEntry, clientMatrixPasses, clientTotalsLine } from './client-verdicts.ts';

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
