/**
 * The fixtures every conformance suite uses: the target, a client per tenant (paced under the
 * tenant's limit, sharing one connection pool per worker), observations, and the checks that run
 * around every test: production safety, the error-body shape of every non-2xx response, and the
 * redacted HTTP exchanges attached for the report.
 */
import { readFileSync } from 'node:fs';
import { test as base, expect, type TestInfo } from '@playwright/test';
import { Agent } from 'undici';
import {
  loadTarget,
  mayWrite,
  readTimeouts,
  type Target,
  type TenantCredentials,
} from '../../config/index.ts';
import { CONTRACT_VARIABLES, TENANT_VARIABLES } from '../../contract/index.ts';
import { errorBodyViolations, type Violation } from '../../oracle/index.ts';
import { needsSharedPacing, PACING_URL_VARIABLE, SharedPacer } from '../../pacing/pacing-broker.ts';
import { limitOfRecorded } from '../../pacing/request-budget.ts';
import {
  fallbackShare,
  type Pacer,
  partOfShare,
  RequestPacer,
  together,
} from '../../pacing/request-pacer.ts';
import { RequestStatsRecorder } from '../../pacing/request-stats.ts';
import { RunGuard } from '../../pacing/run-guard.ts';
import { fateOf } from '../../pacing/target-health.ts';
import {
  attachCheckRecord,
  markCheckNotRun,
  skipCheck,
  startCheck,
} from '../../run-records/check-record-writer.ts';
import {
  answerOf,
  describeExchange,
  exchangeTitle,
  type HttpExchange,
} from '../../run-records/http-exchange.ts';
import { KEEP_WORKER_VARIABLE, KEPT_WORKER_ANNOTATION } from '../../run-records/kept-worker.ts';
import {
  OBSERVATION_CONTENT_TYPE,
  type Observation,
  observationAttachment,
} from '../../run-records/observations.ts';
import { outputPaths } from '../../run-records/output-paths.ts';
import { registerSecrets } from '../../run-records/redaction.ts';
import { NOT_RUN_ANNOTATION } from '../../run-records/result-annotations.ts';
import { readRunStop } from '../../run-records/run-stop.ts';
import type { RuleId } from '../../spec/index.ts';
import { applyRuleLabels, labelViolatedRules } from './rule-labels.ts';
import { ServiceClient } from './service-client.ts';
import { recordViolations, violationFailure } from './verdicts.ts';

/** Attach at most this many exchanges a test, the first and the last half: property tests send hundreds. */
const MAX_ATTACHED_EXCHANGES = 40;

export type Observe = (ruleId: RuleId, observed: string, detail?: unknown) => Promise<void>;

interface WorkerFixtures {
  /**
   * A JSON file of the target contract and run variables of this project's workers, set on top of
   * the environment before anything reads it (undefined in a conformance run: the environment is the
   * run's). The self-check runs many servers in one Playwright invocation, a project each
   * (self-check/batch.config.ts); a worker serves one project, so what a project sets stays in its
   * workers. A file, not the values: Playwright copies every project's options into its JSON report,
   * and these hold tokens.
   */
  runEnvironmentFile: string | undefined;
  /**
   * A failed check does not cost a new worker: it is marked as the outcome expected, its result keeping
   * the failure, which the self-check restores. For projects of independent checks against servers
   * meant to fail them (mutants): Playwright otherwise starts a new worker after every failure. The
   * conformance run gets the same through KEEP_WORKER_VARIABLE (reports/reporters/kept-worker-reporter.ts).
   */
  keepWorkerOnFailure: boolean;
  /** The run's files shared between workers: under reports/output, or KIT_OUTPUT_DIR. */
  runFiles: ReturnType<typeof outputPaths>;
  timeouts: ReturnType<typeof readTimeouts>;
  target: Target;
  runGuard: RunGuard;
  connectionPool: Agent;
  requestStats: RequestStatsRecorder;
  pacers: Map<string, Pacer>;
}

interface TestFixtures {
  keepWorker: undefined;
  /** Attaches the check's record (check-facts.ts) after every other check around the test has run. */
  checkRecord: undefined;
  /** The test's requests still unanswered (service-client.ts). */
  inFlight: { count: number };
  exchanges: HttpExchange[];
  conformanceChecks: undefined;
  /** `together`: that many first requests leave at once, on one slot of the tenant's schedule. */
  clientFor: (
    tenant: TenantCredentials | undefined,
    options?: { paced?: boolean; together?: number },
  ) => ServiceClient;
  tenantA: ServiceClient;
  tenantB: ServiceClient;
  rateLimitTenant: ServiceClient;
  /** Sends no tenant headers by default: for header checks that set them one by one. */
  anonymous: ServiceClient;
  observe: Observe;
  runId: string;
}

