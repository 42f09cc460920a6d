/**
 * A small TypeScript project written to a temporary folder, for the guards that read a project with
 * the compiler to show on made-up files what they find and what they leave alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['**/*.ts'] });

/** Writes `files` (paths relative to the project, a strict tsconfig.json added), runs `use` on the folder, removes it. */
export const withThrowawayProject = <T>(
  files: Readonly<Record<string, string>>,
  use: (folder: string) => T,
): T => {
  const folder = mkdtempSync(join(tmpdir(), 'fei-kit-project-'));
  try {
    for (const [path, text] of Object.entries({ 'tsconfig.json': TSCONFIG, ...files })) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    return use(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
