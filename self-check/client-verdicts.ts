/**
 * The client rows' verdicts (pure): a well-behaved client must be certified (exit 0, no MUST rule
 * failed); a mutant client must be caught by the rule it breaks (exit 1 and that rule failed), else it
 * is weakly caught (exit 1, other rules only), survived (certified) or an error (the run proved nothing).
 * A mutant certified because the run could not tell whether it kept its rule (a delay measured on a
 * machine too busy to tell it from none) is not established: said, not a failure, as a load row is.
 */
import type { ClientCertificate } from '../client/certificate/client-certificate.ts';
import type { ClientBehaviour } from '../client/self-check-clients/client-behaviours.ts';

export type ClientRowVerdict =
  | 'certified'
  | 'failed'
  | 'caught'
  | 'weakly-caught'
  | 'not-established'
  | 'survived'
  | 'error';

export interface ClientRowOutcome {
  readonly behaviour: ClientBehaviour;
  readonly exitCode: number | null;
  readonly certificate: ClientCertificate | undefined;
  readonly seconds: number;
  /** The last line the run printed, for an error. */
  readonly lastLine: string;
}

export interface ClientRowEntry {
  readonly id: string;
  readonly client: string;
  readonly expect: ClientBehaviour['expect'];
  readonly verdict: ClientRowVerdict;
  /** The rules the certificate failed (advisories included). */
  readonly failedRules: readonly string[];
  /** Why the rule the mutant breaks was not established, when it was not. */
  readonly unestablished?: string;
  readonly seconds: number;
  readonly problem?: string;
}

export interface ClientMatrix {
  readonly entries: readonly ClientRowEntry[];
  readonly totals: { readonly rows: number; readonly good: number; readonly bad: number };
  readonly wallSeconds?: number;
  readonly skipped?: { readonly reason: string; readonly rows: number };
}

export const clientRowId = (behaviour: ClientBehaviour): string => `certify-client-${behaviour.name}`;

const GOOD: ReadonlySet<ClientRowVerdict> = new Set([
  'certified',
  'caught',
  'weakly-caught',
  'not-established',
]);

export const clientEntry = (outcome: ClientRowOutcome): ClientRowEntry => {
  const { behaviour, certificate, exitCode } = outcome;
  const failedRules = certificate?.rules.filter((r) => r.verdict === 'failed').map((r) => r.id) ?? [];
  const base = {
    id: clientRowId(behaviour),
    client: behaviour.name,
    expect: behaviour.expect,
    failedRules,
    seconds: Math.round(outcome.seconds),
  };
  if (!certificate || (exitCode !== 0 && exitCode !== 1))
    return { ...base, verdict: 'error', problem: `exit ${exitCode}: ${outcome.lastLine}` };
  if (behaviour.expect === 'certified') return { ...base, verdict: exitCode === 0 ? 'certified' : 'failed' };
  const broken = certificate.rules.find((r) => r.id === behaviour.expect);
  if (exitCode === 0 && broken?.verdict === 'not-established')
    return { ...base, verdict: 'not-established', unestablished: broken.unestablished ?? '' };
  if (exitCode === 0) return { ...base, verdict: 'survived' };
  return { ...base, verdict: failedRules.includes(behaviour.expect) ? 'caught' : 'weakly-caught' };
};

export const buildClientMatrix = (
  outcomes: readonly ClientRowOutcome[],
  extra: { readonly wallSeconds?: number; readonly skipped?: ClientMatrix['skipped'] } = {},
): ClientMatrix => {
  const entries = outcomes.map(clientEntry);
  const good = entries.filter((e) => GOOD.has(e.verdict)).length;
  return { entries, totals: { rows: entries.length, good, bad: entries.length - good }, ...extra };
};

export const clientMatrixPasses = (matrix: ClientMatrix): boolean => matrix.totals.bad === 0;

export const clientAsReportStats = (
  matrix: ClientMatrix,
): { expected: number; unexpected: number; skipped: number; flaky: number } => {
  // A row not established is neither: skipped, as a load row's.
  const unjudged = matrix.entries.filter((e) => e.verdict === 'not-established').length;
  return {
    expected: matrix.totals.good - unjudged,
    unexpected: matrix.totals.bad,
    skipped: (matrix.skipped?.rows ?? 0) + unjudged,
    flaky: 0,
  };
};

export const clientTotalsLine = (matrix: ClientMatrix): string => {
  if (matrix.skipped)
    return `client certification: ${matrix.skipped.rows} rows skipped (${matrix.skipped.reason})`;
  const count = (v: ClientRowVerdict) => matrix.entries.filter((e) => e.verdict === v).length;
  const mutants = matrix.entries.filter((e) => e.expect !== 'certified').length;
  const wellBehaved = matrix.entries.length - mutants;
  return (
    `client certification: ${count('caught') + count('weakly-caught')}/${mutants} mutant clients caught (${count('weakly-caught')} weakly), ` +
    `${count('survived')} survived${count('not-established') ? `, ${count('not-established')} not established (the machine too busy to tell)` : ''}; ` +
    `${count('certified')}/${wellBehaved} well-behaved clients certified${count('error') ? `; ${count('error')} run errors` : ''}`
  );
};

const LABEL: Record<ClientRowVerdict, string> = {
  certified: 'certified',
  failed: 'FAILED',
  caught: 'caught',
  'weakly-caught': 'WEAK',
  'not-established': 'NOT EST.',
  survived: 'SURVIVED',
  error: 'ERROR',
};

const outcomeText = (e: ClientRowEntry): string =>
  e.verdict === 'error'
    ? (e.problem ?? 'run error')
    : e.verdict === 'not-established'
      ? `must break ${e.expect}; not established: ${e.unestablished}`
      : e.expect === 'certified'
        ? e.failedRules.length
          ? `failed ${e.failedRules.join(', ')}`
          : 'every rule kept'
        : `must break ${e.expect}; failed ${e.failedRules.join(', ') || 'nothing'}`;

export const renderClientText = (matrix: ClientMatrix): string[] => {
  const lines = [
    'Client certification (fei-kit certify-client): well-behaved clients must be certified, each mutant client caught by the rule it breaks',
  ];
  if (matrix.skipped) return [...lines, `  skipped: ${matrix.skipped.reason}`];
  const width = matrix.entries.reduce((most, e) => Math.max(most, e.client.length), 8);
  for (const e of matrix.entries)
    lines.push(
      `  ${LABEL[e.verdict].padEnd(9)}  ${e.client.padEnd(width)}  ${outcomeText(e)} (${e.seconds} s)`,
    );
  if (matrix.wallSeconds !== undefined)
    lines.push(`  ${matrix.entries.length} certify-client runs in ${Math.round(matrix.wallSeconds)} s`);
  return lines;
};

export const renderClientMarkdown = (matrix: ClientMatrix): string[] => {
  const out = ['## Client certification', '', `**${clientTotalsLine(matrix)}**`, ''];
  if (matrix.skipped) return out;
  out.push(
    'Each row is one `fei-kit certify-client` of a client of `client/self-check-clients/` against the reference server.',
    '',
    '| client | must | verdict | failed rules | seconds |',
    '|---|---|---|---|---|',
  );
  for (const e of matrix.entries)
    out.push(
      `| \`${e.client}\` | ${e.expect === 'certified' ? 'be certified' : `break ${e.expect}`} | ${e.verdict} | ${e.failedRules.join(', ') || '—'}${e.problem ? ` (${e.problem.replace(/\|/g, '\\|')})` : ''} | ${e.seconds} |`,
    );
  out.push('');
  return out;
};
