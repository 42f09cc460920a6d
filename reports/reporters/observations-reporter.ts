/**
 * A Playwright reporter that gathers the observations tests attach (what the target did where the
 * spec is silent) into one observations.json for the run, grouped by gap: each keyed by the id of the
 * test that saw it (`test.id`, the same as the check record's), with its title for people.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { contractVariable } from '../../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../../contract/index.ts';
import {
  OBSERVATION_CONTENT_TYPE,
  type Observation,
  type ObservationsFile,
  type RecordedObservation,
  summariseObservations,
} from '../../run-records/observations.ts';
import { outputPaths } from '../../utilities/output-paths.ts';

export default class ObservationsReporter implements Reporter {
  readonly #outputFile: string;
  readonly #observations: RecordedObservation[] = [];

  constructor(options: { outputFile?: string } = {}) {
    this.#outputFile = options.outputFile ?? outputPaths().observations;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const attachment of result.attachments) {
      if (attachment.contentType !== OBSERVATION_CONTENT_TYPE || !attachment.body) continue;
      const observation = JSON.parse(attachment.body.toString('utf8')) as Observation;
      this.#observations.push({ ...observation, testId: test.id, test: test.title });
    }
  }

  onEnd(): void {
    const file: ObservationsFile = {
      runId: contractVariable(CONTRACT_VARIABLES.runId).read(),
      observations: this.#observations,
      byRule: summariseObservations(this.#observations),
    };
    mkdirSync(dirname(this.#outputFile), { recursive: true });
    writeFileSync(this.#outputFile, `${JSON.stringify(file, null, 2)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
