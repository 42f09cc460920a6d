/** The client certificate as Markdown, for a person: the verdict first, then why (pure). */
import type { CertificateRule, ClientCertificate } from './client-certificate.ts';

const VERDICT_TEXT: Record<CertificateRule['verdict'], string> = {
  passed: 'passed',
  failed: 'FAILED',
  'not-exercised': 'not exercised',
  'not-established': 'not established',
};

export const ruleVerdictText = (rule: CertificateRule): string =>
  rule.advisory ? 'advisory (failed SHOULD)' : VERDICT_TEXT[rule.verdict];

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const unestablishedNote = (c: ClientCertificate): string => {
  const ids = c.rules.filter((r) => r.verdict === 'not-established').map((r) => r.id);
  return ids.length ? `; not established: ${ids.join(', ')}` : '';
};

export const headline = (c: ClientCertificate): string =>
  c.certification === 'certified'
    ? `CERTIFIED: the client keeps every client rule it exercised${c.rules.some((r) => r.advisory) ? ' (with advisories)' : ''}${unestablishedNote(c)}`
    : `NOT CERTIFIED: the client broke ${c.rules
        .filter((r) => r.verdict === 'failed' && !r.advisory)
        .map((r) => r.id)
        .join(', ')}`;

/** The rules left ungraded for one reason: a heading, why, and each with its own (nothing when none). */
const ungradedSection = (
  rules: readonly CertificateRule[],
  heading: string,
  why: string,
  each: (rule: CertificateRule) => string,
): string[] => (rules.length ? [heading, '', why, '', ...rules.map((r) => `- ${r.id}: ${each(r)}`), ''] : []);

export const renderMarkdown = (c: ClientCertificate): string => {
  const out = [
    '# Client certificate',
    '',
    `**${headline(c)}**`,
    '',
    `- Command: \`${c.command.command}\` (exit ${c.command.exitCode ?? `signal ${c.command.signal}`}, ${c.command.seconds.toFixed(1)} s; its exit code is reported, not graded)`,
    `- Service: ${c.service} (${c.environment})${c.mode === 'proxy' ? ', through the recording proxy' : ''}; ${c.requests} requests recorded`,
    `- Faults: ${c.faultsEnabled.length ? c.faultsEnabled.join(', ') : 'none'}${c.strict ? '; strict: SHOULD rules fail the certificate too' : '; SHOULD rules are advisories (--strict makes them fail)'}`,
    `- Generated ${c.generatedAt}`,
    '',
    '## Client rules',
    '',
    '| rule | level | verdict | occasions | what it rests on |',
    '|---|---|---|---|---|',
    ...c.rules.map(
      (r) =>
        `| ${r.id} | ${r.level.toUpperCase()} | ${ruleVerdictText(r)} | ${r.occasions} | ${cell(r.statement)} |`,
    ),
    '',
  ];
  const failed = c.rules.filter((r) => r.verdict === 'failed');
  if (failed.length) {
    out.push('## What went wrong', '');
    for (const rule of failed) {
      out.push(
        `### ${rule.id}${rule.advisory ? ' (advisory)' : ''}`,
        '',
        `${rule.title}.`,
        '',
        `How to fix: ${rule.advice}`,
        '',
      );
      for (const finding of rule.findings) {
        for (const item of [
          `- ${finding.summary}:`,
          '',
          '  ```',
          ...finding.exchanges.map((l) => `  ${l.text}`),
          '  ```',
          '',
        ])
          out.push(item);
      }
    }
  }
  for (const item of ungradedSection(
    c.rules.filter((r) => r.verdict === 'not-established'),
    '## Not established',
    'The client did what these rules are about, but this run could not tell whether it kept them (run it again on a quieter machine):',
    (r) => r.unestablished ?? '',
  ))
    out.push(item);
  for (const item of ungradedSection(
    c.rules.filter((r) => r.verdict === 'not-exercised'),
    '## Not exercised',
    'The client never did what these rules are about, so they were not graded:',
    (r) => `needs ${r.exercisedBy}`,
  ))
    out.push(item);
  out.push('## Faults injected and what the client did next', '');
  if (c.faults.length === 0) out.push('No fault was injected.', '');
  for (const f of c.faults) {
    out.push(`- **${f.fault}** (${f.description})`, `  - ${f.exchange.text}`, `  - next: ${f.next}`);
  }
  out.push('');
  return `${out.join('\n')}\n`;
};
