/**
 * Where the spec is silent, the suite accepts every consistent reading and records the one the target
 * chose: an observation, attached to the test and collected into the run's observations.json, each
 * with the id of the test that saw it (its title beside it is for people).
 */
import { existsSync, readFileSync } from 'node:fs';
import { isRuleId, type RuleId } from '../spec/index.ts';
import { redact } from '../utilities/redaction.ts';

export const OBSERVATION_CONTENT_TYPE = 'application/vnd.conformance-kit.observation+json';

export interface Observation {
  /** The gap (or rule) the observation is about. */
  readonly ruleId: RuleId;
  /** What the target did, in a few words: the reading it chose. */
  readonly observed: string;
  readonly detail?: unknown;
}

export const observationAttachment = (observation: Observation): { name: string; body: string } => {
  if (!isRuleId(observation.ruleId)) throw new Error(`Observation for unknown rule id ${observation.ruleId}`);
  return {
    name: redact(`observation ${observation.ruleId}: ${observation.observed}`),
    body: redact(JSON.stringify(observation, null, 2)),
  };
};

export interface RecordedObservation extends Observation {
  /** Playwright's id of the test that saw it: what a reader joins it to its check by. */
  readonly testId: string;
  /** That test's title, for people (two checks may share one). */
  readonly test: string;
}

export interface ObservationsFile {
  readonly runId: string | undefined;
  readonly observations: readonly RecordedObservation[];
  /** For each rule id, the distinct readings observed and how many tests saw each. */
  readonly byRule: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export const summariseObservations = (
  observations: readonly RecordedObservation[],
): ObservationsFile['byRule'] => {
  const byRule: Record<string, Record<string, number>> = {};
  for (const { ruleId, observed } of observations) {
    const readings = byRule[ruleId] ?? {};
    byRule[ruleId] = readings;
    readings[observed] = (readings[observed] ?? 0) + 1;
  }
  return byRule;
};

/** The run's observations.json, or undefined when the run wrote none or it cannot be read. */
export const readObservationsFile = (path: string): ObservationsFile | undefined => {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ObservationsFile;
  } catch {
    return undefined;
  }
};
