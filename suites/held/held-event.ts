/**
 * An event a check creates early in a run for the look at its end (held-to-the-end.spec.ts): what was
 * sent, its uuid and when, in a file of the run's output folder named for the run id, so that the
 * second look, in another worker minutes later, reads back exactly what this run created. The look
 * takes the file (read and removed): a retry, or a later run under the same run id, never reads an
 * event another look has changed; a run clears the folder as it starts (conformance-run/previous-run.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputPaths } from '../../utilities/output-paths.ts';
import type { EventBody } from '../samples/sample-events.ts';

export interface HeldEvent {
  readonly uuid: string;
  readonly event: EventBody;
  /** When it was created (epoch ms). */
  readonly createdAt: number;
}

const fileOf = (paths: Pick<OutputPaths, 'heldEvents'>, runId: string): string =>
  join(paths.heldEvents, `${encodeURIComponent(runId)}.json`);

export const writeHeldEvent = (
  paths: Pick<OutputPaths, 'heldEvents'>,
  runId: string,
  held: HeldEvent,
): void => {
  mkdirSync(paths.heldEvents, { recursive: true });
  writeFileSync(fileOf(paths, runId), JSON.stringify(held));
};

/** The event this run created for the look at its end, taken; undefined when it created none. */
export const takeHeldEvent = (
  paths: Pick<OutputPaths, 'heldEvents'>,
  runId: string,
): HeldEvent | undefined => {
  const file = fileOf(paths, runId);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as HeldEvent;
  } catch {
    return undefined;
  } finally {
    rmSync(file, { force: true });
  }
};