/** ERROR-BODY-SHAPE violations of every answer a test received (part 7), with the exchange of each. */
const errorBodyViolationsOf = (
  exchanges: readonly HttpExchange[],
): { violations: Violation[]; exchange: HttpExchange }[] =>
  exchanges.flatMap((exchange) => {
    const response = exchange.response;
    // No answer, or a gateway's page instead of the service's: the test was not run, nothing judged.
    if (!response || fateOf(response, exchange.error).kind !== 'answered') return [];
    const violations = errorBodyViolations(answerOf(response));
    return violations.length > 0 ? [{ violations, exchange }] : [];
  });

const attachExchanges = async (testInfo: TestInfo, exchanges: readonly HttpExchange[]): Promise<void> => {
  const half = MAX_ATTACHED_EXCHANGES / 2;
  const shown =
    exchanges.length <= MAX_ATTACHED_EXCHANGES
      ? exchanges
      : [...exchanges.slice(0, half), ...exchanges.slice(-half)];
  for (const [index, exchange] of shown.entries()) {
    await testInfo.attach(`HTTP ${String(index + 1).padStart(2, '0')} ${exchangeTitle(exchange)}`, {
      body: describeExchange(exchange),
      contentType: 'text/plain',
    });
  }
  if (shown.length < exchanges.length) {
    await testInfo.attach('HTTP exchanges not attached', {
      body: `${exchanges.length} exchanges; the first and last ${half} are attached.`,
      contentType: 'text/plain',
    });
  }
};

