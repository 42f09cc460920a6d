/**
 * The certificate's "Changed since the baseline" section, from the run's comparison.json: one row per
 * change (a rule's verdict, a gap's reading with the test that observed it, a latency percentile, a
 * k6 threshold), under the baseline's identity and the comparison's outcome.
 */
import type { ComparisonFile } from '../release-gate/comparison-file.ts';
import {
  describeRun,
  groupReadingChanges,
  latencyNow,
  NOT_OBSERVED,
  outcomeLine,
} from '../release-gate/render.ts';
import { code, html, md } from './escape.ts';

export const COMPARISON_TITLE = 'Changed since the baseline';

interface Row {
  readonly what: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  /** The tests (or k6 script) that observed it. */
  readonly by: readonly string[];
}

const rowsOf = (file: ComparisonFile): Row[] => {
  const verdictRows = (changes: ComparisonFile['rules']['newlyFailing'], kind: string): Row[] =>
    changes.map((c) => ({
      what: c.id,
      kind,
      from: c.from ?? 'not in the baseline',
      to: c.to ?? 'not in this run',
      by: [],
    }));
  return [
    ...verdictRows(file.rules.newlyFailing, 'rule newly failing'),
    ...verdictRows(file.rules.newlyPassing, 'rule newly passing'),
    ...verdictRows(file.rules.otherChanges, 'verdict changed'),
    ...verdictRows(file.rules.declared ?? [], 'declared deviation'),
    ...groupReadingChanges(file.readings.changed).map((group) => ({
      what: group.gap,
      kind: 'reading changed',
      from: group.pair.from ?? NOT_OBSERVED,
      to: group.pair.to ?? NOT_OBSERVED,
      by: group.tests,
    })),
    ...file.latency.regressions.map((c) => ({
      what: `${c.script} ${c.endpoint} ${c.stat}`,
      kind: 'slower',
      from: `${c.from} ms`,
      to: latencyNow(c),
      by: [`k6 ${c.script}`],
    })),
    ...file.latency.improvements.map((c) => ({
      what: `${c.script} ${c.endpoint} ${c.stat}`,
      kind: 'faster',
      from: `${c.from} ms`,
      to: latencyNow(c),
      by: [`k6 ${c.script}`],
    })),
    ...[...file.thresholds.newlyFailing, ...file.thresholds.newlyPassing].map((t) => ({
      what: t.threshold,
      kind: t.to === 'failed' ? 'threshold newly failing' : 'threshold newly passing',
      from: t.from ?? 'not in the baseline',
      to: t.to ?? '',
      by: [`k6 ${t.script}`],
    })),
  ];
};

const summaryOf = (file: ComparisonFile): string[] => [
  `Baseline: ${describeRun(file.baseline)}.`,
  outcomeLine(file, file.failOnDrift),
  ...(file.rules.stillFailing.length > 0
    ? [`Failing in both runs: ${file.rules.stillFailing.join(', ')}.`]
    : []),
  ...((file.rules.stillDeclared ?? []).length > 0
    ? [`Declared deviations in both runs: ${file.rules.stillDeclared.join(', ')}.`]
    : []),
  ...file.notes,
];

export const comparisonMarkdown = (file: ComparisonFile): string[] => {
  const rows = rowsOf(file);
  const lines = ['', `## ${COMPARISON_TITLE}`, '', ...summaryOf(file).map((line) => `- ${md(line)}`), ''];
  if (rows.length === 0) return [...lines, 'Nothing compared has changed.'];
  lines.push('| What | Change | Baseline | This run | Observed by |', '|---|---|---|---|---|');
  for (const row of rows) {
    lines.push(
      `| ${code(row.what)} | ${row.kind} | ${md(row.from)} | ${md(row.to)} | ${row.by.map(md).join('<br>')} |`,
    );
  }
  return lines;
};

export const comparisonHtml = (file: ComparisonFile): string => {
  const rows = rowsOf(file);
  const summary = `<ul>${summaryOf(file)
    .map((line) => `<li>${html(line)}</li>`)
    .join('')}</ul>`;
  const table =
    rows.length === 0
      ? '<p>Nothing compared has changed.</p>'
      : `<table class="changes"><thead><tr><th>What</th><th>Change</th><th>Baseline</th><th>This run</th><th>Observed by</th></tr></thead><tbody>${rows
          .map(
            (row) =>
              `<tr data-change="${html(row.kind)}"><td><code>${html(row.what)}</code></td><td>${html(row.kind)}</td><td>${html(row.from)}</td><td>${html(row.to)}</td><td>${row.by.map(html).join('<br>')}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  return `<h2 id="changed-since-baseline" data-outcome="${html(file.outcome)}">${html(COMPARISON_TITLE)}</h2>${summary}${table}`;
};
