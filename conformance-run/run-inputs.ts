/**
 * What a conformance run reads before it sends anything: the target contract, the provider's declared
 * deviations and described listing, the comparison settings and the baseline, the output folder's
 * writability. A wrong path or value stops the run here, and a baseline in the output folder is read
 * before the run writes over it.
 */
import {
  describedListingLine,
  loadDotEnvUnlessIgnored,
  readDeclaredDeviations,
  readDescribedListing,
  readTargetContract,
  readTimeouts,
} from '../config/index.ts';
import type { PlaywrightArguments } from '../config/playwright-arguments.ts';
import { contractVariable } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { FoundProfile } from '../reports/profile/files.ts';
import { loadProfileOf } from '../reports/release-gate/gate.ts';
import { type CompareSettings, readCompareSettings } from '../reports/release-gate/settings.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { ensureWritable } from '../utilities/output-folder.ts';
import { outputRoot } from '../utilities/output-paths.ts';

export type TargetContract = ReturnType<typeof readTargetContract>;

export interface RunInputs {
  readonly contract: TargetContract;
  readonly settings: CompareSettings;
  readonly baseline: FoundProfile | undefined;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Says the declarations the provider made, as the run will treat them. */
const sayDeclarations = (say: SayLine): void => {
  const declared = readDeclaredDeviations();
  if (declared) {
    say(
      `${CONTRACT_VARIABLES.declaredDeviations}: ${plural(declared.deviations.length, 'declared deviation')} in ${declared.file} (${declared.deviations.map((d) => d.rule).join(', ')}): shown as declared in the certificate, not gating the exit code`,
    );
  }
  const described = readDescribedListing();
  if (described) say(describedListingLine(described));
};

/** Reads every input of the run; a configuration error throws (the command runner says it). */
export const readRunInputs = (args: PlaywrightArguments, say: SayLine): RunInputs => {
  loadDotEnvUnlessIgnored();
  const contract = readTargetContract();
  sayDeclarations(say);
  const settings = readCompareSettings();
  ensureWritable(outputRoot(), args.output !== undefined ? '--output' : undefined);
  let baseline: FoundProfile | undefined;
  if (settings.baseline) {
    baseline = loadProfileOf('KIT_BASELINE', settings.baseline);
    say(
      `KIT_BASELINE: the run will be compared with ${baseline.profile.run.runId ?? 'a run'} (${baseline.source})`,
    );
  }
  contractVariable(CONTRACT_VARIABLES.runId).write(
    contract.kind === 'remote' ? contract.target.runId : contract.runId,
  );
  readTimeouts();
  return { contract, settings, baseline };
};
