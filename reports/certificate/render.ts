/**
 * The certificate as Markdown (to attach to a certification request, to diff between two runs) and
 * as one self-contained HTML page (no script, no outside resource). Both show the same facts in the
 * same order: the heading facts, the totals, every rule, every gap with what was observed, the
 * failures, the load thresholds and the notes.
 */
import type { ComparisonFile } from '../release-gate/comparison-file.ts';
import {
  type Certificate,
  type CertificateTest,
  describeUnanswered,
  type RuleEntry,
  VERDICT_LABELS,
  VERDICTS,
  type Verdict,
} from './certificate.ts';
import { comparisonHtml, comparisonMarkdown } from './comparison-section.ts';
import { declarationsHtml, declarationsMarkdown } from './declarations-section.ts';
import { code, html, md } from './escape.ts';
import { unavailableHtml, unavailableMarkdown } from './unavailable-section.ts';

export const CERTIFICATE_TITLE = 'Conformance certificate: Financial Events Ingestion Service';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const describeTargetLine = (certificate: Certificate): string => {
  const target = certificate.target;
  if (!target) return 'not recorded';
  const kind = target.embedded ? ', the kit’s reference server' : '';
  return `${target.baseUrl} (${target.environment}${kind})`;
};

const clientIdsLine = (certificate: Certificate): string => {
  const ids = certificate.target?.clientIds;
  if (!ids) return 'not recorded';
  return [
    `tenant A ${ids.A}`,
    `tenant B ${ids.B ?? 'not configured'}`,
    `rate-limit tenant ${ids.RATE_LIMIT ?? 'not configured'}`,
  ].join('; ');
};

export const headingFacts = (certificate: Certificate): [string, string][] => [
  ['Outcome', certificate.outcomeText],
  ['Target', describeTargetLine(certificate)],
  ['Client ids', clientIdsLine(certificate)],
  ['Kit version', certificate.kitVersion],
  ['Run id', certificate.runId ?? 'not recorded'],
  ['Date of the run', certificate.date ?? 'not recorded'],
  ['Filters', certificate.filters.join(', ') || 'none: the whole suite ran'],
];

export const testsLine = (counts: RuleEntry['counts']): string => {
  const parts = [
    counts.passed ? `${counts.passed} passed` : '',
    counts.flaky ? `${counts.flaky} flaky` : '',
    counts.failed ? `${counts.failed} failed` : '',
    counts.skipped ? `${counts.skipped} skipped` : '',
  ].filter(Boolean);
  return parts.join(', ') || 'none';
};

const readingsLine = (entry: RuleEntry): string[] =>
  entry.observations.map((r) => `${r.observed} (${plural(r.count, 'observation')})`);

const verdictText = (entry: RuleEntry): string => VERDICT_LABELS[entry.verdict];

const failedTests = (entry: RuleEntry): CertificateTest[] => entry.tests.filter((t) => t.status === 'failed');

// ---------- Markdown ----------

const totalsMarkdown = (certificate: Certificate, comparison: ComparisonFile | undefined): string[] => {
  const { totals } = certificate;
  return [
    '',
    '## Totals',
    '',
    `${plural(totals.rules, 'rule')} and ${plural(totals.gaps, 'gap')} of the spec catalog; tests: ${testsLine(totals.tests)}${totals.testsWithoutRule ? ` (${totals.testsWithoutRule} without a rule id)` : ''}.`,
    '',
    '| Verdict | Rules and gaps |',
    '|---|---|',
    ...VERDICTS.map((v) => `| ${VERDICT_LABELS[v]} | ${totals.verdicts[v]} |`),
    ...(comparison ? comparisonMarkdown(comparison) : []),
    ...declarationsMarkdown(certificate),
  ];
};

/** A rule's line of the certificate: its id and title, part, severity, verdict, tests and why. */
export const renderRuleRow = (entry: RuleEntry): string =>
  `| ${code(entry.id)} ${md(entry.title)} | ${md(entry.part)} | ${entry.severity} | **${verdictText(entry)}** | ${testsLine(entry.counts)} | ${md(entry.reason ?? '')} |`;

