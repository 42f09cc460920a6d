/**
 * Node's compile cache (22.1 and later) for this process and, through NODE_COMPILE_CACHE, every process
 * it starts: each of a run's processes (the runner, its workers) compiles the same few hundred files,
 * and the cache keeps their bytecode on disk between them. On a line without it, or with
 * NODE_DISABLE_COMPILE_CACHE=1, nothing changes.
 */
import module from 'node:module';
import { NODE_COMPILE_CACHE } from '../config/settings/index.ts';

export const compileCacheEnvironment = (): Readonly<Record<string, string>> => {
  const enabled = module.enableCompileCache?.();
  const directory = NODE_COMPILE_CACHE.read() ?? enabled?.directory;
  return directory ? { NODE_COMPILE_CACHE: directory } : {};
};
