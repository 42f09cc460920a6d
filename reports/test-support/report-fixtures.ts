/**
 * Small Playwright JSON reports (the shape of results.json) and run facts, built in code, for the
 * certificate's and the report's tests.
 */
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import {
  CHECK_RECORD_CONTENT_TYPE,
  CHECK_RECORD_SCHEMA,
  type CheckRecord,
  checkRecordAttachment,
  type InconclusiveKind,
  type SkipKind,
} from '../../run-records/check-record.ts';
import { testOutcomes } from '../../run-records/check-record-reader.ts';
import { ruleAnnotations } from '../../run-records/rule-annotations.ts';
import { isRuleId, type RuleId } from '../../spec/index.ts';
import type { CertificateInput } from '../certificate/certificate.ts';
import { newRunInfo, type RunInfo, type TargetDescription } from '../reporters/run-info.ts';

export interface FixtureTest {
  /** Playwright's id of the test, which its records carry (`fixture-<index>` when not given). */
  readonly id?: string;
  readonly title: string;
  /** The rules it is declared with (its `rule` annotations); none by default: the title is text for people. */
  readonly ruleIds?: readonly RuleId[];
  readonly status: 'passed' | 'failed' | 'skipped' | 'flaky';
  readonly describe?: string;
  readonly file?: string;
  readonly project?: string;
  readonly tags?: readonly string[];
  readonly skipReason?: string;
  /** The kind of reason it was skipped for, as its check record says (`declared` when not given). */
  readonly skipKind?: SkipKind;
  readonly error?: string;
  /** `RULE-ID: message` of each violation the test recorded. */
  readonly violations?: readonly string[];
  /** Why the test was inconclusive (it is then skipped with that reason). */
  readonly inconclusive?: string;
  /** The kind of that reason (`property-cut-short` when not given). */
  readonly inconclusiveKind?: InconclusiveKind;
  /** Why it was not run (it is then skipped with that reason). */
  readonly notRun?: string;
  /** The request left unanswered, when it was not run for want of an answer. */
  readonly unanswered?: { readonly method: string; readonly path: string; readonly waitedMs: number };
  /** The rules its failing judgement reached, held or broken. */
  readonly judged?: readonly RuleId[];
  /** False: its attempts attached no check record (a worker that died, a `--list`). */
  readonly recorded?: boolean;
}

const declaredRules = (test: FixtureTest): readonly RuleId[] => test.ruleIds ?? [];

/** The check record an attempt of a fixture test attaches, as the fixtures would write it. */
const recordOf = (
  test: FixtureTest,
  testId: string,
  status: CheckRecord['status'],
  retry: number,
): CheckRecord => {
  const last = status !== 'failed' || test.status !== 'flaky';
  return {
    schema: CHECK_RECORD_SCHEMA,
    testId,
    ruleIds: [...declaredRules(test)],
    attempt: { retry, repeatEachIndex: 0, workerIndex: 0 },
    status,
    violations: last
      ? (test.violations ?? []).flatMap((line) => {
          const [rule, ...message] = line.split(': ');
          return rule && isRuleId(rule) ? [{ rule, message: message.join(': ') }] : [];
        })
      : [],
    ...(last && test.skipReason
      ? { skipped: { kind: test.skipKind ?? 'declared', text: test.skipReason } }
      : {}),
    ...(last && test.inconclusive
      ? { inconclusive: { kind: test.inconclusiveKind ?? 'property-cut-short', text: test.inconclusive } }
      : {}),
    ...(last && test.notRun
      ? {
          notRun: {
            kind: 'no-answer' as const,
            text: test.notRun,
            ...(test.unanswered ? { request: test.unanswered } : {}),
          },
        }
      : {}),
    ...(last && test.judged ? { judged: [...test.judged] } : {}),
  };
};

const attachmentsOf = (test: FixtureTest, testId: string, status: CheckRecord['status'], retry: number) => {
  if (test.recorded === false) return [];
  const { name, body } = checkRecordAttachment(recordOf(test, testId, status, retry));
  return [{ name, contentType: CHECK_RECORD_CONTENT_TYPE, body: Buffer.from(body).toString('base64') }];
};

const TEST_STATUS = { passed: 'expected', failed: 'unexpected', skipped: 'skipped', flaky: 'flaky' } as const;

