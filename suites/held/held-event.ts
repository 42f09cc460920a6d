/**
 * An event a check creates early in a run for the look at its end (held-to-the-end.spec.ts): what was
 * sent, its uuid and when, in a file of the run's output folder named for the run id, so that the
 * second look, in another worker minutes later, reads back exactly what this run created.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputPaths } from '../../utilities/output-paths.ts';
import type { EventBody } from '../samples/sample-events.ts';

export interface HeldEvent {
  readonly uuid: string;
  readonly event: EventBody;
  /** When it was created (epoch ms). */
  readonly createdAt: number;
}

const fileOf = (paths: Pick<OutputPaths, 'conformance'>, runId: string): string =>
  join(paths.conformance, 'held-events', `${encodeURIComponent(runId)}.json`);

export const writeHeldEvent = (
  paths: Pick<OutputPaths, 'conformance'>,
  runId: string,
  held: HeldEvent,
): void => {
  const file = fileOf(paths, runId);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(held));
};

/** The event this run created for the look at its end; undefined when it created none. */
export const readHeldEvent = (
  paths: Pick<OutputPaths, 'conformance'>,
  runId: string,
): HeldEvent | undefined => {
  try {
    return JSON.parse(readFileSync(fileOf(paths, runId), 'utf8')) as HeldEvent;
  } catch {
    return undefined;
  }
};
