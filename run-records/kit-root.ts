/**
 * The kit's own folder: where its package.json, Playwright configurations and sources are, whether it
 * is a clone or a package installed in another project's node_modules. Never where outputs go: those
 * follow the user's working folder (output-paths.ts).
 */
import { fileURLToPath } from 'node:url';

export const KIT_ROOT = fileURLToPath(new URL('..', import.meta.url));