/** A gap's line: what the target was observed to do, or why nothing was. */
const renderGapRow = (entry: RuleEntry): string => {
  const observed = readingsLine(entry).map(md).join('<br>') || md(entry.reason ?? 'nothing observed');
  return `| ${code(entry.id)} ${md(entry.title)} | **${verdictText(entry)}** | ${testsLine(entry.counts)} | ${observed} |`;
};

const rulesAndGapsMarkdown = (certificate: Certificate): string[] => [
  '',
  '## Rules',
  '',
  '| Rule | Part | Severity | Verdict | Tests | Why |',
  '|---|---|---|---|---|---|',
  ...certificate.rules.filter((r) => r.kind === 'rule').map(renderRuleRow),
  '',
  '## Gaps: where the spec is silent, what the target did',
  '',
  '| Gap | Verdict | Tests | Observed |',
  '|---|---|---|---|',
  ...certificate.rules.filter((r) => r.kind === 'gap').map(renderGapRow),
];

const failuresMarkdown = (certificate: Certificate): string[] => {
  const failures = certificate.rules.filter((r) => r.verdict === 'failed');
  if (failures.length === 0) return [];
  return ['', '## Failures', ''].concat(
    failures.flatMap((entry) => [
      `### ${entry.id}: ${entry.title}`,
      '',
      `> ${md(entry.statement)}`,
      '',
      ...failedTests(entry).flatMap((test) => [
        `- ${md(test.title)} [${md(test.project)}]`,
        ...(test.error ? ['', '  ```text', ...test.error.split('\n').map((l) => `  ${l}`), '  ```', ''] : []),
      ]),
    ]),
  );
};

const otherObservationsMarkdown = (certificate: Certificate): string[] => {
  const observed = certificate.rules.filter((r) => r.kind === 'rule' && r.observations.length > 0);
  if (observed.length === 0) return [];
  return ['', '## Other observations', ''].concat(
    observed.map((entry) => `- ${code(entry.id)}: ${readingsLine(entry).map(md).join('; ')}`),
  );
};

const loadMarkdown = (certificate: Certificate): string[] => {
  if (certificate.load.length === 0) return [];
  const row = (load: Certificate['load'][number]): string => {
    const dashboard = load.dashboard
      ? `[${md(load.dashboard.split('/').pop() ?? '')}](${encodeURI(load.dashboard)})`
      : 'none';
    return `| ${md(load.script)} | ${md(load.runId ?? 'none')} | ${md(load.generatedAt)} | ${load.verdict} | ${load.counted ? 'yes' : md(load.note ?? 'no')} | ${dashboard} |`;
  };
  return [
    '',
    '## Load runs (k6)',
    '',
    '| Script | Run id | Date | Verdict | Counted | Web dashboard |',
    '|---|---|---|---|---|---|',
    ...certificate.load.map(row),
  ];
};

/** The run's own troubles: requests never answered, the deployment's unavailability, errors of the run, and the notes. */
const runTroublesMarkdown = (certificate: Certificate): string[] => [
  ...(certificate.unanswered.length > 0
    ? [
        '',
        '## Unanswered requests',
        '',
        'Requests the target never answered while it answered others: their checks did not run, and their rules are not established.',
        '',
        ...certificate.unanswered.map((u) => `- ${md(describeUnanswered(u))}`),
      ]
    : []),
  ...unavailableMarkdown(certificate.unavailable, certificate.runAgain),
  ...(certificate.runErrors.length > 0
    ? ['', '## Errors of the run', '', ...certificate.runErrors.flatMap((error) => ['```text', error, '```'])]
    : []),
  ...(certificate.notes.length > 0
    ? ['', '## Notes', '', ...certificate.notes.map((note) => `- ${md(note)}`)]
    : []),
];

/** `comparison`: the run's comparison with a baseline (comparison.json), when it was compared with one. */
export const renderMarkdown = (certificate: Certificate, comparison?: ComparisonFile): string =>
  [
    `# ${CERTIFICATE_TITLE}`,
    '',
    '| | |',
    '|---|---|',
    ...headingFacts(certificate).map(([name, value]) => `| ${name} | ${md(value)} |`),
    ...totalsMarkdown(certificate, comparison),
    ...rulesAndGapsMarkdown(certificate),
    ...failuresMarkdown(certificate),
    ...otherObservationsMarkdown(certificate),
    ...loadMarkdown(certificate),
    ...runTroublesMarkdown(certificate),
    '',
  ].join('\n');

