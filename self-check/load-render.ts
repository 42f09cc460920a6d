/** The load rows of the matrix as text for the console and as Markdown for the report folder (pure). */
import type { LoadEntry, LoadMatrix, LoadVerdict } from './load-verdicts.ts';

const LABEL: Record<LoadVerdict, string> = {
  passed: 'passed',
  failed: 'FAILED',
  caught: 'caught',
  'weakly-caught': 'WEAK',
  survived: 'SURVIVED',
  'not-established': 'NOT EST.',
  error: 'ERROR',
};

const serverText = (entry: LoadEntry): string =>
  entry.server.kind === 'reference' || entry.server.kind === 'slowed'
    ? entry.server.name
    : `${entry.server.kind} ${entry.server.name}`;

const rulesText = (entry: LoadEntry): string =>
  entry.failedRules.map((r) => (r.thresholds > 1 ? `${r.ruleId} ×${r.thresholds}` : r.ruleId)).join(', ');

/** The thresholds left unjudged by rule, then the generator's reach: each premise it missed, once. */
const notEstablishedText = (entry: LoadEntry): string => {
  const rules = [
    ...new Set(entry.unjudged.filter((t) => t.ruleId !== 'LOAD-OPEN-MODEL').map((t) => t.ruleId)),
  ];
  const reach = entry.unjudged.filter((t) => t.ruleId === 'LOAD-OPEN-MODEL').map((t) => t.reason);
  return `not established${rules.length ? ` (${rules.join(', ')})` : ''}: ${reach.join('; ')}`;
};

/** What became of one row, after its verdict. */
export const loadOutcomeText = (entry: LoadEntry): string => {
  switch (entry.verdict) {
    case 'passed':
      return `all ${entry.thresholds} thresholds held`;
    case 'caught':
      return `k6 exit ${entry.exitCode}, crossed ${rulesText(entry)}`;
    case 'weakly-caught':
      return `k6 exit ${entry.exitCode}, crossed ${rulesText(entry)}; none of the declared ${entry.catchingRules.join(', ')}`;
    case 'survived':
      return `every threshold held; declared ${entry.catchingRules.join(', ')}`;
    case 'failed':
      return `k6 exit ${entry.exitCode}, crossed ${entry.failedThresholds.map((t) => `${t.ruleId} [${t.metric} ${t.expression}, observed ${t.observed ?? 'nothing'}]`).join('; ')}`;
    case 'not-established':
      return notEstablishedText(entry);
    case 'error':
      return entry.problem ?? 'run error';
  }
};

export const loadTotalsLine = (matrix: LoadMatrix): string => {
  if (matrix.skipped) return `load (k6): ${matrix.skipped.runs} runs skipped (${matrix.skipped.reason})`;
  const { catch: c, pass, errors, notEstablished } = matrix.totals;
  return (
    `load (k6): ${c.caught + c.weaklyCaught}/${c.total} caught (${c.caught} by a declared rule, ${c.weaklyCaught} weakly), ` +
    `${c.survived} survived; ${pass.passed}/${pass.total} passed` +
    `${notEstablished ? `; ${notEstablished} not established (the load generator did not reach the planned rate)` : ''}` +
    `${errors ? `; ${errors} run errors` : ''}`
  );
};

const HEADING =
  'Load scripts under k6 (rate-limit: the rate-limit mutants must be caught, a server of each rate-limit algorithm must pass; latency: a server slowed under load must be caught, the reference must pass)';

export const renderLoadText = (matrix: LoadMatrix): string[] => {
  const lines = [HEADING];
  if (matrix.skipped) return [...lines, `  skipped: ${matrix.skipped.reason}`];
  const width = matrix.entries.reduce((most, e) => Math.max(most, serverText(e).length), 8);
  for (const entry of matrix.entries) {
    lines.push(
      `  ${LABEL[entry.verdict].padEnd(8)}  ${entry.script.padEnd(10)}  ${serverText(entry).padEnd(width)}  ${loadOutcomeText(entry)} (${Math.round(entry.seconds)} s)`,
    );
  }
  if (matrix.wallSeconds !== undefined)
    lines.push(
      `  ${matrix.entries.length} k6 runs in ${Math.round(matrix.wallSeconds)} s, before the suite's runs`,
    );
  return lines;
};

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const renderLoadMarkdown = (matrix: LoadMatrix): string[] => {
  const out = ['## Load scripts under k6', '', `**${loadTotalsLine(matrix)}**`, ''];
  if (matrix.skipped) return out;
  out.push(
    'Each row is one `k6 run` of a script against one server; a server that must pass passes when every threshold holds (k6 exits 0), one that must be caught is caught when k6 crosses a threshold (exit 99) of a rule it declares; either is not established when the load generator did not reach the rate a crossed threshold needs (said with the rate reached and needed, not a failure). Exit code, JSON summary, JUnit file and web dashboard must agree, else the row is an error.',
    '',
    '| script | server | must | verdict | what k6 said | declared rules | seconds | web dashboard |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const entry of matrix.entries) {
    out.push(
      `| ${entry.script} | \`${serverText(entry)}\` | ${entry.expect} | ${entry.verdict} | ${cell(loadOutcomeText(entry))} | ${entry.catchingRules.join(', ') || '—'} | ${entry.seconds} | ${entry.dashboard ? `[${entry.dashboard.split('/').pop()}](${encodeURI(entry.dashboard)})` : '—'} |`,
    );
  }
  if (matrix.wallSeconds !== undefined)
    out.push(
      '',
      `${matrix.entries.length} k6 runs in ${Math.round(matrix.wallSeconds)} s, before the suite's runs.`,
    );
  out.push('');
  return out;
};
