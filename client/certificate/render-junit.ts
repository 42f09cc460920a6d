/** The client certificate as JUnit XML: one test case per client rule (pure). */
import { type ClientCertificate, ungradedReason } from './client-certificate.ts';

const xml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export const renderJunit = (c: ClientCertificate): string => {
  const failures = c.rules.filter((r) => r.verdict === 'failed' && !r.advisory).length;
  const skipped = c.rules.filter((r) => ungradedReason(r) !== undefined).length;
  const cases = c.rules.map((r) => {
    const name = `${r.id}: ${r.title}`;
    const details = r.findings
      .map((f) => `${f.summary}\n${f.exchanges.map((l) => `  ${l.text}`).join('\n')}`)
      .join('\n');
    const ungraded = ungradedReason(r);
    const body =
      ungraded !== undefined
        ? `<skipped message="${xml(ungraded)}"/>`
        : r.verdict === 'failed' && !r.advisory
          ? `<failure message="${xml(r.findings[0]?.summary ?? 'failed')}">${xml(details)}</failure>`
          : r.advisory
            ? `<system-out>${xml(`advisory (SHOULD rule, not failing without --strict):\n${details}`)}</system-out>`
            : '';
    return `    <testcase classname="client-certification" name="${xml(name)}">${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="client certification" tests="${c.rules.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="client rules" tests="${c.rules.length}" failures="${failures}" skipped="${skipped}" timestamp="${c.generatedAt}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};
