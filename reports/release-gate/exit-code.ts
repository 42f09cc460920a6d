import { EXIT } from '../../config/index.ts';
import type { ComparisonOutcome } from './comparison.ts';

/**
 * The exit code of a comparison: 1 when a rule newly fails (a deviation), 5 when a gap reading or a
 * latency percentile moved and drift was asked to fail the gate, otherwise 0 (unchanged, improved, or
 * drift reported only).
 */
export const comparisonExitCode = (outcome: ComparisonOutcome, failOnDrift: boolean): number => {
  if (outcome === 'deviation') return EXIT.deviation;
  if (outcome === 'drift' && failOnDrift) return EXIT.drift;
  return EXIT.ok;
};
