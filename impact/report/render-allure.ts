/**
 * The gate's report as Allure results (`*-result.json`): one per tenant, passed when unaffected, failed
 * when affected, broken when its impact could not be established, so that it sits with the conformance
 * run's evidence in one Allure report.
 */
import { createHash } from 'node:crypto';
import type { TenantImpact } from '../verdict.ts';
import type { ImpactReport } from './impact-report.ts';
import { differenceText } from './render-junit.ts';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

const STATUS = { unaffected: 'passed', affected: 'failed', 'not-established': 'broken' } as const;

const messageOf = (t: TenantImpact): string | undefined =>
  t.verdict === 'affected'
    ? `affected: ${t.differences.length} exchanges answered otherwise`
    : t.verdict === 'not-established'
      ? `not established: ${t.reasons[0] ?? ''}`
      : undefined;

export const allureResultsOf = (r: ImpactReport) => {
  const at = Date.parse(r.generatedAt);
  return r.tenants.map((t, index) => {
    const fullName = `tenant-impact: ${t.tenant}`;
    const message = messageOf(t);
    const trace = t.verdict === 'affected' ? differenceText(t) : t.reasons.join('\n');
    return {
      uuid: md5(`${r.generatedAt} ${t.tenant} ${index}`).replace(
        /^(.{8})(.{4})(.{4})(.{4})(.{12})$/,
        '$1-$2-$3-$4-$5',
      ),
      historyId: md5(fullName),
      testCaseId: md5(fullName),
      fullName,
      name: `${t.tenant}: ${t.verdict}`,
      status: STATUS[t.verdict],
      statusDetails: { ...(message ? { message } : {}), ...(trace ? { trace } : {}) },
      stage: 'finished',
      start: at,
      stop: at,
      labels: [
        { name: 'parentSuite', value: 'Tenant impact' },
        { name: 'suite', value: t.verdict },
        { name: 'tag', value: 'impact' },
      ],
    };
  });
};
