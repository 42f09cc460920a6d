/** A bench command run as a user runs it (`fei-kit bench …`), in a child process, its output collected. */
import { runKit } from '../../utilities/test-support/run-kit.ts';

export const runBenchCommand = (args: readonly string[], env: NodeJS.ProcessEnv) =>
  runKit(args, { ...process.env, ...env });
