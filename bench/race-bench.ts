/**
 * The race part of the bench: whole conformance runs (`fei-kit conformance`, as a user runs it) against
 * the reference server with the dedup-window-1ms mutant (its duplicate check and insert one database
 * round trip apart), each with busy processes beside it, and what each run's certificate and
 * DEDUP-CONCURRENT observation say: caught or not, and the bursts' release spreads.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { outputPaths } from '../utilities/output-paths.ts';
import { startBusyProcesses } from './busy-processes.ts';
import type { RaceFigure, RaceRun, RecordedBurst } from './race-figures.ts';
import { timedRun } from './timed-run.ts';

export const RACE_MUTANT = 'dedup-window-1ms';
const RULE = 'DEDUP-CONCURRENT';
/** No busy process outlives a run by more than this, whatever happens to the bench. */
const BUSY_SECONDS_AT_MOST = 600;

const certificateSchema = z.object({ rules: z.array(z.object({ id: z.string(), verdict: z.string() })) });
const observationsSchema = z.object({
  observations: z.array(z.object({ ruleId: z.string(), detail: z.unknown().optional() })),
});
const burstSchema = z.object({ releaseSpreadMs: z.number(), counts: z.boolean() });

const verdictOf = (outputDir: string): string | undefined => {
  try {
    const file = join(outputPaths({ KIT_OUTPUT_DIR: outputDir }).certificate, 'certificate.json');
    const certificate = certificateSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return certificate.rules.find((rule) => rule.id === RULE)?.verdict;
  } catch {
    return undefined;
  }
};

/** The bursts DEDUP-CONCURRENT recorded in the run's observations. */
export const burstsOf = (outputDir: string): RecordedBurst[] => {
  try {
    const file = outputPaths({ KIT_OUTPUT_DIR: outputDir }).observations;
    const { observations } = observationsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return observations
      .filter((o) => o.ruleId === RULE && Array.isArray(o.detail))
      .flatMap((o) => (o.detail as unknown[]).map((d) => burstSchema.parse(d)));
  } catch {
    return [];
  }
};

export interface RaceSettings {
  readonly runs: number;
  readonly busy: number;
  /** The environment of each run (clean, no user target); the output folder and mutant are set here. */
  readonly env: NodeJS.ProcessEnv;
  readonly onRun?: (run: RaceRun, index: number) => void;
}

export const measureRace = async (folder: string, settings: RaceSettings): Promise<RaceFigure> => {
  const runs: RaceRun[] = [];
  for (let index = 0; index < settings.runs; index += 1) {
    const outputDir = join(folder, `run-${index + 1}`);
    rmSync(outputDir, { recursive: true, force: true });
    mkdirSync(outputDir, { recursive: true });
    const busy = startBusyProcesses(settings.busy, BUSY_SECONDS_AT_MOST);
    let seconds: number;
    try {
      ({ seconds } = await timedRun(
        ['conformance'],
        { ...settings.env, KIT_OUTPUT_DIR: outputDir, REFERENCE_MUTANT: RACE_MUTANT },
        join(outputDir, 'conformance.log'),
      ));
    } finally {
      await busy.stop();
    }
    const run: RaceRun = { verdict: verdictOf(outputDir), bursts: burstsOf(outputDir), seconds };
    runs.push(run);
    settings.onRun?.(run, index);
  }
  return { mutant: RACE_MUTANT, busyProcesses: settings.busy, runs };
};
