/** The gate's report as one self-contained HTML page: no script, nothing loaded from outside (pure). */
import { html } from '../../reports/certificate/escape.ts';
import type { TenantImpact } from '../verdict.ts';
import { DIRECTION_TEXT, headlineOf, type ImpactReport } from './impact-report.ts';

const list = (values: readonly (string | number)[]): string => html(values.length ? values.join(', ') : '—');

const tenantSection = (t: TenantImpact): string => {
  const rows = t.footprint.operations
    .map(
      (o) =>
        `<tr><td>${html(o.operation)}</td><td>${o.status || 'no answer'}</td><td>${o.calls}</td><td>${list(o.errorCodes)}</td><td>${list(o.fields)}</td><td>${list(o.fieldNotations)}</td><td>${list(o.headers)}</td></tr>`,
    )
    .join('\n');
  const differences = t.differences
    .map(
      (d) =>
        `<li><code>${html(d.request)}</code>: ${html(DIRECTION_TEXT[d.direction] ?? d.direction)}<ul>${d.changes
          .map(
            (c) =>
              `<li>${html(c.aspect)}: recorded <code>${html(c.recorded)}</code>, replayed <code>${html(c.replayed ?? '(absent)')}</code></li>`,
          )
          .join(
            '',
          )}</ul><pre>recorded: HTTP ${d.recorded.status} ${html(d.recorded.body)}\nreplayed: HTTP ${d.replayed.status} ${html(d.replayed.body)}</pre></li>`,
    )
    .join('\n');
  const reasons = t.reasons.map((r) => `<li>${html(r)}</li>`).join('');
  return `<h3 class="${t.verdict}">${html(t.tenant)}: ${t.verdict}</h3>
<p>${t.exchanges} exchanges, replayed under sandbox tenant ${html(t.sandboxTenant)}.</p>
<table><tr><th>operation</th><th>status</th><th>calls</th><th>errorCodes</th><th>fields of the answers</th><th>errors[].field notation</th><th>headers</th></tr>
${rows}</table>
${differences ? `<p>Differences:</p><ul>${differences}</ul>` : ''}${reasons ? `<p>Not reproduced:</p><ul>${reasons}</ul>` : ''}`;
};

export const renderHtml = (r: ImpactReport): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tenant impact</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
.affected{color:#b00}.unaffected{color:#070}.not-established{color:#a60}pre{background:#f4f4f4;padding:.6em;overflow-x:auto;white-space:pre-wrap}</style></head>
<body><h1>Tenant impact</h1>
<p><strong>${html(headlineOf(r))}</strong></p>
<ul><li>Candidate: ${html(r.candidate)}</li><li>Baseline: ${html(r.baseline ?? 'none')}</li><li>Generated ${html(r.generatedAt)} by fei-kit ${html(r.kitVersion)}; exit code ${r.exitCode}</li></ul>
<table><tr><th>tenant</th><th>verdict</th><th>exchanges</th><th>differing</th><th>sandbox tenant</th></tr>
${r.tenants.map((t) => `<tr><td>${html(t.tenant)}</td><td class="${t.verdict}">${t.verdict}</td><td>${t.exchanges}</td><td>${t.differences.length}</td><td>${html(t.sandboxTenant)}</td></tr>`).join('\n')}
${r.unusableFiles.map((f) => `<tr><td>${html(f.file)}</td><td class="not-established" colspan="4">not used: ${html(f.problem)}</td></tr>`).join('\n')}
</table>
<h2>Tenants</h2>
${r.tenants.map(tenantSection).join('\n')}
</body></html>
`;
