#!/usr/bin/env node
// The kit's command line. The kit is written in TypeScript and runs as it is: tsx, one of its
// dependencies, compiles each file as it loads, in this process and in every process the kit starts.
import module from 'node:module';
import { register } from 'tsx/esm/api';

// A run starts several Node processes (the runner and its workers), and each compiles the same few
// hundred files. Node's compile cache (22.1 and later) keeps their bytecode on disk between processes;
// the variable hands it to every process started from here. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
const compileCache = module.enableCompileCache?.();
if (compileCache?.directory && !process.env.NODE_COMPILE_CACHE)
  process.env.NODE_COMPILE_CACHE = compileCache.directory;

let main;
try {
  register();
  ({ main } = await import('../cli/main.ts'));
} catch (error) {
  // The kit could not even load: its own failure (7), in one line, never a stack trace.
  const line = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  process.stderr.write(`fei-kit: KIT FAILURE: the kit could not load: ${line}\n`);
  process.exit(7);
}
process.exit(await main(process.argv.slice(2)));
