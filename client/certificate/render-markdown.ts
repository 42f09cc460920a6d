/** The client certificate as Markdown, for a person: the verdict first, then why (pure). */
import type { CertificateRule, ClientCertificate } from './client-certificate.ts';

const VERDICT_TEXT: Record<CertificateRule['verdict'], string> = {
  passed: 'passed',
  failed: 'FAILED',
  'not-exercised': 'not exercised',
};

export const ruleVerdictText = (rule: CertificateRule): string =>
  rule.advisory ? 'advisory (failed SHOULD)' : VERDICT_TEXT[rule.verdict];

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const headline = (c: ClientCertificate): string =>
  c.certification === 'certified'
    ? `CERTIFIED: the client keeps every client rule it exercised${c.rules.some((r) => r.advisory) ? ' (with advisories)' : ''}`
    : `NOT CERTIFIED: the client broke ${c.rules
        .filter((r) => r.verdict === 'failed' && !r.advisory)
        .map((r) => r.id)
        .join(', ')}`;

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
  const notExercised = c.rules.filter((r) => r.verdict === 'not-exercised');
  if (notExercised.length) {
    for (const item of [
      '## Not exercised',
      '',
      'The client never did what these rules are about, so they were not graded:',
      '',
      ...notExercised.map((r) => `- ${r.id}: needs ${r.exercisedBy}`),
      '',
    ])
      out.push(item);
  }
  out.push('## Faults injected and what the client did next', '');
  if (c.faults.length === 0) out.push('No fault was injected.', '');
  for (const f of c.faults) {
    out.push(`- **${f.fault}** (${f.description})`, `  - ${f.exchange.text}`, `  - next: ${f.next}`);
  }
  out.push('');
  return `${out.join('\n')}\n`;
};
