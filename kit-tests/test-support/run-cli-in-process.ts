import { main } from '../../cli/main.ts';
import { type InProcessRun, runInProcess } from '../../utilities/test-support/in-process.ts';

export type { InProcessRun };

/**
 * Runs `fei-kit <args…>` through the command line's own entry, in this process, as the spawned bin
 * would (`runInProcess`: a folder of its own, exactly the given environment, the streams collected).
 * The kit tests that check many cases of the same command line call this instead of spawning it, and
 * keep a spawned run for each kind of fact (kit-tests/command-line.test.ts).
 */
export const runCliInProcess = (
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<InProcessRun> => runInProcess(() => main(args), env);
