/** The client certificate as one self-contained HTML page: no script, nothing loaded from outside (pure). */
import type { ClientCertificate } from './client-certificate.ts';
import { headline, ruleVerdictText } from './render-markdown.ts';

const html = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const renderHtml = (c: ClientCertificate): string => {
  const rows = c.rules
    .map(
      (r) =>
        `<tr class="${r.advisory ? 'advisory' : r.verdict}"><td>${html(r.id)}</td><td>${r.level.toUpperCase()}</td><td>${html(ruleVerdictText(r))}</td><td>${r.occasions}</td><td>${html(r.statement)}</td></tr>`,
    )
    .join('\n');
  const failures = c.rules
    .filter((r) => r.verdict === 'failed')
    .map(
      (r) =>
        `<h3>${html(r.id)}${r.advisory ? ' (advisory)' : ''}</h3><p>How to fix: ${html(r.advice)}</p>${r.findings
          .map(
            (f) => `<p>${html(f.summary)}</p><pre>${html(f.exchanges.map((l) => l.text).join('\n'))}</pre>`,
          )
          .join('')}`,
    )
    .join('\n');
  const unestablished = c.rules
    .filter((r) => r.verdict === 'not-established')
    .map((r) => `<h3>${html(r.id)} (not established)</h3><p>${html(r.unestablished ?? '')}</p>`)
    .join('\n');
  const faults = c.faults
    .map(
      (f) =>
        `<li><b>${html(f.fault)}</b> (${html(f.description)})<br><code>${html(f.exchange.text)}</code><br>next: <code>${html(f.next)}</code></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Client certificate</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
.failed td:nth-child(3){color:#b00;font-weight:bold}.passed td:nth-child(3){color:#070}.advisory td:nth-child(3){color:#a60}pre{background:#f4f4f4;padding:.6em;overflow-x:auto}</style></head>
<body><h1>Client certificate</h1>
<p><strong>${html(headline(c))}</strong></p>
<ul><li>Command: <code>${html(c.command.command)}</code> (exit ${html(String(c.command.exitCode ?? `signal ${c.command.signal}`))})</li>
<li>Service: ${html(c.service)} (${c.environment}); ${c.requests} requests recorded</li>
<li>Faults: ${html(c.faultsEnabled.join(', ') || 'none')}; ${c.strict ? 'strict' : 'SHOULD rules are advisories'}</li>
<li>Generated ${html(c.generatedAt)}</li></ul>
<h2>Client rules</h2>
<table><tr><th>rule</th><th>level</th><th>verdict</th><th>occasions</th><th>what it rests on</th></tr>
${rows}
</table>
${failures ? `<h2>What went wrong</h2>\n${failures}` : ''}
${unestablished ? `<h2>Not established</h2>\n${unestablished}` : ''}
<h2>Faults injected and what the client did next</h2>
<ul>${faults || '<li>No fault was injected.</li>'}</ul>
</body></html>
`;
};
