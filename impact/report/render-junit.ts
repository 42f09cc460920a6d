/** The gate's report as JUnit XML: one test case per tenant; affected fails, not established errs (pure). */
import { html } from '../../reports/certificate/escape.ts';
import type { TenantImpact } from '../verdict.ts';
import { DIRECTION_TEXT, type ImpactReport } from './impact-report.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
const xml = (text: string): string => html(text).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** Each difference in one line: what a CI log shows of an affected tenant. */
export const differenceText = (t: TenantImpact): string =>
  t.differences
    .map(
      (d) =>
        `${d.request}: ${d.changes.map((c) => `${c.aspect} ${c.recorded} → ${c.replayed ?? '(absent)'}`).join('; ')} [${DIRECTION_TEXT[d.direction]}]`,
    )
    .join('\n');

const caseOf = (t: TenantImpact): string => {
  const body =
    t.verdict === 'affected'
      ? `<failure message="${xml(`affected: ${t.differences.length} exchanges answered otherwise`)}">${xml(differenceText(t))}</failure>`
      : t.verdict === 'not-established'
        ? `<error message="${xml(`not established: ${t.reasons[0] ?? ''}`)}">${xml(t.reasons.join('\n'))}</error>`
        : '';
  return `    <testcase classname="tenant-impact" name="${xml(t.tenant)}">${body}</testcase>`;
};

export const renderJunit = (r: ImpactReport): string => {
  const failures = r.counts.affected;
  const errors = r.counts.notEstablished + r.unusableFiles.length;
  const tests = r.tenants.length + r.unusableFiles.length;
  const unusable = r.unusableFiles.map(
    (f) =>
      `    <testcase classname="tenant-impact" name="${xml(f.file)}"><error message="${xml(`not used: ${f.problem}`)}"/></testcase>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tenant impact" tests="${tests}" failures="${failures}" errors="${errors}">`,
    `  <testsuite name="tenants" tests="${tests}" failures="${failures}" errors="${errors}" timestamp="${r.generatedAt}">`,
    ...r.tenants.map(caseOf),
    ...unusable,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};