/** The variables of a runEnvironmentFile: an object of strings, or the project cannot run. */
const readRunEnvironment = (file: string): Record<string, string> => {
  const values: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (
    typeof values !== 'object' ||
    values === null ||
    Object.values(values).some((value) => typeof value !== 'string')
  ) {
    throw new Error(`${file} holds no object of variables`);
  }
  return values as Record<string, string>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  runEnvironmentFile: [undefined, { scope: 'worker', option: true }],
  keepWorkerOnFailure: [false, { scope: 'worker', option: true }],
  runFiles: [
    async ({ runEnvironmentFile }, use) => {
      if (runEnvironmentFile) Object.assign(process.env, readRunEnvironment(runEnvironmentFile));
      await use(outputPaths());
    },
    { scope: 'worker' },
  ],
  timeouts: [
    async ({ runFiles: _ }, use) => {
      await use(readTimeouts());
    },
    { scope: 'worker' },
  ],
  target: [
    async ({ runFiles: _ }, use) => {
      const target = loadTarget();
      registerSecrets(
        target.tenantA.accessToken,
        target.tenantB?.accessToken,
        target.rateLimitTenant?.accessToken,
      );
      await use(target);
    },
    { scope: 'worker' },
  ],
  runGuard: [
    async ({ target, runFiles }, use) => {
      await use(
        new RunGuard(runFiles, (tenant) => limitOfRecorded(target.limits, tenant).windowSeconds * 1000),
      );
    },
    { scope: 'worker' },
  ],
  connectionPool: [
    async ({}, use) => {
      const pool = new Agent({ connections: 64, keepAliveTimeout: 4_000 });
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  requestStats: [
    async ({ runFiles }, use, workerInfo) => {
      const recorder = new RequestStatsRecorder();
      await use(recorder);
      recorder.writeTo(runFiles.requestStats, String(workerInfo.parallelIndex));
    },
    { scope: 'worker' },
  ],
  pacers: [
    async ({ target }, use, workerInfo) => {
      // Shards on other machines share the tenant's budget too: each shard takes an equal part, and a
      // worker on its own an equal part of its shard's (pacing-broker.ts shares a shard's between workers).
      const workers = workerInfo.config.workers;
      const shards = workerInfo.config.shard?.total ?? 1;
      const brokerUrl = process.env[PACING_URL_VARIABLE];
      const pacerOf = (tenant: TenantCredentials): Pacer => {
        const limit = target.limits[tenant.name];
        const parts = workers * shards;
        return brokerUrl && needsSharedPacing(limit, workers, shards)
          ? new SharedPacer(brokerUrl, tenant.name, () => new RequestPacer(fallbackShare(limit, parts)))
          : new RequestPacer(partOfShare(limit, parts));
      };
      await use(
        new Map(
          [target.tenantA, target.tenantB].filter((t) => t !== undefined).map((t) => [t.name, pacerOf(t)]),
        ),
      );
    },
    { scope: 'worker' },
  ],
  runId: async ({ target }, use) => {
    await use(target.runId);
  },
  inFlight: async ({}, use) => {
    await use({ count: 0 });
  },
  keepWorker: [
    async ({ keepWorkerOnFailure, inFlight }, use, testInfo) => {
      await use(undefined);
      // Torn down after conformanceChecks (which depends on it): the test's outcome is final by now.
      // A failed check with requests still unanswered (a Promise.all cut short) gives its worker up, as
      // any failure does: their late answers must not land in the next check. A check with a retry left
      // gives it up too, so that Playwright retries it as it documents (a kept failure is not retried).
      const keeping = keepWorkerOnFailure || process.env[KEEP_WORKER_VARIABLE] === 'true';
      if (
        keeping &&
        testInfo.retry >= testInfo.project.retries &&
        testInfo.status === 'failed' &&
        testInfo.expectedStatus === 'passed' &&
        inFlight.count === 0
      ) {
        testInfo.expectedStatus = 'failed';
        testInfo.annotations.push({
          type: KEPT_WORKER_ANNOTATION,
          description:
            'failed; marked as expected so that the worker is kept (restored as a failure when reported)',
        });
      }
    },
    { auto: true, box: true },
  ],
  exchanges: async ({}, use) => {
    await use([]);
  },
  checkRecord: [
    async ({}, use, testInfo) => {
      startCheck(testInfo);
      await use(undefined);
      await attachCheckRecord(testInfo);
    },
    { auto: true, box: true },
  ],
  conformanceChecks: [
    async ({ target, exchanges, runFiles, keepWorker: _, checkRecord: _record }, use, testInfo) => {
      const stop = readRunStop(runFiles.runStop);
      if (stop) {
        testInfo.annotations.push({ type: NOT_RUN_ANNOTATION, description: `not run: ${stop.line}` });
        markCheckNotRun(testInfo, 'run-stopped', `not run: ${stop.line}`);
        testInfo.skip(true, `not run: the run was stopped (${stop.reason})`);
      }
      if (!mayWrite(target) && !testInfo.tags.includes('@readonly')) {
        skipCheck(
          testInfo,
          'production-read-only',
          `production target: only @readonly checks run unless ${CONTRACT_VARIABLES.allowProductionWrites}=true`,
        );
      }
      await applyRuleLabels(testInfo);
      await use(undefined);
      await attachExchanges(testInfo, exchanges);
      // Every answer of every test, whatever the test is about: a failure is credited to
      // ERROR-BODY-SHAPE, the rule it breaks, even inside a test of another rule.
      const found = errorBodyViolationsOf(exchanges);
      const fresh = found.flatMap(({ violations, exchange }) => recordViolations(violations, exchange));
      await labelViolatedRules(testInfo);
      const first = found[0];
      if (fresh.length > 0 && first) throw violationFailure(fresh, first.exchange);
    },
    { auto: true },
  ],
  clientFor: async (
    { target, connectionPool, requestStats, pacers, exchanges, runGuard, timeouts, inFlight },
    use,
  ) => {
    await use(
      (tenant, options = {}) =>
        new ServiceClient(tenant, {
          guard: runGuard,
          // The rate-limit tenant is throttled on purpose; a paced tenant never should be.
          watchThrottles: options.paced !== false,
          baseUrl: target.baseUrl,
          dispatcher: connectionPool,
          // Requests without tenant headers still reach the target; they share tenant A's budget.
          pacer:
            options.paced === false ? undefined : together(pacers.get(tenant?.name ?? 'A'), options.together),
          stats: requestStats,
          onExchange: (exchange) => exchanges.push(exchange),
          inFlight,
          timeoutMs: timeouts.requestMs,
          suspectTimeoutMs: timeouts.suspectMs,
          backoffMs: (attempt) =>
            Math.min(
              limitOfRecorded(target.limits, tenant?.name ?? 'A').windowSeconds * 1000,
              500 * 2 ** attempt,
            ),
          max429Retries: 6,
        }),
    );
  },
  tenantA: async ({ clientFor, target }, use) => {
    await use(clientFor(target.tenantA));
  },
  tenantB: async ({ clientFor, target }, use, testInfo) => {
    if (!target.tenantB) {
      skipCheck(
        testInfo,
        'tenant-b-missing',
        `${TENANT_VARIABLES.B.clientId} / ${TENANT_VARIABLES.B.accessToken} not set: this check needs a second tenant`,
      );
    }
    await use(clientFor(target.tenantB));
  },
  rateLimitTenant: async ({ clientFor, target }, use, testInfo) => {
    if (!target.rateLimitTenant) {
      skipCheck(
        testInfo,
        'rate-limit-tenant-missing',
        `${TENANT_VARIABLES.RATE_LIMIT.clientId} / ${TENANT_VARIABLES.RATE_LIMIT.accessToken} not set: rate-limit checks need a tenant of their own`,
      );
    }
    await use(clientFor(target.rateLimitTenant, { paced: false }));
  },
  anonymous: async ({ clientFor }, use) => {
    await use(clientFor(undefined));
  },
  observe: async ({}, use, testInfo) => {
    await use(async (ruleId, observed, detail) => {
      const observation: Observation = { ruleId, observed, detail };
      const { name, body } = observationAttachment(observation);
      await testInfo.attach(name, { body, contentType: OBSERVATION_CONTENT_TYPE });
    });
  },
});

export { expect };
