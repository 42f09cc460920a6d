#!/usr/bin/env node
// The kit's command line. The kit is written in TypeScript and runs as it is. Node (22.18 and later)
// strips the types itself, as it loads each file: about 0.4 s of CPU less per command than a
// compiler. It refuses files under node_modules, as an installed kit's are: there the kit's own
// hooks have Node strip them all the same (bin/strip-types.mjs), and on older lines tsx, one of the
// kit's dependencies, compiles them. The kit's TypeScript is only of the kind
// Node can strip (tsconfig.json: erasableSyntaxOnly), so both read it alike.
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// A run starts several Node processes (the runner and its workers), and each compiles the same few
// hundred files. Node's compile cache (22.1 and later) keeps their bytecode on disk between processes;
// the variable hands it to every process started from here. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
const compileCache = module.enableCompileCache?.();
if (compileCache?.directory) process.env.NODE_COMPILE_CACHE ||= compileCache.directory;

let main;
// The same test as utilities/kit-root.ts's INSTALLED, which this file cannot load before it has a
// way to read TypeScript (and bin/ imports only cli/).
const installed = /[\\/]node_modules[\\/]/.test(fileURLToPath(import.meta.url));
// KIT_TYPESCRIPT (config/settings/run-settings.ts), read here before the registry can be loaded.
const tsxAsked = process.env.KIT_TYPESCRIPT === 'tsx';
const stripsTypes = Boolean(process.features.typescript) && !tsxAsked;
try {
  // Installed: Node strips the types through the kit's own hooks (bin/strip-types.mjs), which keep every
  // line and column where it is, as Node's own stripping does in a clone; tsx where Node cannot.
  const nodeStrips = typeof module.stripTypeScriptTypes === 'function' && !tsxAsked;
  if (installed && nodeStrips) await import('./strip-types.mjs');
  else if (installed || !stripsTypes) (await import('tsx/esm/api')).register();
  ({ main } = await import('../cli/main.ts'));
} catch (error) {
  // The kit could not even load: its own failure (7), in one line, never a stack trace.
  const line = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  process.stderr.write(`fei-kit: KIT FAILURE: the kit could not load: ${line}\n`);
  process.exit(7);
}
process.exit(await main(process.argv.slice(2)));
