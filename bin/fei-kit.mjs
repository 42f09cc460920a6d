#!/usr/bin/env node
// The kit's command line. The kit is written in TypeScript and runs as it is: tsx, one of its
// dependencies, compiles each file as it loads, in this process and in every process the kit starts.
import { register } from 'tsx/esm/api';

let main;
try {
  register();
  // Node's compile cache for this process and every process started from here (the runner and its
  // workers), before the kit's own modules load: conformance-run/compile-cache.ts.
  const { compileCacheEnvironment } = await import('../conformance-run/compile-cache.ts');
  Object.assign(process.env, compileCacheEnvironment());
  ({ main } = await import('../cli/main.ts'));
} catch (error) {
  // The kit could not even load: its own failure (7), in one line, never a stack trace.
  const line = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  process.stderr.write(`fei-kit: KIT FAILURE: the kit could not load: ${line}\n`);
  process.exit(7);
}
process.exit(await main(process.argv.slice(2)));
