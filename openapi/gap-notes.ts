/**
 * How the document names what the spec leaves open and what a schema cannot say: `x-fei-gaps` carries
 * the gap ids of the catalog with the spec's words, `x-fei-rules` the ids of the stated rules the kit
 * checks beyond the schema. Tools that do not know the extensions ignore them.
 */
import { catalogRule, type OpenApiCatalog } from './catalog.ts';

export const GAPS_EXTENSION = 'x-fei-gaps';
export const RULES_EXTENSION = 'x-fei-rules';

export interface RuleNote {
  readonly id: string;
  readonly title: string;
  readonly says: string;
}

/** The catalog's words for each id, for an extension's list. */
export const notesOf = (catalog: OpenApiCatalog, ids: readonly string[]): RuleNote[] =>
  ids.map((id) => {
    const { title, statement } = catalogRule(catalog, id);
    return { id, title, says: statement };
  });

/** `{ 'x-fei-gaps': [...] }` for the gaps named, to spread into a document object. */
export const gapsNote = (catalog: OpenApiCatalog, ...ids: string[]): Record<string, RuleNote[]> => {
  for (const id of ids) {
    if (catalogRule(catalog, id).kind !== 'gap') throw new Error(`${id} is a stated rule, not a gap`);
  }
  return { [GAPS_EXTENSION]: notesOf(catalog, ids) };
};
