/**
 * The client certificate as Allure results (`*-result.json`, which Allure 3 reads): one per client rule,
 * passed, failed (a MUST rule, or any with --strict), skipped when not exercised or not established; an advisory is passed
 * with its findings in the message. `npx allure generate <folder>/allure-results` makes a report of it.
 */
import { createHash } from 'node:crypto';
import { type ClientCertificate, ungradedReason } from './client-certificate.ts';

export interface ClientAllureResult {
  readonly uuid: string;
  readonly historyId: string;
  readonly testCaseId: string;
  readonly fullName: string;
  readonly name: string;
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly statusDetails: { readonly message?: string; readonly trace?: string };
  readonly stage: 'finished';
  readonly start: number;
  readonly stop: number;
  readonly labels: readonly { readonly name: string; readonly value: string }[];
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

export const allureResultsOf = (c: ClientCertificate): ClientAllureResult[] => {
  const at = Date.parse(c.generatedAt);
  return c.rules.map((rule, index) => {
    const fullName = `client-certification: ${rule.id}`;
    const details = rule.findings
      .map((f) => `${f.summary}\n${f.exchanges.map((l) => `  ${l.text}`).join('\n')}`)
      .join('\n');
    const ungraded = ungradedReason(rule);
    const status =
      ungraded !== undefined ? 'skipped' : rule.verdict === 'failed' && !rule.advisory ? 'failed' : 'passed';
    const message =
      ungraded !== undefined
        ? ungraded
        : rule.verdict === 'failed'
          ? `${rule.advisory ? 'advisory (SHOULD rule): ' : ''}${rule.findings[0]?.summary ?? ''}. How to fix: ${rule.advice}`
          : undefined;
    return {
      uuid: md5(`${c.generatedAt} ${rule.id} ${index}`).replace(
        /^(.{8})(.{4})(.{4})(.{4})(.{12})$/,
        '$1-$2-$3-$4-$5',
      ),
      historyId: md5(fullName),
      testCaseId: md5(fullName),
      fullName,
      name: `${rule.id}: ${rule.title}`,
      status,
      statusDetails: { ...(message ? { message } : {}), ...(details ? { trace: details } : {}) },
      stage: 'finished',
      start: at,
      stop: at,
      labels: [
        { name: 'parentSuite', value: 'Client certification' },
        { name: 'suite', value: rule.level === 'must' ? 'MUST rules' : 'SHOULD rules' },
        { name: 'tag', value: rule.level },
        { name: 'severity', value: rule.level === 'must' ? 'critical' : 'normal' },
      ],
    };
  });
};
