/** A bench script run as `npm run bench` runs it, in a child process, its output collected. */
import { runKitScript } from '../../kit-tests/test-support/run-kit-script.ts';

export const runScript = (script: string, env: NodeJS.ProcessEnv) =>
  runKitScript([script], { ...process.env, ...env });
