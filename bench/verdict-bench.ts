/**
 * Time to verdict: the conformance run against a conforming server and against a badly broken one, on
 * the reference server and on the rehearsal, back to back (bench/verdict-figures.ts judges the pair).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { kitEnvironment } from '../conformance-run/kit-environment.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { envFor, folderOf } from './bench-runs.ts';
import { median } from './kit-figures.ts';
import { startRemoteRehearsal } from './remote-rehearsal.ts';
import { timedRun } from './timed-run.ts';
import { BROKEN_SERVER_MUTANTS, type TimedVerdict, type VerdictFigure } from './verdict-figures.ts';

const certificateSchema = z.object({
  totals: z.object({ verdicts: z.object({ failed: z.number() }) }),
});

const failedRules = (outputDir: string): number | undefined => {
  try {
    return certificateSchema.parse(
      JSON.parse(readFileSync(join(outputDir, 'certificate', 'certificate.json'), 'utf8')),
    ).totals.verdicts.failed;
  } catch {
    return undefined;
  }
};

/** One conformance run to its verdict, against the reference server or a fresh rehearsal, conforming or broken. */
const timeToVerdict = async (
  folder: string,
  target: VerdictFigure['target'],
  mutants: readonly string[],
  scale: number,
  latencyMs: number,
): Promise<TimedVerdict> => {
  const outputDir = join(folder, 'output');
  const log = join(folder, 'conformance.log');
  // At the rehearsal the rate-limit tenant's windows set the run's length, the same whatever else the
  // server breaks: without them the pair measures what a broken deployment changes, tenants A and B.
  const args = target === 'rehearsal' ? ['--grep-invert', '@ratelimit'] : [];
  if (target === 'embedded') {
    const extra = mutants.length ? { REFERENCE_MUTANT: mutants.join(',') } : {};
    const run = await timedRun(['conformance', ...args], envFor(outputDir, extra), log);
    return { seconds: run.seconds, code: run.code, failedRules: failedRules(outputDir) };
  }
  const server = await startRemoteRehearsal({ scale, latencyMs, env: kitEnvironment(), mutants });
  try {
    const env = { ...envFor(outputDir), KIT_IGNORE_DOTENV: 'false', KIT_ENV_FILE: server.envFile };
    const run = await timedRun(['conformance', ...args], env, log);
    return { seconds: run.seconds, code: run.code, failedRules: failedRules(outputDir) };
  } finally {
    await server.close();
  }
};

/** The rounds' median time; a round that did not reach the verdict of the first is never hidden behind it. */
const medianVerdict = (runs: readonly TimedVerdict[]): TimedVerdict => {
  const [first] = runs;
  if (!first) throw new Error('no run to take the median of');
  const odd = runs.find((r) => r.code !== first.code || r.failedRules !== first.failedRules);
  return { ...(odd ?? first), seconds: median(runs.map((r) => r.seconds)) ?? first.seconds };
};

/**
 * The conforming server and the broken one back to back, `rounds` times, alternating which goes
 * first so that a busy moment of the machine falls on both.
 */
export const measureVerdicts = async (
  root: string,
  target: VerdictFigure['target'],
  rounds: number,
  scale: number,
  latencyMs: number,
  say: SayLine,
): Promise<VerdictFigure> => {
  const conforming: TimedVerdict[] = [];
  const broken: TimedVerdict[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['conforming', 'broken'] as const) : (['broken', 'conforming'] as const);
    for (const kind of order) {
      const folder = folderOf(root, `verdict-${target}-${kind}-${round + 1}`);
      const mutants = kind === 'broken' ? BROKEN_SERVER_MUTANTS : [];
      const timed = await timeToVerdict(folder, target, mutants, scale, latencyMs);
      say(
        `  ${target}, ${kind} server, round ${round + 1}: ${timed.seconds.toFixed(1)} s, exit ${timed.code}`,
      );
      (kind === 'broken' ? broken : conforming).push(timed);
    }
  }
  return {
    target,
    mutants: BROKEN_SERVER_MUTANTS,
    conforming: medianVerdict(conforming),
    broken: medianVerdict(broken),
    rounds,
  };
};