/** A results.json holding the given tests, grouped by file and describe block as Playwright does. */
export const fixtureReport = (tests: readonly FixtureTest[], errors: readonly string[] = []): JSONReport => {
  const files = new Map<string, JSONReportSuite>();
  for (const [index, test] of tests.entries()) {
    const testId = test.id ?? `fixture-${index}`;
    const file = test.file ?? 'fixture.spec.ts';
    const fileSuite = files.get(file) ?? { title: file, file, line: 0, column: 0, specs: [], suites: [] };
    files.set(file, fileSuite);
    let parent = fileSuite;
    if (test.describe) {
      let describe = fileSuite.suites?.find((s) => s.title === test.describe);
      if (!describe) {
        describe = { title: test.describe, file, line: 1, column: 1, specs: [], suites: [] };
        fileSuite.suites?.push(describe);
      }
      parent = describe;
    }
    const annotations = [
      ...ruleAnnotations(declaredRules(test)),
      ...(test.skipReason ? [{ type: 'skip', description: test.skipReason }] : []),
      ...(test.inconclusive
        ? [
            { type: 'inconclusive', description: test.inconclusive },
            { type: 'skip', description: `inconclusive: ${test.inconclusive}` },
          ]
        : []),
      ...(test.violations ?? []).map((description) => ({ type: 'violation', description })),
    ];
    const resultStatus = test.status === 'flaky' ? 'passed' : test.status;
    parent.specs.push({
      title: test.title,
      ok: test.status !== 'failed',
      tags: [...(test.tags ?? [])],
      id: testId,
      file,
      line: 10 + index,
      column: 3,
      tests: [
        {
          timeout: 30_000,
          annotations,
          expectedStatus: 'passed',
          projectId: test.project ?? 'conformance',
          projectName: test.project ?? 'conformance',
          status: TEST_STATUS[test.status],
          results: [
            ...(test.status === 'flaky'
              ? [
                  {
                    workerIndex: 0,
                    parallelIndex: 0,
                    status: 'failed' as const,
                    duration: 5,
                    errors: [{ message: 'first try failed' }],
                    stdout: [],
                    stderr: [],
                    retry: 0,
                    startTime: '2026-11-21T10:00:00.000Z',
                    attachments: attachmentsOf(test, testId, 'failed', 0),
                    annotations: [],
                  },
                ]
              : []),
            {
              workerIndex: 0,
              parallelIndex: 0,
              status: resultStatus,
              duration: 7,
              errors: test.error ? [{ message: test.error }] : [],
              error: test.error ? { message: test.error } : undefined,
              stdout: [],
              stderr: [],
              retry: test.status === 'flaky' ? 1 : 0,
              startTime: '2026-11-21T10:00:00.000Z',
              attachments: attachmentsOf(test, testId, resultStatus, test.status === 'flaky' ? 1 : 0),
              annotations,
            },
          ],
        },
      ],
    } as JSONReportSuite['specs'][number]);
  }
  return {
    config: {} as JSONReport['config'],
    suites: [...files.values()],
    errors: errors.map((message) => ({ message })),
    stats: {
      startTime: '2026-11-21T10:00:00.000Z',
      duration: 1000,
      expected: 0,
      unexpected: 0,
      flaky: 0,
      skipped: 0,
    },
  } as JSONReport;
};

export const SANDBOX_TARGET: TargetDescription = {
  baseUrl: 'https://sandbox.payments.example',
  environment: 'sandbox',
  embedded: false,
  clientIds: {
    A: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01',
    B: '7e0f5f0c-5b7a-4a55-8e57-1f1d2c7b9e02',
  },
  rateLimit: { requestsPerWindow: 1000, windowSeconds: 60 },
  allowProductionWrites: false,
};

export const PRODUCTION_TARGET: TargetDescription = {
  ...SANDBOX_TARGET,
  baseUrl: 'https://api.payments.example',
  environment: 'production',
};

export const fixtureRun = (fields: Partial<RunInfo> = {}): RunInfo =>
  newRunInfo({
    runId: 'run-20261121100000-abc123',
    startedAt: '2026-11-21T10:00:00.000Z',
    finishedAt: '2026-11-21T10:00:20.000Z',
    status: 'passed',
    target: SANDBOX_TARGET,
    playwrightVersion: '1.65.1',
    nodeVersion: 'v20.20.2',
    ...fields,
  });

/** A certificate's input from fixture tests: a run of them and nothing else, unless overridden. */
export const certificateInput = (
  tests: readonly FixtureTest[],
  overrides: Partial<CertificateInput> = {},
): CertificateInput => ({
  kitVersion: '0.1.0',
  run: fixtureRun(),
  runIdFallback: undefined,
  dateFallback: undefined,
  outcomes: testOutcomes(fixtureReport(tests)),
  runErrors: [],
  suiteListing: [],
  observations: { byRule: {}, observations: [] },
  loadSummaries: [],
  ...overrides,
});
