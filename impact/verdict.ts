/**
 * A tenant's verdict and the gate's exit code. *Affected*: the candidate answers some exchange of the
 * tenant otherwise on what it met (even toward the spec: a fixed deviation a tenant relied on is still
 * an impact). *Not established*: the replay could not reproduce the tenant's state, or the candidate
 * did not answer, and no difference was found before. *Unaffected*: every exchange was replayed alike.
 */
import { EXIT } from '../config/index.ts';
import type { ExchangeDifference } from './differences.ts';
import type { TenantFootprint } from './footprint.ts';
import type { UnusableFile } from './traffic-folder.ts';

export type Verdict = 'unaffected' | 'affected' | 'not-established';

export interface TenantImpact {
  readonly tenant: string;
  readonly file: string;
  /** The contract's sandbox tenant it was replayed under (`A`). */
  readonly sandboxTenant: string;
  readonly exchanges: number;
  readonly footprint: TenantFootprint;
  readonly verdict: Verdict;
  readonly differences: readonly ExchangeDifference[];
  /** Why parts of the traffic could not be reproduced (the verdict's reason when not established). */
  readonly reasons: readonly string[];
}

export const verdictOf = (differences: readonly unknown[], reasons: readonly string[]): Verdict => {
  if (differences.length > 0) return 'affected';
  return reasons.length > 0 ? 'not-established' : 'unaffected';
};

/** 3 when any tenant's impact (or a file's) could not be established, else 5 when any is affected, else 0. */
export const impactExitCode = (
  tenants: readonly Pick<TenantImpact, 'verdict'>[],
  unusable: readonly UnusableFile[],
): number => {
  if (unusable.length > 0 || tenants.some((t) => t.verdict === 'not-established')) return EXIT.couldNotRun;
  if (tenants.some((t) => t.verdict === 'affected')) return EXIT.drift;
  return EXIT.ok;
};
