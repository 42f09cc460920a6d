/**
 * Where the spec is silent, the suite accepts every consistent reading and records the one the target
 * chose: an observation, attached to the test and collected into the run's observations.json.
 */
import { isRuleId, type RuleId } from '../spec/index.ts';
import { redact } from './redaction.ts';

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
