/**
 * The check record (check-record.ts) of the running check, gathered while it runs and attached once at
 * its end: the violations it recorded, and why it was skipped, was inconclusive or was not run, each as
 * a kind a reader acts on plus the words for people.
 */
import type { TestInfo } from '@playwright/test';
import type { Violation } from '../oracle/index.ts';
import type { RuleId } from '../spec/index.ts';
import { redact } from '../utilities/redaction.ts';
import { attachWithoutStep } from './attach-without-step.ts';
import {
  type AttemptStatus,
  CHECK_RECORD_SCHEMA,
  type CheckRecord,
  checkRecordAttachment,
  type InconclusiveKind,
  type NotRunKind,
  type SkipKind,
  type UnansweredRequest,
} from './check-record.ts';
import { INCONCLUSIVE_ANNOTATION, NOT_RUN_ANNOTATION, RUN_AGAIN_ANNOTATION } from './result-annotations.ts';
import { rulesOfAnnotations } from './rule-annotations.ts';

interface PendingCheckRecord {
  ruleIds: readonly RuleId[];
  readonly violations: Violation[];
  judged?: readonly RuleId[];
  skipped?: { kind: SkipKind; text: string };
  inconclusive?: { kind: InconclusiveKind; text: string };
  notRun?: { kind: NotRunKind; text: string; request?: UnansweredRequest };
  runAgain?: { text: string };
}

const PENDING = new WeakMap<TestInfo, PendingCheckRecord>();

/** The running check's record so far, started on first use. */
export const pendingRecordOf = (info: TestInfo): PendingCheckRecord => {
  let record = PENDING.get(info);
  if (!record) {
    record = { ruleIds: [], violations: [] };
    PENDING.set(info, record);
  }
  return record;
};

/**
 * The rules a check checks: its `rule` annotations (`ruleCheck`), read once as it starts, never its
 * title. Throws on an id the catalog does not know.
 */
export const startCheck = (info: TestInfo): readonly RuleId[] => {
  const { ids, unknown } = rulesOfAnnotations(info.annotations);
  if (unknown.length > 0)
    throw new Error(`Unknown rule id ${unknown.join(', ')} in the annotations of "${info.title}"`);
  pendingRecordOf(info).ruleIds = ids;
  return ids;
};

/** Records a violation once; says whether it was new. */
export const addViolation = (info: TestInfo, violation: Violation): boolean => {
  const { violations } = pendingRecordOf(info);
  if (violations.some((v) => v.rule === violation.rule && v.message === violation.message)) return false;
  violations.push(violation);
  return true;
};

/**
 * The rules the judgement that fails the check reached (the first failing judgement counts: the check
 * ends with it).
 */
export const markJudged = (info: TestInfo, rules: readonly RuleId[]): void => {
  pendingRecordOf(info).judged ??= [...new Set(rules)].sort();
};

/** Skips the running check for a reason of this kind. */
export const skipCheck = (info: TestInfo, kind: SkipKind, text: string): never => {
  pendingRecordOf(info).skipped ??= { kind, text: redact(text) };
  info.skip(true, redact(text));
  throw new Error('unreachable: skip() throws');
};

/**
 * Marks the running check as unable to complete its verdict (the first reason counts): its check
 * record and the annotation people read in Playwright's own reports, written together.
 */
export const markInconclusive = (info: TestInfo, kind: InconclusiveKind, text: string): void => {
  const record = pendingRecordOf(info);
  if (record.inconclusive) return;
  record.inconclusive = { kind, text: redact(text) };
  info.annotations.push({ type: INCONCLUSIVE_ANNOTATION, description: redact(text) });
};

/** Marks the running check as not run (the first reason counts), with the request left unanswered. */
export const markCheckNotRun = (
  info: TestInfo,
  kind: NotRunKind,
  text: string,
  request?: UnansweredRequest,
): void => {
  pendingRecordOf(info).notRun ??= {
    kind,
    text: redact(text),
    ...(request ? { request: { ...request, path: redact(request.path) } } : {}),
  };
};

/**
 * The running check starts again whole (its first attempt met the deployment's unavailability and
 * judged nothing): the first attempt's not-run mark and annotation are dropped, and why it runs again
 * is recorded and annotated, so that the record reads the second attempt with the window named.
 */
export const restartCheck = (info: TestInfo, why: string): void => {
  const record = pendingRecordOf(info);
  if (record.violations.length > 0 || record.inconclusive)
    throw new Error('a check that judged something is never run again');
  delete record.notRun;
  const text = redact(why);
  record.runAgain = { text };
  const notRun = info.annotations.filter((a) => a.type === NOT_RUN_ANNOTATION);
  for (const annotation of notRun) info.annotations.splice(info.annotations.indexOf(annotation), 1);
  info.annotations.push({ type: RUN_AGAIN_ANNOTATION, description: text });
};

const declaredSkip = (info: TestInfo): string =>
  info.annotations.find((a) => a.type === 'skip' || a.type === 'fixme')?.description?.trim() ||
  'skipped without a reason';

/** The check's record as its attempt ends (called after every other check of the fixtures has run). */
export const checkRecordOf = (info: TestInfo): CheckRecord => {
  const pending = pendingRecordOf(info);
  const status = info.status ?? 'passed';
  const judged = pending.violations.length > 0;
  const timedOut =
    !judged && status === 'timedOut'
      ? {
          kind: 'timed-out' as const,
          text: `the check ran out of time (${Math.round(info.timeout / 1000)} s): the target answered too slowly for it`,
        }
      : undefined;
  const interrupted =
    !judged && status === 'interrupted'
      ? { kind: 'interrupted' as const, text: 'not run: the run was interrupted' }
      : undefined;
  const inconclusive = pending.inconclusive ?? timedOut;
  const notRun = judged ? undefined : (pending.notRun ?? interrupted);
  const skipped =
    status === 'skipped' && !inconclusive && !notRun
      ? (pending.skipped ?? { kind: 'declared' as const, text: declaredSkip(info) })
      : undefined;
  return {
    schema: CHECK_RECORD_SCHEMA,
    testId: info.testId,
    ruleIds: [...pending.ruleIds],
    attempt: { retry: info.retry, repeatEachIndex: info.repeatEachIndex, workerIndex: info.workerIndex },
    status: status as AttemptStatus,
    violations: pending.violations.map((v) => ({ rule: v.rule, message: v.message })),
    ...(judged && pending.judged ? { judged: [...pending.judged] } : {}),
    ...(skipped ? { skipped } : {}),
    ...(inconclusive ? { inconclusive } : {}),
    ...(notRun ? { notRun } : {}),
    ...(pending.runAgain ? { runAgain: { ...pending.runAgain } } : {}),
  };
};

/** Attaches the check's record: once per attempt, at its very end. */
export const attachCheckRecord = (info: TestInfo): void => {
  const { name, contentType, body } = checkRecordAttachment(checkRecordOf(info));
  attachWithoutStep(info, name, body, contentType);
};
