/**
 * What the self-check runs: the conformance suite against the conforming reference server, each of its
 * variants (other readings of the gaps, which must pass) and each of its mutants (one rule broken,
 * which must be caught). One run per server, each with its own output folder, so that several can go
 * side by side; a run is one Playwright invocation per stage (below), but for the runs of a batch
 * (self-check/server-batch.ts: the variants, and the mutants' first stage).
 *
 * Which Playwright projects a server gets, and why:
 * - the reference and every variant: both projects (`conformance` and `ratelimit`), at the reference
 *   server's own settings, as a user's `fei-kit conformance` runs them: a conforming server must pass
 *   the whole suite (a conforming deployment never fails); the reference in a run of its own, exactly
 *   as a user runs it, the variants in the batch (self-check/server-batch.ts);
 * - a mutant of the rate limit (one whose catching rules include a RATE-LIMIT-* rule): the `ratelimit`
 *   project only; its one broken rule is the rate limit, which the other checks stay clear of by design
 *   (they pace themselves under the limit);
 * - every other mutant: the `conformance` project only, with a limit so high that the run needs no
 *   pacing: the mutation points of these mutants are not in the rate limiter, so the rate-limit checks
 *   would see the reference's own limiter, which the reference run has already checked.
 *
 * Stages: a mutant first gets the checks of its declared catching rules only; the other checks run
 * only when none of those failed (to tell "weakly caught" from "survived"). A failed check costs a
 * Playwright worker restart, and some mutants fail a hundred checks: checking everything against every
 * mutant takes several times longer and says nothing more about whether the suite catches it.
 *
 * `--full` gives every server every check of both projects, at the embedded settings, in one stage: it
 * lists every check that catches each mutant, and checks the two claims above.
 */

import { SHARED_LIMIT_VARIABLES } from '../contract/index.ts';
import {
  DEPLOYMENTS,
  type DeploymentDefinition,
  MUTANTS,
  type MutantDefinition,
  VARIANTS,
} from '../reference/index.ts';
import { ruleTagPatternOf } from '../run-records/rule-annotations.ts';
import { type RuleId, ruleById } from '../spec/index.ts';

export type ServerKind = 'reference' | 'variant' | 'mutant' | 'deployment';
export type ProjectName = 'conformance' | 'ratelimit';

export const ALL_PROJECTS: readonly ProjectName[] = Object.freeze(['conformance', 'ratelimit']);

export interface ServerUnderTest {
  readonly kind: ServerKind;
  /** The catalog name (the reference is `reference`). */
  readonly name: string;
  readonly description: string;
  /** Mutants only: the rule ids whose checks should catch it. */
  readonly catchingRules: readonly RuleId[];
  /** Deployments only: the rules it deviates from, exactly the ones whose checks must fail. */
  readonly expectedFailures?: readonly RuleId[];
}

/** One Playwright invocation of a run: the checks it selects by their rules' tags. */
export interface Stage {
  /** What the stage runs, for the matrix: "every check", "checks of its declared rules", … */
  readonly label: string;
  /** A pattern of rule tags (Playwright's --grep) the checks must match. */
  readonly grep?: string;
  /** A pattern of rule tags (Playwright's --grep-invert) the checks must not match. */
  readonly grepInvert?: string;
}

export interface PlannedRun {
  readonly server: ServerUnderTest;
  /** `reference`, `variant-<name>`, `mutant-<name>` or `deployment-<name>`: the run's folder and its key in the matrix. */
  readonly id: string;
  readonly projects: readonly ProjectName[];
  /** Why these projects, printed with the matrix. */
  readonly scope: string;
  /** Run in order; a later stage runs only while no check has failed (see the file's comment). */
  readonly stages: readonly Stage[];
  /** Environment of the Playwright run on top of the self-check's clean one. */
  readonly env: Readonly<Record<string, string>>;
  /** A rough cost in seconds, to start the longest runs first. */
  readonly expectedSeconds: number;
}

export interface PlanOptions {
  /** Both projects for every server, at the embedded settings. */
  readonly full?: boolean;
  /** fast-check runs per property for mutants (undefined: each property's own count). */
  readonly mutantPropertyRuns?: number;
  /** Only the servers whose id or name matches one of these (exact, or a `*` pattern). */
  readonly only?: readonly string[];
}

