/** The gate's report as Markdown: the verdicts, each tenant's footprint, each difference (pure). */
import { md } from '../../reports/certificate/escape.ts';
import type { ExchangeDifference } from '../differences.ts';
import type { TenantFootprint } from '../footprint.ts';
import type { TenantImpact } from '../verdict.ts';
import { DIRECTION_TEXT, headlineOf, type ImpactReport } from './impact-report.ts';

const list = (values: readonly (string | number)[]): string => (values.length ? values.join(', ') : '—');

export const footprintTable = (footprint: TenantFootprint): string[] => [
  '| operation | status | calls | errorCodes | fields of the answers | errors[].field notation | headers |',
  '|---|---|---|---|---|---|---|',
  ...footprint.operations.map(
    (o) =>
      `| ${md(o.operation)} | ${o.status || 'no answer'} | ${o.calls} | ${md(list(o.errorCodes))} | ${md(list(o.fields))} | ${md(list(o.fieldNotations))} | ${md(list(o.headers))} |`,
  ),
];

const differenceLines = (d: ExchangeDifference): string[] => [
  `- request ${d.seq}, \`${d.request}\`: ${DIRECTION_TEXT[d.direction]}`,
  ...d.changes.map(
    (c) => `  - ${c.aspect}: recorded \`${c.recorded}\`, replayed \`${c.replayed ?? '(absent)'}\``,
  ),
  `  - recorded: HTTP ${d.recorded.status} \`${md(d.recorded.body) || '(no body)'}\``,
  `  - replayed: HTTP ${d.replayed.status} \`${md(d.replayed.body) || '(no body)'}\``,
  ...(d.rulesBrokenRecorded.length + d.rulesBrokenReplayed.length > 0
    ? [`  - rules broken: recorded ${list(d.rulesBrokenRecorded)}; replayed ${list(d.rulesBrokenReplayed)}`]
    : []),
];

const tenantSection = (t: TenantImpact): string[] => [
  `### ${t.tenant}: ${t.verdict}`,
  '',
  `${t.exchanges} exchanges, replayed under sandbox tenant ${t.sandboxTenant}.`,
  '',
  ...footprintTable(t.footprint),
  '',
  ...(t.differences.length ? ['Differences:', '', ...t.differences.flatMap(differenceLines), ''] : []),
  ...(t.reasons.length ? ['Not reproduced:', '', ...t.reasons.map((r) => `- ${r}`), ''] : []),
];

export const renderMarkdown = (r: ImpactReport): string =>
  [
    '# Tenant impact',
    '',
    `**${headlineOf(r)}**`,
    '',
    `- Candidate: ${r.candidate}`,
    `- Baseline: ${r.baseline ?? 'none (each answer compared with the recorded one)'}`,
    `- Generated ${r.generatedAt} by fei-kit ${r.kitVersion}; exit code ${r.exitCode}`,
    '',
    '| tenant | verdict | exchanges | differing | sandbox tenant |',
    '|---|---|---|---|---|',
    ...r.tenants.map(
      (t) =>
        `| ${md(t.tenant)} | ${t.verdict} | ${t.exchanges} | ${t.differences.length} | ${t.sandboxTenant} |`,
    ),
    ...r.unusableFiles.map((f) => `| ${md(f.file)} | not used: ${md(f.problem)} | | | |`),
    '',
    ...(r.filesHoldingTokens.length
      ? [
          `Files holding an access token in clear (never shown here; redact them): ${r.filesHoldingTokens.join(', ')}`,
          '',
        ]
      : []),
    '## Requests sent per sandbox tenant',
    '',
    '| deployment | sandbox tenant | requests | busiest window | share | limit |',
    '|---|---|---|---|---|---|',
    ...r.budget.map(
      (b) =>
        `| ${b.deployment} | ${b.sandboxTenant} | ${b.requests} | ${b.busiestWindow} in ${b.windowSeconds} s | ${b.share} | ${b.limit} |`,
    ),
    '',
    '## Tenants',
    '',
    ...r.tenants.flatMap(tenantSection),
  ].join('\n');
