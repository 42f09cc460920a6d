/**
 * The certificate's "Declared deviations" section: each deviation the provider declared, what became
 * of it in this run (occurs, no longer occurs, expired, not judged), the declaration itself, and the
 * failed checks of those that occur. Shown apart from the failures, never hidden.
 */
import type { Certificate, RuleEntry } from './certificate.ts';
import { acceptanceText, DECLARATION_STATUS_LABELS, type DeclarationEntry } from './declarations.ts';
import { code, html, md } from './escape.ts';

export const DECLARATIONS_TITLE = 'Declared deviations';

const INTRO =
  'Rules the provider declares its deployment knowingly breaks. One that occurs is shown here, with its failed checks, and does not fail the run; one that no longer occurs is reported and fails nothing (remove it from the file); an expired one counts as any deviation.';

const failedChecksOf = (certificate: Certificate, entry: DeclarationEntry): RuleEntry['tests'] =>
  entry.status === 'occurs'
    ? (certificate.rules
        .find((r) => r.id === entry.rule)
        ?.tests.filter((t) => (t.violations?.length ?? 0) > 0) ?? [])
    : [];

export const declarationsMarkdown = (certificate: Certificate): string[] => {
  const report = certificate.declaredDeviations;
  if (!report) return [];
  const lines = [
    '',
    `## ${DECLARATIONS_TITLE}`,
    '',
    `From ${code(report.file)}. ${INTRO}`,
    '',
    '| Rule | In this run | What differs | Why | Accepted |',
    '|---|---|---|---|---|',
  ];
  for (const entry of report.entries) {
    lines.push(
      `| ${code(entry.rule)} | **${DECLARATION_STATUS_LABELS[entry.status]}** | ${md(entry.differs)} | ${md(entry.reason)} | ${md(acceptanceText(entry))} |`,
    );
  }
  for (const entry of report.entries) {
    const tests = failedChecksOf(certificate, entry);
    if (tests.length === 0) continue;
    lines.push('', `### ${entry.rule}, as declared`, '');
    for (const test of tests)
      lines.push(`- ${md(test.title)} [${md(test.project)}]: ${md(test.violations?.[0] ?? '')}`);
  }
  return lines;
};

export const declarationsHtml = (certificate: Certificate): string => {
  const report = certificate.declaredDeviations;
  if (!report) return '';
  const rows = report.entries
    .map(
      (entry) =>
        `<tr data-declared="${html(entry.rule)}" data-status="${entry.status}"><td><code>${html(entry.rule)}</code></td><td><strong>${html(DECLARATION_STATUS_LABELS[entry.status])}</strong></td><td>${html(entry.differs)}</td><td>${html(entry.reason)}</td><td>${html(acceptanceText(entry))}</td></tr>`,
    )
    .join('');
  const checks = report.entries
    .map((entry) => {
      const tests = failedChecksOf(certificate, entry);
      return tests.length === 0
        ? ''
        : `<h3>${html(entry.rule)}, as declared</h3><ul>${tests.map((t) => `<li>${html(t.title)} [${html(t.project)}]: ${html(t.violations?.[0] ?? '')}</li>`).join('')}</ul>`;
    })
    .join('');
  return `<h2 id="declared-deviations">${html(DECLARATIONS_TITLE)}</h2><p>From <code>${html(report.file)}</code>. ${html(INTRO)}</p><table class="declared"><thead><tr><th>Rule</th><th>In this run</th><th>What differs</th><th>Why</th><th>Accepted</th></tr></thead><tbody>${rows}</tbody></table>${checks}`;
};
