/**
 * The load commands' own entries (`runLoad`, `runCapacity`) called in the test's process, as
 * `fei-kit load <script>` calls them: each line said in the command's one-line form on stdout or
 * stderr, exactly the given environment. For the refusals, which end before k6 or a server starts:
 * a spawned command costs a Node start-up and the kit's modules loaded again per case, and the tests
 * keep one spawned command for each kind of fact (the exit code and the one line a user sees).
 */
import { consoleLine } from '../../utilities/console-line.ts';
import { type InProcessRun, runInProcess } from '../../utilities/test-support/in-process.ts';
import { runCapacity } from '../run-capacity.ts';
import { runLoad } from '../run-k6.ts';

export const runLoadInProcess = (
  script: 'rate-limit' | 'latency' | 'capacity',
  args: readonly string[],
  env: Record<string, string>,
): Promise<InProcessRun> =>
  runInProcess(() => {
    const say = consoleLine(`load ${script}`);
    const fail = consoleLine(`load ${script}`, process.stderr);
    return script === 'capacity' ? runCapacity(args, say, fail) : runLoad(script, args, say, fail);
  }, env);
