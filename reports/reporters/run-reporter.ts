/**
 * A Playwright reporter for the facts of the run itself, listed before json, junit and allure-playwright:
 * - when the run begins, it empties the Allure results folder, so a report shows this run only;
 * - as each test ends, it gives it a `rule` annotation for every rule its check record names, which
 *   the JUnit file carries as `<property name="rule" value="…"/>` and results.json as an annotation;
 * - it writes run.json (target without tokens, kit version, run id, dates, filters) and the Allure
 *   environment section (environment.properties) and, on GitHub Actions, executor.json.
 * It runs in Playwright's runner process, after the global setup has pointed the run at its target.
 */
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
} from '@playwright/test/reporter';
import { readTargetContract } from '../../config/index.ts';
import { contractVariable } from '../../config/settings/index.ts';
import { CONTRACT_VARIABLES } from '../../contract/index.ts';
import { checkRecordsOf } from '../../run-records/check-record.ts';
import { RULE_ANNOTATION } from '../../run-records/rule-annotations.ts';
import { type OutputPaths, outputPaths } from '../../utilities/output-paths.ts';
import { describeTarget, environmentInfo, newRunInfo, type RunInfo, toProperties } from './run-info.ts';

/** Adds a rule annotation for every rule id an attempt's check record names; returns how many it names. */
export const annotateRuleIds = (test: TestCase, result: Pick<TestResult, 'attachments'>): number => {
  const ids = new Set(checkRecordsOf(result.attachments).flatMap((record) => record.ruleIds));
  for (const id of ids) {
    if (!test.annotations.some((a) => a.type === RULE_ANNOTATION && a.description === id)) {
      test.annotations.push({ type: RULE_ANNOTATION, description: id });
    }
  }
  return ids.size;
};

/**
 * Empties a folder by moving it aside first (one atomic rename), so that a file written into it at the
 * same moment (another run sharing the output folder: give each its own KIT_OUTPUT_DIR) cannot make
 * the removal fail. The folder is empty when this returns; what was in it is removed in the
 * background (a run's results are a thousand files or more, seconds of removal the run's first
 * checks would otherwise wait for), by the promise returned.
 */
export const emptyFolder = (folder: string): Promise<void> => {
  const aside = `${folder}.old-${process.pid}-${Date.now()}`;
  try {
    renameSync(folder, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(folder, { recursive: true });
  // Folders an earlier run moved aside and could not remove (it was killed) go too.
  const prefix = `${basename(folder)}.old-`;
  const leftovers = readdirSync(dirname(folder)).filter((name) => name.startsWith(prefix));
  return Promise.all(
    leftovers.map((name) => rm(join(dirname(folder), name), { recursive: true, force: true, maxRetries: 3 })),
  ).then(() => undefined);
};

/** Allure's executor.json for a GitHub Actions run: a link from the report back to the workflow run. */
export const githubExecutor = (env: NodeJS.ProcessEnv): Record<string, string> | undefined => {
  if (env.GITHUB_ACTIONS !== 'true' || !env.GITHUB_REPOSITORY || !env.GITHUB_RUN_ID) return undefined;
  const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
  return {
    name: 'GitHub Actions',
    type: 'github',
    buildName: `${env.GITHUB_WORKFLOW ?? 'workflow'} #${env.GITHUB_RUN_NUMBER ?? env.GITHUB_RUN_ID}`,
    buildUrl: `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`,
  };
};

/** The Playwright arguments after `test`, without the config file: what filtered the run. */
const playwrightArguments = (argv: readonly string[]): string[] => {
  const start = argv.indexOf('test');
  const args = start === -1 ? [] : argv.slice(start + 1);
  const out: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (argument === '-c' || argument === '--config') {
      index += 1;
      continue;
    }
    if (argument.startsWith('--config=')) continue;
    out.push(argument);
  }
  return out;
};

export default class RunReporter implements Reporter {
  readonly #paths: OutputPaths;
  #config: FullConfig | undefined;

  constructor(_options: Record<string, unknown> = {}) {
    this.#paths = outputPaths();
  }

  #startedAt = new Date();

  #suite: Suite | undefined;

  /** The removal of the previous run's Allure results, awaited before the run ends. */
  #emptied: Promise<void> = Promise.resolve();

  onBegin(config: FullConfig, suite: Suite): void {
    this.#config = config;
    this.#suite = suite;
    this.#startedAt = new Date();
    this.#emptied = emptyFolder(this.#paths.allureResults).catch((error: unknown) => {
      process.stderr.write(
        `WARNING: the previous run's Allure results, moved aside beside ${this.#paths.allureResults}, could not be removed: ${(error as Error).message}\n`,
      );
    });
    // Written at once, so that whatever the run leaves, even killed, is tied to its run id.
    this.#writeRunInfo(this.#runInfo({ status: 'running', startTime: this.#startedAt, duration: 0 }));
  }

  #writeRunInfo(info: RunInfo): void {
    mkdirSync(dirname(this.#paths.runInfo), { recursive: true });
    writeFileSync(this.#paths.runInfo, `${JSON.stringify(info, null, 2)}\n`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    annotateRuleIds(test, result);
  }

  async onEnd(result: FullResult): Promise<void> {
    await this.#emptied;
    const info = this.#runInfo(result);
    this.#writeRunInfo(info);
    mkdirSync(this.#paths.allureResults, { recursive: true });
    writeFileSync(
      join(this.#paths.allureResults, 'environment.properties'),
      toProperties(environmentInfo(info)),
    );
    const executor = githubExecutor(process.env);
    if (executor) {
      writeFileSync(join(this.#paths.allureResults, 'executor.json'), `${JSON.stringify(executor)}\n`);
    }
  }

  #runInfo(result: Pick<FullResult, 'startTime' | 'duration'> & { status: string }): RunInfo {
    let target: RunInfo['target'];
    try {
      const contract = readTargetContract(process.env);
      if (contract.kind === 'remote') target = describeTarget(contract.target);
    } catch {
      target = undefined;
    }
    const shard = this.#config?.shard;
    const stoppedEarly = result.status === 'running' ? undefined : this.#stoppedEarly();
    return newRunInfo({
      runId: contractVariable(CONTRACT_VARIABLES.runId).read(),
      startedAt: result.startTime.toISOString(),
      ...(result.status === 'running'
        ? {}
        : { finishedAt: new Date(result.startTime.getTime() + result.duration).toISOString() }),
      status: result.status,
      target,
      arguments: playwrightArguments(process.argv),
      ...(shard ? { shard: { current: shard.current, total: shard.total } } : {}),
      ...(stoppedEarly ? { stoppedEarly } : {}),
      playwrightVersion: this.#config?.version ?? 'unknown',
    });
  }

  /** `--max-failures` reached with checks left that never ran: Playwright stopped the run early. */
  #stoppedEarly(): RunInfo['stoppedEarly'] {
    const maxFailures = this.#config?.maxFailures ?? 0;
    if (maxFailures === 0 || !this.#suite) return undefined;
    const tests = this.#suite.allTests();
    const failures = tests.filter((test) => test.outcome() === 'unexpected').length;
    const notRun = tests.filter((test) => test.results.length === 0).length;
    return failures >= maxFailures && notRun > 0 ? { maxFailures, notRun } : undefined;
  }

  printsToStdio(): boolean {
    return false;
  }
}
