/**
 * The folder and environment of each run the bench starts: a clean output folder of its own, and the
 * kit's environment without a user's target (conformance-run/kit-environment.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';

/** A clean output folder of its own for each run the bench starts. */
export const folderOf = (root: string, name: string): string => {
  const folder = join(root, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
};

export const envFor = (outputDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...kitEnvironment(),
  KIT_OUTPUT_DIR: outputDir,
  FORCE_COLOR: '0',
  ...extra,
});
