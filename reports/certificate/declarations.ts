/**
 * The provider's declared deviations (config/declared-deviations.ts) applied to the certificate's
 * verdicts. A declared rule that failed reads *declared* (with its declaration, never hidden) and no
 * longer makes the run a deviation; one that passed *no longer occurs* (said loudly, so the file is
 * kept true; it fails nothing); one whose `until` has passed is *expired* and its failure counts as any
 * other; one the run did not judge (skipped, inconclusive, not checkable) is *not judged*. Pure.
 */
import {
  type DeclaredDeviation,
  type DeclaredDeviations,
  declarationHolds,
} from '../../config/declared-deviations.ts';
import type {
  DeclarationEntry,
  DeclarationReport,
  DeclarationStatus,
  RuleEntry,
  Verdict,
} from './certificate-types.ts';

export type { DeclarationEntry, DeclarationReport, DeclarationStatus } from './certificate-types.ts';

export const DECLARATION_STATUS_LABELS: Readonly<Record<DeclarationStatus, string>> = Object.freeze({
  occurs: 'occurs, as declared',
  'no-longer-occurs': 'no longer occurs: the rule passed',
  expired: 'expired: a failure of it counts',
  'not-judged': 'not judged in this run',
});

/** `accepted by Jane Doe on 2026-01-15, until 2026-12-31`. */
export const acceptanceText = (d: DeclaredDeviation): string =>
  `accepted by ${d.acceptedBy}${d.acceptedOn ? ` on ${d.acceptedOn}` : ''}${d.until ? `, until ${d.until}` : ''}`;

const statusOf = (declaration: DeclaredDeviation, verdict: Verdict, runDay: string): DeclarationStatus => {
  if (verdict === 'passed') return 'no-longer-occurs';
  if (!declarationHolds(declaration, runDay)) return 'expired';
  return verdict === 'failed' ? 'occurs' : 'not-judged';
};

/**
 * The rules with the declarations applied (a declared failure reads `declared`), and the report of
 * every declaration. `runDay`: the day of the run (YYYY-MM-DD), against which `until` is read.
 */
export const applyDeclarations = (
  rules: readonly RuleEntry[],
  declared: DeclaredDeviations | undefined,
  runDay: string,
): { rules: RuleEntry[]; report: DeclarationReport | null } => {
  if (!declared) return { rules: [...rules], report: null };
  const entries: DeclarationEntry[] = [];
  const applied = rules.map((entry) => {
    const declaration = declared.deviations.find((d) => d.rule === entry.id);
    if (!declaration) return entry;
    const status = statusOf(declaration, entry.verdict, runDay);
    const verdict: Verdict = status === 'occurs' ? 'declared' : entry.verdict;
    entries.push({ ...declaration, status, verdict });
    if (status !== 'occurs') return entry;
    return {
      ...entry,
      verdict,
      reason:
        `declared deviation: ${declaration.differs} (${acceptanceText(declaration)}). ${entry.reason ?? ''}`.trim(),
    };
  });
  // In the file's order: the reader finds each where the provider wrote it.
  const position = (entry: DeclarationEntry) => declared.deviations.findIndex((d) => d.rule === entry.rule);
  entries.sort((a, b) => position(a) - position(b));
  return { rules: applied, report: { file: declared.file, entries } };
};

/** The certificate's notes about declarations that need a person: those that no longer occur or expired. */
export const declarationNotes = (report: DeclarationReport | null): string[] =>
  (report?.entries ?? []).flatMap((entry) => {
    if (entry.status === 'no-longer-occurs')
      return [
        `Declared deviation ${entry.rule} no longer occurs: the rule passed in this run; remove it from ${report?.file} (it fails nothing).`,
      ];
    if (entry.status === 'expired')
      return [
        `The declaration of ${entry.rule} ended on ${entry.until}: a failure of it counts as any other deviation.`,
      ];
    return [];
  });
