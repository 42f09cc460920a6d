/**
 * The output folder must take the run's files before the run starts: a run whose results cannot be
 * written would end as a kit failure after minutes of requests, or worse, leave the previous run's
 * files to be read as this one's.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { KIT_OUTPUT_DIR } from '../config/settings/run-settings.ts';

const shown = (folder: string): string => {
  const path = relative(process.cwd(), folder);
  return path === '' || path.startsWith('..') ? resolve(folder) : path;
};

export class OutputUnwritableError extends Error {
  constructor(folder: string, cause: unknown, setting = KIT_OUTPUT_DIR.name) {
    const code = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
    super(
      `OUTPUT NOT WRITABLE: ${shown(folder)} cannot be written (${code}): point ${setting} at a folder the kit may write; nothing was sent`,
    );
  }
}

/** Creates the folder and writes and removes a file in it; throws OutputUnwritableError otherwise. */
export const ensureWritable = (folder: string, setting?: string): void => {
  const probe = join(folder, `.write-check-${process.pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new OutputUnwritableError(folder, error, setting);
  }
};