/** Requests per window for a run that must never be throttled: no pacing, no 429. */
export const UNTHROTTLED_LIMIT = '1000000';

export const isRateLimitMutant = (mutant: Pick<MutantDefinition, 'catchingRules'>): boolean =>
  mutant.catchingRules.some((id) => ruleById(id).area === 'ratelimit');

export const runId = (server: Pick<ServerUnderTest, 'kind' | 'name'>): string =>
  server.kind === 'reference' ? 'reference' : `${server.kind}-${server.name}`;

export const EVERY_CHECK: Stage = Object.freeze({ label: 'every check' });

/** A mutant's stages: its declared rules' checks, then (only if none failed) every other check. */
export const stagesOf = (catchingRules: readonly RuleId[]): Stage[] => {
  const pattern = ruleTagPatternOf(catchingRules);
  return [
    { label: 'checks of its declared rules', grep: pattern },
    { label: 'every other check', grepInvert: pattern },
  ];
};

const matches = (pattern: string, value: string): boolean => {
  if (!pattern.includes('*')) return pattern === value;
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`).test(value);
};

const selected = (only: readonly string[] | undefined, run: PlannedRun): boolean =>
  !only?.length || only.some((p) => matches(p, run.id) || matches(p, run.server.name));

const fullRun = (server: ServerUnderTest, scope: string): PlannedRun => ({
  server,
  id: runId(server),
  projects: ALL_PROJECTS,
  scope,
  stages: [EVERY_CHECK],
  env: {},
  expectedSeconds: 60,
});

export const REFERENCE_SERVER: ServerUnderTest = Object.freeze({
  kind: 'reference',
  name: 'reference',
  description: 'The conforming reference server, as the kit starts it by itself.',
  catchingRules: [],
});

const mutantRun = (mutant: MutantDefinition, options: PlanOptions): PlannedRun => {
  const server: ServerUnderTest = {
    kind: 'mutant',
    name: mutant.name,
    description: mutant.description,
    catchingRules: mutant.catchingRules,
  };
  if (options.full) return fullRun(server, 'all checks (--full)');
  const stages = stagesOf(mutant.catchingRules);
  if (isRateLimitMutant(mutant)) {
    return {
      server,
      id: runId(server),
      stages,
      projects: ['ratelimit'],
      scope: 'rate-limit checks only: the mutant breaks the rate limit, which the other checks stay under',
      env: {},
      expectedSeconds: 15,
    };
  }
  const properties = options.mutantPropertyRuns;
  return {
    server,
    id: runId(server),
    stages,
    projects: ['conformance'],
    scope:
      'conformance checks only, unthrottled: a mutant of another area leaves the rate limiter as the reference has it' +
      (properties ? `; ${properties} runs per property` : ''),
    env: {
      [SHARED_LIMIT_VARIABLES.requestsPerWindow]: UNTHROTTLED_LIMIT,
      ...(properties ? { FC_RUNS: String(properties) } : {}),
    },
    expectedSeconds: 8,
  };
};

/** Every run of the self-check, longest first. */
export const planRuns = (
  options: PlanOptions = {},
  catalog: {
    mutants: readonly MutantDefinition[];
    variants: typeof VARIANTS;
    deployments?: readonly DeploymentDefinition[];
  } = {
    mutants: MUTANTS,
    variants: VARIANTS,
    deployments: DEPLOYMENTS,
  },
): PlannedRun[] => {
  const runs: PlannedRun[] = [
    fullRun(REFERENCE_SERVER, 'all checks, at the embedded settings'),
    ...catalog.variants.map((v) =>
      fullRun(
        { kind: 'variant', name: v.name, description: v.description, catchingRules: [] },
        'all checks, at the embedded settings',
      ),
    ),
    ...catalog.mutants.map((m) => mutantRun(m, options)),
    // A deployment deviates from the spec as it documents: every check, and exactly its deviations fail.
    ...(catalog.deployments ?? []).map((d) =>
      fullRun(
        {
          kind: 'deployment',
          name: d.name,
          description: d.description,
          catchingRules: [],
          expectedFailures: d.deviatesFrom,
        },
        `all checks, at the embedded settings: exactly ${d.deviatesFrom.join(', ')} must fail`,
      ),
    ),
  ];
  return runs
    .filter((run) => selected(options.only, run))
    .sort((a, b) => b.expectedSeconds - a.expectedSeconds);
};
