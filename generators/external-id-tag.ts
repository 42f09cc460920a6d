/**
 * The run's mark in the externalIds the kit sends: `fk` and seven base-36 characters, from the run id.
 * An externalId of the kit's stays within 35 characters (ISO 20022's Max35Text, the tightest limit a
 * deployment is likely to set; field lengths are not shown), whatever the run id's length: the run id
 * itself (up to 40 characters) would leave no room. `normaliseReading` knows the shape.
 */

/** FNV-1a over UTF-16 code units: a stable 32-bit digest, the same in Node and in k6. */
const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};

export const externalIdTag = (runId: string): string => `fk${fnv1a(runId).toString(36).padStart(7, '0')}`;

/**
 * The externalId of a load script's event number `index`: the run's tag, a second digest of the run id
 * (so that two run ids whose tags collide still give two sets of ids: a deployment keeps its externalIds
 * from run to run) and the index. At most 9 + 1 + 7 + 1 + 10 = 28 characters for an index below 10^10.
 */
export const loadExternalId = (runId: string, index: number): string =>
  `${externalIdTag(runId)}-${fnv1a(`load:${runId}`).toString(36).padStart(7, '0')}-${index}`;

/** The pattern of a tag and what follows it in an externalId. */
export const EXTERNAL_ID_TAG_SOURCE = 'fk[0-9a-z]{7}';
