/**
 * `npm run compare -- <baseline> [<current>]`: what changed between two runs, rule by rule and gap by
 * gap. Each side is a run's output folder (what KIT_OUTPUT_DIR pointed at, or reports/output), its
 * certificate folder, or a profile file; the current run defaults to the last one (KIT_OUTPUT_DIR or
 * reports/output), the baseline to KIT_BASELINE. Exit codes (config/exit-codes.ts): 0 unchanged or
 * only improvements; 1 a rule newly failing; 5 a gap reading or latency changed and
 * KIT_FAIL_ON_DRIFT=true; 2 a malformed setting or argument; 9 a baseline or current run that cannot
 * be read; 7 the kit itself failed. Never 1 unless a rule newly fails.
 */
import { ConfigError, EXIT, loadDotEnv } from '../../config/index.ts';
import { ComparisonInputError, compareWithBaseline, loadProfileOf } from '../../reports/release-gate/gate.ts';
import { readCompareSettings } from '../../reports/release-gate/settings.ts';
import { outputRoot } from '../../run-records/output-paths.ts';

const say = (line: string): void => {
  process.stdout.write(`compare: ${line}\n`);
};

const USAGE =
  'usage: npm run compare -- <baseline folder or profile.json> [<current folder or profile.json>]';

const main = (): number => {
  try {
    if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
    const settings = readCompareSettings();
    const args = process.argv.slice(2).filter((arg) => arg !== '--');
    if (args.some((arg) => arg === '-h' || arg === '--help')) {
      say(USAGE);
      return EXIT.ok;
    }
    if (args.length > 2) throw new ConfigError(`too many arguments; ${USAGE}`);
    const [baselineArg = settings.baseline, currentArg = outputRoot()] = args;
    if (!baselineArg) throw new ConfigError(`no baseline given (nor KIT_BASELINE); ${USAGE}`);
    const baseline = loadProfileOf('baseline', baselineArg);
    const current = loadProfileOf('current run', currentArg);
    return compareWithBaseline(baseline, current, settings, say).exitCode;
  } catch (error) {
    if (error instanceof ConfigError) {
      say(error.message);
      return EXIT.badConfiguration;
    }
    if (error instanceof ComparisonInputError) {
      say(`NOT COMPARED: ${error.message}`);
      return EXIT.comparisonUnreadable;
    }
    say(
      `KIT FAILURE: internal error: ${(error as Error).message.split('\n')[0]} (a fault of the kit, not of either run)`,
    );
    return EXIT.kitFailure;
  }
};

process.exit(main());
