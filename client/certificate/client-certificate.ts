/**
 * The client certificate as data: what was run, against what, the faults it met and what it did next,
 * and one grade per client rule with the exchanges that show each failure. Built once, then rendered
 * as Markdown, HTML, JSON and JUnit; every text in it has passed through redaction.
 */

import type { Environment } from '../../spec/index.ts';
import { redact } from '../../utilities/redaction.ts';
import { externalIdOf, type RecordedExchange } from '../exchange.ts';
import { FAULT_DESCRIPTIONS, type FaultName } from '../faults.ts';
import { type ClientCertification, type ClientVerdict, certificationOf, type RuleGrade } from '../grader.ts';
import { RULE_ADVICE } from '../rule-advice.ts';

export interface CommandOutcome {
  /** The command line as given (redacted). */
  readonly command: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly seconds: number;
}

export interface ExchangeLine {
  readonly seq: number;
  /** One readable line: when, what, what came back (redacted). */
  readonly text: string;
}

export interface CertificateRule {
  readonly id: string;
  readonly level: 'must' | 'should';
  readonly title: string;
  readonly statement: string;
  readonly part: string;
  readonly verdict: ClientVerdict;
  /** A failed SHOULD rule that does not fail the certificate. */
  readonly advisory: boolean;
  readonly occasions: number;
  readonly exercisedBy: string;
  /** How to fix a failure of it. */
  readonly advice: string;
  readonly findings: readonly { readonly summary: string; readonly exchanges: readonly ExchangeLine[] }[];
  /** Why the run could not tell whether the client kept the rule, when it is not established. */
  readonly unestablished?: string;
}

/** Why a rule was not graded (not exercised, not established); undefined for a graded one. */
export const ungradedReason = (rule: CertificateRule): string | undefined =>
  rule.verdict === 'not-exercised'
    ? `not exercised: needs ${rule.exercisedBy}`
    : rule.verdict === 'not-established'
      ? `not established: ${rule.unestablished ?? 'the run could not tell'}`
      : undefined;

export interface InjectedFault {
  readonly fault: FaultName;
  readonly description: string;
  readonly exchange: ExchangeLine;
  /** What the client sent next, or that it sent nothing more. */
  readonly next: string;
}

/** What the run was: the same in the certificate as in what it is built from. */
interface RunFacts {
  readonly strict: boolean;
  readonly mode: 'double' | 'proxy';
  /** The service the exchanges went to: "the reference server", or the upstream's origin. */
  readonly service: string;
  readonly environment: Environment;
  readonly faultsEnabled: readonly FaultName[];
  readonly command: CommandOutcome;
}

export interface ClientCertificate extends RunFacts {
  readonly generatedAt: string;
  readonly certification: ClientCertification;
  readonly requests: number;
  readonly rules: readonly CertificateRule[];
  readonly faults: readonly InjectedFault[];
}

const errorCodeOf = (body: string): string | undefined => {
  try {
    const parsed: unknown = JSON.parse(body);
    const code = (parsed as { errorCode?: unknown } | null)?.errorCode;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
};

export const describeExchange = (e: RecordedExchange): string => {
  const externalId = e.method === 'POST' || e.method === 'PUT' ? externalIdOf(e) : undefined;
  const code = errorCodeOf(e.responseBody);
  const given =
    e.status === undefined ? 'no answer: the client gave up waiting' : `${e.status}${code ? ` ${code}` : ''}`;
  const notes = [
    ...(e.fault ? [`fault injected: ${e.fault}`] : []),
    ...(e.refused ? [`not forwarded: ${e.refused}`] : []),
  ];
  return redact(
    `#${e.seq} at +${e.sentAt} ms: ${e.method} ${e.url}${externalId ? ` (externalId ${externalId})` : ''} → ${given}${notes.length ? ` [${notes.join('; ')}]` : ''}`,
  );
};

const lineOf = (e: RecordedExchange): ExchangeLine => ({ seq: e.seq, text: describeExchange(e) });

const whatCameNext = (exchanges: readonly RecordedExchange[], e: RecordedExchange): string => {
  const next = exchanges.find((x) => x.seq > e.seq);
  if (!next) return 'the client sent nothing more';
  const after = e.answeredAt ?? e.sentAt;
  return `${Math.max(0, next.sentAt - after)} ms later: ${describeExchange(next)}`;
};

export interface CertificateInput extends RunFacts {
  readonly grades: readonly RuleGrade[];
  readonly exchanges: readonly RecordedExchange[];
  readonly generatedAt?: Date;
}

export const buildClientCertificate = (input: CertificateInput): ClientCertificate => {
  const bySeq = new Map(input.exchanges.map((e) => [e.seq, e]));
  return {
    generatedAt: (input.generatedAt ?? new Date()).toISOString(),
    certification: certificationOf(input.grades, input.strict),
    strict: input.strict,
    mode: input.mode,
    service: redact(input.service),
    environment: input.environment,
    faultsEnabled: input.faultsEnabled,
    command: { ...input.command, command: redact(input.command.command) },
    requests: input.exchanges.length,
    rules: input.grades.map((g) => ({
      id: g.rule.id,
      level: g.rule.level,
      title: g.rule.title,
      statement: g.rule.statement,
      part: g.rule.part,
      verdict: g.verdict,
      advisory: g.verdict === 'failed' && g.rule.level === 'should' && !input.strict,
      occasions: g.occasions,
      exercisedBy: g.rule.exercisedBy,
      advice: RULE_ADVICE[g.rule.id],
      findings: g.findings.map((f) => ({
        summary: redact(f.summary),
        exchanges: f.exchanges.flatMap((seq) => {
          const e = bySeq.get(seq);
          return e ? [lineOf(e)] : [];
        }),
      })),
      ...(g.unestablished ? { unestablished: redact(g.unestablished) } : {}),
    })),
    faults: input.exchanges
      .filter((e) => e.fault !== undefined)
      .map((e) => ({
        fault: e.fault as FaultName,
        description: FAULT_DESCRIPTIONS[e.fault as FaultName],
        exchange: lineOf(e),
        next: whatCameNext(input.exchanges, e),
      })),
  };
};
