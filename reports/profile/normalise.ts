/**
 * Takes out of an observed reading (or a test title) what differs from one run to the next against
 * the same server: the run id and the externalIds built on it, uuids, timestamps. What is left is
 * what the target chose to do.
 */

import { UUID_SOURCE } from '../../spec/index.ts';
import { escapeRegExp } from '../../utilities/escape-pattern.ts';

const UUID = new RegExp(`\\b${UUID_SOURCE}\\b`, 'gi');
/** The kit's default run id (`run-<UTC timestamp>-<random>`), with whatever an externalId adds to it. */
const DEFAULT_RUN_ID = /\brun-\d{14}-[0-9a-z]+([-_.][\w.-]*)?/gi;
/** An externalId built on the run's tag (`fk` and seven base-36 characters, generators/external-id-tag.ts). */
const TAGGED_EXTERNAL_ID = /\bfk[0-9a-z]{7}-[\w.-]*/gi;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g;
/** Milliseconds since the epoch, between 2001 and 2286. */
const EPOCH_MS = /\b1\d{12}\b/g;

export const normaliseReading = (text: string, runId?: string | null): string => {
  let out = text;
  if (runId) {
    // An externalId is the run id and a suffix; the run id alone is named as such.
    out = out
      .replace(new RegExp(`${escapeRegExp(runId)}[-_.][\\w.-]*`, 'g'), '<external-id>')
      .replace(new RegExp(escapeRegExp(runId), 'g'), '<run-id>');
  }
  return out
    .replace(DEFAULT_RUN_ID, (_match, suffix: string | undefined) => (suffix ? '<external-id>' : '<run-id>'))
    .replace(TAGGED_EXTERNAL_ID, '<external-id>')
    .replace(UUID, '<uuid>')
    .replace(ISO_TIME, '<time>')
    .replace(EPOCH_MS, '<time>')
    .replace(/\s+/g, ' ')
    .trim();
};
