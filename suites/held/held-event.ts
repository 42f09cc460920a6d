/**
 * An event a check creates early in a run for the look at its end (held-to-the-end.spec.ts): what was
 * sent, its uuid and when, in a file of the run's output folder named for the run id (and the repeat,
 * under --repeat-each), so that the second look, in another worker minutes later, reads back exactly
 * what this run created. The look takes the file (renamed away, then read): a retry, another look, or
 * a later run under the same run id never reads an event a look has changed; a run clears the folder
 * as it starts (conformance-run/previous-run.ts, global-setup.ts).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputPaths } from '../../utilities/output-paths.ts';
import type { EventBody } from '../samples/sample-events.ts';

export interface HeldEvent {
  readonly uuid: string;
  readonly event: EventBody;
  /** When it was created (epoch ms). */
  readonly createdAt: number;
}

const fileOf = (paths: Pick<OutputPaths, 'heldEvents'>, runId: string, repeat: number): string =>
  join(paths.heldEvents, `${encodeURIComponent(runId)}.${repeat}.json`);

/** Written whole or not at all: a file renamed into place. */
export const writeHeldEvent = (
  paths: Pick<OutputPaths, 'heldEvents'>,
  runId: string,
  repeat: number,
  held: HeldEvent,
): void => {
  mkdirSync(paths.heldEvents, { recursive: true });
  const file = fileOf(paths, runId, repeat);
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(held));
  renameSync(partial, file);
};

/** The event this run created for the look at its end, taken by one look only; undefined when none. */
export const takeHeldEvent = (
  paths: Pick<OutputPaths, 'heldEvents'>,
  runId: string,
  repeat: number,
): HeldEvent | undefined => {
  const taken = `${fileOf(paths, runId, repeat)}.${process.pid}.${crypto.randomUUID()}.taken`;
  try {
    renameSync(fileOf(paths, runId, repeat), taken);
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(taken, 'utf8')) as HeldEvent;
  } catch {
    return undefined;
  } finally {
    rmSync(taken, { force: true });
  }
};
