/**
 * The kit's own folder: where its package.json, Playwright configurations and sources are, whether it
 * is a clone or a package installed in another project's node_modules. Never where outputs go: those
 * follow the user's working folder (output-paths.ts).
 */
import module from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { KIT_TYPESCRIPT } from '../config/settings/index.ts';

export const KIT_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * tsx (one of the kit's dependencies) runs the kit's TypeScript as it is where Node cannot strip its
 * types itself: an installed kit, whose files are under node_modules (bin/fei-kit.mjs, and the
 * Playwright processes below). Resolved from the kit's own folder, so that a project that installed
 * the kit need not have tsx where Node would look for it from the project.
 */
export const TSX_LOADER = import.meta.resolve('tsx');

/** Node's arguments for a process that runs one of the kit's commands, as a user runs it (`fei-kit …`). */
export const kitCommandArguments = (args: readonly string[]): string[] => [
  join(KIT_ROOT, 'bin', 'fei-kit.mjs'),
  ...args,
];

/**
 * Playwright compiles the TypeScript it loads, except under node_modules: an installed kit's
 * configuration and suites are loaded into Playwright's processes with their types stripped by Node
 * (bin/strip-types.mjs: every line and column where it is in the source, so that locations read as
 * in a clone), or by tsx on a Node line without `module.stripTypeScriptTypes` (or KIT_TYPESCRIPT=tsx).
 */
const INSTALLED = /[\\/]node_modules[\\/]/.test(KIT_ROOT);

/** The `--import` that lets an installed kit's processes read its TypeScript. */
export const TYPESCRIPT_LOADER =
  typeof module.stripTypeScriptTypes === 'function' && !KIT_TYPESCRIPT.read()
    ? pathToFileURL(join(KIT_ROOT, 'bin', 'strip-types.mjs')).href
    : TSX_LOADER;

/** The environment of a Playwright process the kit starts: the TypeScript loader in it when installed. */
export const playwrightEnvironment = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv =>
  INSTALLED
    ? {
        ...env,
        NODE_OPTIONS: [env.NODE_OPTIONS, `--import ${TYPESCRIPT_LOADER}`].filter(Boolean).join(' '),
      }
    : env;
