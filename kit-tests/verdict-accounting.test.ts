/**
 * A pass is what the run saw: against a deployment that answers 422 to every validation failure, the
 * run fails VAL-STATUS-400, and every other rule of the checks that stopped there is either judged on
 * its own part of the answers (the codes a 422 still carries) or not established, with its reason;
 * none reads passed beyond what its checks judged.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import type { Certificate } from '../reports/certificate/certificate.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runConformance } from './test-support/run-conformance.ts';

test.setTimeout(180_000);

test('VERDICTS: a deployment answering 422 to every validation failure fails VAL-STATUS-400 alone; the rest judged on their part or not established', async () => {
  const env = {
    KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'kit-422-')),
    REFERENCE_MUTANT: 'validation-status-422',
  };
  const run = await runConformance(env, ['--grep', '@validation']);
  expect(run.code, run.output).toBe(EXIT.deviation);
  const certificate = JSON.parse(
    readFileSync(join(outputPaths(env).certificate, 'certificate.json'), 'utf8'),
  ) as Certificate;
  const failed = certificate.rules.filter((rule) => rule.verdict === 'failed').map((rule) => rule.id);
  expect(failed).toEqual(['VAL-STATUS-400']);
  const verdictOf = (id: string) => certificate.rules.find((rule) => rule.id === id);
  // The code of a bad status was named in the 422s: judged, held, and said so.
  expect(verdictOf('VAL-STATUS-ENUM')?.reason).toMatch(/judged it and found it held/);
  expect(verdictOf('VAL-PAYIN-NO-PAYOUT-FIELDS')).toMatchObject({ verdict: 'passed' });
  // "and changes nothing" was never reached by the PUT checks that stopped at the 422.
  expect(verdictOf('UPDATE-VALIDATES')).toMatchObject({ verdict: 'inconclusive' });
  expect(verdictOf('UPDATE-VALIDATES')?.reason).toMatch(
    /stopped at violations of VAL-STATUS-400 before judging it/,
  );
  for (const rule of certificate.rules) {
    if (rule.kind !== 'rule' || rule.verdict !== 'passed') continue;
    // A rule that reads passed had every check of it that ran reach its judgement on it.
    for (const check of rule.tests)
      expect(
        check.status === 'passed' || check.status === 'skipped' || check.judgedHere === true,
        `${rule.id}: ${check.title}`,
      ).toBe(true);
  }
  for (const rule of certificate.rules.filter((r) => r.verdict === 'inconclusive'))
    expect(rule.reason, rule.id).toBeTruthy();
});