// ---------- HTML ----------

const badge = (verdict: Verdict): string =>
  `<span class="verdict v-${verdict}" data-verdict="${verdict}">${html(VERDICT_LABELS[verdict])}</span>`;

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d232b;margin:0;background:#f5f6f8}
main{max-width:1180px;margin:0 auto;padding:24px 32px 48px;background:#fff}
h1{font-size:22px;margin:0 0 12px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e1e4e8;padding-bottom:4px}
h3{font-size:15px;margin:16px 0 6px}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid #e1e4e8;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f0f2f5;font-weight:600}table.facts th{width:160px}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f0f2f5;padding:1px 4px;border-radius:3px;white-space:nowrap}
pre{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;border:1px solid #e1e4e8;padding:8px;white-space:pre-wrap}
.verdict{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600;white-space:nowrap}
.v-passed{background:#dcf5e3;color:#11632e}.v-failed{background:#fde0e0;color:#a3111b}.v-skipped{background:#fff2cc;color:#7a5600}
.v-not-applicable-in-production{background:#e7e9fd;color:#2b3699}.v-not-checkable-remotely{background:#eceff3;color:#4a5563}
.v-not-covered{background:#f9e4f4;color:#8a1c6f}.v-declared{background:#ffe8d6;color:#8a4100}
.outcome{font-size:16px;font-weight:600;padding:10px 14px;border-radius:6px;margin:8px 0 14px}
.o-no-deviation-found{background:#dcf5e3;color:#11632e}.o-deviation-found{background:#fde0e0;color:#a3111b}.o-incomplete{background:#fff2cc;color:#7a5600}.o-declared-deviations-only{background:#ffe8d6;color:#8a4100}
.muted{color:#5b6673;font-size:12px}ul.readings{margin:0;padding-left:18px}
`;

const rulesTable = (entries: readonly RuleEntry[]): string => {
  const rows = entries.map(
    (entry) =>
      `<tr id="${html(entry.id)}" data-rule="${html(entry.id)}"><td><code>${html(entry.id)}</code><br>${html(entry.title)}</td><td>${html(entry.part)}</td><td>${entry.severity}</td><td>${badge(entry.verdict)}</td><td>${html(testsLine(entry.counts))}</td><td>${html(entry.reason ?? '')}</td></tr>`,
  );
  return `<table class="rules"><thead><tr><th>Rule</th><th>Part</th><th>Severity</th><th>Verdict</th><th>Tests</th><th>Why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

const gapsTable = (entries: readonly RuleEntry[]): string => {
  const rows = entries.map((entry) => {
    const readings = readingsLine(entry);
    const observed =
      readings.length > 0
        ? `<ul class="readings">${readings.map((r) => `<li>${html(r)}</li>`).join('')}</ul>`
        : `<span class="muted">${html(entry.reason ?? 'nothing observed')}</span>`;
    return `<tr id="${html(entry.id)}" data-rule="${html(entry.id)}"><td><code>${html(entry.id)}</code><br>${html(entry.title)}</td><td>${badge(entry.verdict)}</td><td>${html(testsLine(entry.counts))}</td><td>${observed}</td></tr>`;
  });
  return `<table class="gaps"><thead><tr><th>Gap</th><th>Verdict</th><th>Tests</th><th>Observed</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

const failuresHtml = (certificate: Certificate): string => {
  const failures = certificate.rules
    .filter((r) => r.verdict === 'failed')
    .map((entry) => {
      const tests = failedTests(entry)
        .map(
          (t) =>
            `<p>${html(t.title)} [${html(t.project)}]</p>${t.error ? `<pre>${html(t.error)}</pre>` : ''}`,
        )
        .join('');
      return `<h3>${html(entry.id)}: ${html(entry.title)}</h3><p class="muted">${html(entry.statement)}</p>${tests}`;
    })
    .join('');
  return failures ? `<h2>Failures</h2>${failures}` : '';
};

const otherObservationsHtml = (certificate: Certificate): string => {
  const observed = certificate.rules.filter((r) => r.kind === 'rule' && r.observations.length > 0);
  if (observed.length === 0) return '';
  const items = observed.map(
    (entry) => `<li><code>${html(entry.id)}</code>: ${html(readingsLine(entry).join('; '))}</li>`,
  );
  return `<h2>Other observations</h2><ul>${items.join('')}</ul>`;
};

const loadHtml = (certificate: Certificate): string => {
  if (certificate.load.length === 0) return '';
  const rows = certificate.load.map(
    (l) =>
      `<tr><td>${html(l.script)}</td><td>${html(l.runId ?? 'none')}</td><td>${html(l.generatedAt)}</td><td>${html(l.verdict)}</td><td>${html(l.counted ? 'yes' : (l.note ?? 'no'))}</td><td>${l.dashboard ? `<a href="${html(encodeURI(l.dashboard))}">${html(l.dashboard.split('/').pop() ?? '')}</a>` : 'none'}</td></tr>`,
  );
  return `<h2>Load runs (k6)</h2><table><thead><tr><th>Script</th><th>Run id</th><th>Date</th><th>Verdict</th><th>Counted</th><th>Web dashboard</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

const unansweredHtml = (certificate: Certificate): string =>
  certificate.unanswered.length > 0
    ? `<h2>Unanswered requests</h2><p>Requests the target never answered while it answered others: their checks did not run, and their rules are not established.</p><ul>${certificate.unanswered
        .map((u) => `<li>${html(describeUnanswered(u))}</li>`)
        .join('')}</ul>`
    : '';

const errorsAndNotesHtml = (certificate: Certificate): string[] => [
  certificate.runErrors.length > 0
    ? `<h2>Errors of the run</h2>${certificate.runErrors.map((e) => `<pre>${html(e)}</pre>`).join('')}`
    : '',
  certificate.notes.length > 0
    ? `<h2>Notes</h2><ul>${certificate.notes.map((n) => `<li>${html(n)}</li>`).join('')}</ul>`
    : '',
];

const totalsHtml = (certificate: Certificate): string => {
  const { totals } = certificate;
  const rows = VERDICTS.map(
    (v) => `<tr><td>${badge(v)}</td><td data-total="${v}">${totals.verdicts[v]}</td></tr>`,
  ).join('');
  return `<h2>Totals</h2>
<p>${html(`${plural(totals.rules, 'rule')} and ${plural(totals.gaps, 'gap')} of the spec catalog; tests: ${testsLine(totals.tests)}${totals.testsWithoutRule ? ` (${totals.testsWithoutRule} without a rule id)` : ''}.`)}</p>
<table class="totals"><thead><tr><th>Verdict</th><th>Rules and gaps</th></tr></thead><tbody>${rows}</tbody></table>`;
};

export const renderHtml = (certificate: Certificate, comparison?: ComparisonFile): string => {
  const facts = headingFacts(certificate)
    .slice(1)
    .map(([name, value]) => `<tr><th>${html(name)}</th><td>${html(value)}</td></tr>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(CERTIFICATE_TITLE)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${html(CERTIFICATE_TITLE)}</h1>
<div class="outcome o-${certificate.outcome}" data-outcome="${certificate.outcome}">${html(certificate.outcomeText)}</div>
<table class="facts">${facts}</table>
${totalsHtml(certificate)}
${comparison ? comparisonHtml(comparison) : ''}
${declarationsHtml(certificate)}
<h2>Rules</h2>
${rulesTable(certificate.rules.filter((r) => r.kind === 'rule'))}
<h2>Gaps: where the spec is silent, what the target did</h2>
${gapsTable(certificate.rules.filter((r) => r.kind === 'gap'))}
${failuresHtml(certificate)}
${unansweredHtml(certificate)}
${unavailableHtml(certificate.unavailable, certificate.runAgain)}
${otherObservationsHtml(certificate)}
${loadHtml(certificate)}
${errorsAndNotesHtml(certificate).join('\n')}
<p class="muted">Kit ${html(certificate.kitVersion)} · run ${html(certificate.runId ?? 'not recorded')} · ${html(certificate.date ?? '')}</p>
</main>
</body>
</html>
`;
};
