/**
 * `fei-kit compare [<baseline>] [<current>]`: what changed between two runs, rule by rule and gap by
 * gap (the release gate). Each side is a run's output folder, its certificate folder, or a profile
 * file; the current run defaults to the output folder's, the baseline to KIT_BASELINE. Never 1 unless
 * a rule newly fails.
 */
import { ConfigError, EXIT, loadDotEnvUnlessIgnored } from '../../config/index.ts';
import {
  KIT_BASELINE,
  KIT_FAIL_ON_DRIFT,
  KIT_LATENCY_TOLERANCE_MS,
  KIT_LATENCY_TOLERANCE_PERCENT,
} from '../../config/settings/index.ts';
import { readCompareSettings } from '../../reports/release-gate/settings.ts';
import { outputRoot } from '../../utilities/output-paths.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';
import { kitSettings } from '../kit-settings.ts';

export const RELEASE_GATE_SETTINGS = kitSettings(
  KIT_BASELINE,
  KIT_FAIL_ON_DRIFT,
  KIT_LATENCY_TOLERANCE_PERCENT,
  KIT_LATENCY_TOLERANCE_MS,
);

export const command: KitCommand = {
  name: 'compare',
  summary: 'says what changed since a baseline run: rules, gap readings, latency (the release gate)',
  usage: '[options] [<baseline folder or profile.json>] [<current folder or profile.json>]',
  options: [OUTPUT_OPTION],
  settings: RELEASE_GATE_SETTINGS,
  exitCodes: ['ok', 'deviation', 'badConfiguration', 'drift', 'kitFailure', 'comparisonUnreadable'],
  examples: ['fei-kit compare last-release/profile.json', 'KIT_FAIL_ON_DRIFT=true fei-kit compare baseline/'],
  arguments: 'options',
  positionals: { min: 0, max: 2 },
  writesOutputs: false,
  run: async ({ positionals, say }) => {
    loadDotEnvUnlessIgnored();
    const settings = readCompareSettings();
    const [baselineArg = settings.baseline, currentArg = outputRoot()] = positionals;
    const { ComparisonInputError, compareWithBaseline, loadProfileOf } = await import(
      '../../reports/release-gate/gate.ts'
    );
    if (!baselineArg) throw new ConfigError('no baseline given (nor KIT_BASELINE)');
    try {
      const baseline = loadProfileOf('baseline', baselineArg);
      const current = loadProfileOf('current run', currentArg);
      return compareWithBaseline(baseline, current, settings, say).exitCode;
    } catch (error) {
      if (!(error instanceof ComparisonInputError)) throw error;
      say(`NOT COMPARED: ${error.message}`);
      return EXIT.comparisonUnreadable;
    }
  },
};
