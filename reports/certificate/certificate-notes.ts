/**
 * The certificate's notes: what a reader must know before trusting its verdicts (a shard, a filter, a
 * suite that could not be listed, a run with no run.json, observations of ids not in the catalog, the
 * declared deviations' fate).
 */
import type { CertificateInput, DeclarationReport } from './certificate-types.ts';
import { declarationNotes } from './declarations.ts';

export interface NotesFacts {
  readonly shard: { readonly current: number; readonly total: number } | null;
  readonly filters: readonly string[];
  readonly listed: boolean;
  readonly hasRunInfo: boolean;
  /** Rule ids observations were recorded for that the catalog does not hold. */
  readonly unknownObservations: readonly string[];
  readonly declarations: DeclarationReport | null;
}

/** The ids observations name that the catalog of `ruleIds` does not hold, sorted. */
export const unknownObservationsOf = (
  byRule: CertificateInput['observations']['byRule'],
  ruleIds: readonly string[],
): string[] =>
  Object.keys(byRule)
    .filter((id) => !ruleIds.includes(id))
    .sort();

export const certificateNotes = (facts: NotesFacts): string[] => [
  ...(facts.shard
    ? [
        `Shard ${facts.shard.current} of ${facts.shard.total}: the rules checked only by the other shards read "skipped"; merge the shards' reports (docs/scaling.md) for the whole suite.`,
      ]
    : []),
  ...(facts.filters.length > 0
    ? [`This run was filtered (${facts.filters.join(', ')}): it is not a certificate of the whole suite.`]
    : []),
  ...(facts.listed
    ? []
    : ['The suite could not be listed: rules without a test in this run are shown as not covered.']),
  ...(facts.hasRunInfo ? [] : ['The run left no run.json: the target is not recorded.']),
  ...facts.unknownObservations.map(
    (id) => `Observations for ${id}, which is not in the catalog, are not shown.`,
  ),
  ...declarationNotes(facts.declarations),
];
