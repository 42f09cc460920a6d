/**
 * What one self-check runs, decided before anything starts: the suite's rows (plan.ts), the k6 rows
 * (load-plan.ts) and the client rows, for the options given; and the notes that say how they run,
 * printed first and kept in the matrix.
 */

import type { ClientBehaviour } from '../client/self-check-clients/client-behaviours.ts';
import { ConfigError } from '../config/index.ts';
import { SHARED_LIMIT_VARIABLES } from '../contract/index.ts';
import { plannedClientRows } from './client-rows.ts';
import { type FaultRow, plannedFaultRows } from './fault-rows.ts';
import type { PlannedLoadRun } from './load-plan.ts';
import { plannedLoadRows } from './load-rows.ts';
import { type PlannedRun, planRuns, UNTHROTTLED_LIMIT } from './plan.ts';
import type { SelfCheckOptions, SelfCheckSettings } from './settings.ts';

export interface SelfCheckPlan {
  readonly runs: readonly PlannedRun[];
  readonly loadRuns: readonly PlannedLoadRun[];
  readonly clientRows: readonly ClientBehaviour[];
  readonly faultRows: readonly FaultRow[];
}

/** Every row the options select; a ConfigError when `--only` matches none. */
export const planSelfCheck = (values: SelfCheckOptions, settings: SelfCheckSettings): SelfCheckPlan => {
  const { only, mutantPropertyRuns } = settings;
  const plan = {
    runs: planRuns({ full: values.full ?? false, mutantPropertyRuns, only }),
    loadRuns: plannedLoadRows(only),
    clientRows: plannedClientRows(only),
    faultRows: plannedFaultRows(only),
  };
  const rows = [plan.runs, plan.loadRuns, plan.clientRows, plan.faultRows];
  if (rows.every((part) => part.length === 0))
    throw new ConfigError(`--only ${values.only} matches no server`);
  return plan;
};

/** Whether the k6 rows run (planned and not left out). */
export const loadRowsRun = (values: SelfCheckOptions, plan: SelfCheckPlan): boolean =>
  plan.loadRuns.length > 0 && !values['no-load'];

const stageNotes = (values: SelfCheckOptions): string[] =>
  values.full
    ? ['every mutant gets every check too, in one stage (--full)']
    : [
        `a mutant of the rate limit gets the rate-limit checks only; every other mutant the conformance checks only, unthrottled (${SHARED_LIMIT_VARIABLES.requestsPerWindow}=${UNTHROTTLED_LIMIT}): a mutant of another area cannot change rate limiting, and the rate limit is not what its run is about`,
        'a mutant gets the checks of its declared rules first; every other check runs only when none of those failed (to tell weakly caught from survived), so "caught by" lists the declared rules\' checks that failed; --full lists every check that fails',
      ];

const invocationNote = (values: SelfCheckOptions): string =>
  values.full || values['no-batch']
    ? 'each run is one Playwright invocation per stage, with its own output folder under fei-kit-output/self-check/<run>/'
    : "each run is one Playwright invocation per stage, with its own output folder under fei-kit-output/self-check/<run>/, except the variants' runs and the mutants' first stage: one invocation for all of them, each against its own server, each worker serving a share of the servers one check after another (the rate-limit checks on workers of their own, beside the others), a failed check keeping its worker (fei-kit-output/self-check/server-batch/); the reference and the deployments run as a user runs the suite";

/** The waiting rows that run beside the suite's (part-schedule.ts), when any do. */
const besideTheSuiteNote = (values: SelfCheckOptions, plan: SelfCheckPlan): string[] => {
  const beside = [
    ...(plan.clientRows.length && !values['no-clients'] ? [`the ${plan.clientRows.length} client rows`] : []),
    ...(plan.faultRows.length && !values['no-faults'] ? [`the ${plan.faultRows.length} fault rows`] : []),
  ];
  return beside.length
    ? [
        `${beside.join(' and ')} run beside the suite's runs, after the load rows: they mostly wait (for retry delays, late answers, a restart), and the suite's runs fill the cores they leave idle`,
      ]
    : [];
};

/** How this self-check runs, in sentences. */
export const selfCheckNotes = (
  values: SelfCheckOptions,
  settings: SelfCheckSettings,
  plan: SelfCheckPlan,
): string[] => [
  'the reference, every variant and every deployment get every check (conformance and rate-limit projects), at the embedded settings',
  "the reference's and every variant's server records every answer of its run (answers.jsonl in the run's folder), and each answer must validate against the kit's OpenAPI document; a mutant whose answers have the wrong shape records them too, and the document must refuse some; a deployment's answers are not validated (it deviates from the spec as it documents)",
  ...stageNotes(values),
  ...(settings.mutantPropertyRuns
    ? [`properties run ${settings.mutantPropertyRuns} times each against mutants`]
    : []),
  invocationNote(values),
  ...besideTheSuiteNote(values, plan),
  ...(loadRowsRun(values, plan)
    ? [
        `${plan.loadRuns.length} load rows: each one k6 run of a load script (a limit of 40 per 2 s window), ${settings.loadConcurrency} at a time, before the suite's runs (a load generator starved of CPU sends in bursts), in fei-kit-output/self-check/load-<script>-<server>/; a row whose load generator did not reach the planned rate reads not established, with the rate reached and needed`,
      ]
    : []),
];
