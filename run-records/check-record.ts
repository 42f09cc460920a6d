/**
 * The verdict facts of one attempt of one check, as a typed record: the rules it checks, the
 * violations it recorded, and whether it ran, was skipped (and for which kind of reason), was
 * inconclusive or was not run. The conformance fixtures attach it once per attempt (so a retry or a
 * new worker writes its own, and results.json keeps every attempt); the certificate, the self-check
 * and the report's labels read it back with this schema, never from titles, messages or skip texts.
 * The human text beside each kind is for people only: no reader decides anything from it.
 */
import { z } from 'zod';
import { isRuleId, type RuleId } from '../spec/index.ts';
import { redact } from '../utilities/redaction.ts';

export const CHECK_RECORD_CONTENT_TYPE = 'application/vnd.conformance-kit.check-record+json';
export const CHECK_RECORD_NAME = 'check record';
export const CHECK_RECORD_SCHEMA = 'check-record/v1';

/** Why a check was skipped, when it skipped itself: the kinds a reader may act on. */
export const SKIP_KINDS = Object.freeze([
  /** Production gets only @readonly checks unless writes are allowed. */
  'production-read-only',
  /** The check needs tenant B, which the contract does not name. */
  'tenant-b-missing',
  /** The check needs the rate-limit tenant, which the contract does not name. */
  'rate-limit-tenant-missing',
  /** A premise of the check did not hold; another rule's check reports the cause. */
  'premise-not-met',
  /** Skipped by a means the kit does not know (a `test.skip` or `fixme` of its own). */
  'declared',
] as const);
export type SkipKind = (typeof SKIP_KINDS)[number];

/** Why a check could not complete its verdict. */
export const INCONCLUSIVE_KINDS = Object.freeze([
  /** A property ran fewer runs than planned before its time limit. */
  'property-cut-short',
  /** The check ran out of time before a verdict. */
  'timed-out',
  /** The kit could not make the check as planned (it could not send fast enough, …). */
  'could-not-complete',
] as const);
export type InconclusiveKind = (typeof INCONCLUSIVE_KINDS)[number];

/** Why a check was not run at all. */
export const NOT_RUN_KINDS = Object.freeze([
  /** The target gave no answer to judge (silent, or a gateway's page). */
  'no-answer',
  /** The run was stopped (the target went away, a tenant was throttled) before or during the check. */
  'run-stopped',
  /**
   * A request met a window in which the deployment was unavailable (502, 503, 504 or a refused
   * connection to a probe too), and sending it again could change what the check judges (a POST or
   * PUT may have been stored, part 4 rule 6).
   */
  'unavailable',
  /** The run was interrupted (Ctrl-C, a global time-out). */
  'interrupted',
] as const);
export type NotRunKind = (typeof NOT_RUN_KINDS)[number];

/** Playwright's status of one attempt. */
export const ATTEMPT_STATUSES = Object.freeze([
  'passed',
  'failed',
  'timedOut',
  'skipped',
  'interrupted',
] as const);
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

const ruleId = z.custom<RuleId>((value) => typeof value === 'string' && isRuleId(value), {
  message: 'is not a rule id of the catalog',
});

/** A kind a reader acts on, and the same in words for people. */
const because = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({ kind: z.enum(kinds), text: z.string() });

/** The request a check sent and got no answer to: what the certificate names as unanswered. */
export const unansweredRequestSchema = z.object({
  method: z.string(),
  /** The path and query, never the host's credentials (the URL carries none). */
  path: z.string(),
  /** How long the kit waited before it gave up, in milliseconds. */
  waitedMs: z.number().nonnegative(),
});
export type UnansweredRequest = z.infer<typeof unansweredRequestSchema>;

export const checkRecordSchema = z.object({
  schema: z.literal(CHECK_RECORD_SCHEMA),
  /**
   * Playwright's id of the test (`testInfo.testId`, a reporter's `test.id`): one per check and project,
   * whatever its title. What the run's observations are joined to. Absent from records of older kits.
   */
  testId: z.string().optional(),
  ruleIds: z.array(ruleId),
  attempt: z.object({
    /** 0 for the first try, 1 for the first retry, … */
    retry: z.number().int().nonnegative(),
    /** Which of `--repeat-each` repetitions this is. */
    repeatEachIndex: z.number().int().nonnegative(),
    workerIndex: z.number().int(),
  }),
  status: z.enum(ATTEMPT_STATUSES),
  violations: z.array(z.object({ rule: ruleId, message: z.string() })),
  /**
   * The rules whose part of an answer the judgement that failed the check reached (held or broke):
   * a 422 to a bad status breaks VAL-STATUS-400 and still shows whether ERR-3006 was named. A rule
   * of a failed check not in it was never judged by that check.
   */
  judged: z.array(ruleId).optional(),
  skipped: because(SKIP_KINDS).optional(),
  inconclusive: because(INCONCLUSIVE_KINDS).optional(),
  notRun: because(NOT_RUN_KINDS).extend({ request: unansweredRequestSchema.optional() }).optional(),
  /**
   * A check that starts afresh whose first attempt's POST or PUT met the deployment's unavailability,
   * run again whole once it was back and judged by that second attempt alone: the window its first
   * attempt met, in words (suites/fixtures/starts-afresh.ts). Absent from records of older kits.
   */
  runAgain: z.object({ text: z.string() }).optional(),
});
export type CheckRecord = z.infer<typeof checkRecordSchema>;

/** The attachment a check's record travels in (redacted: its messages may quote what the target sent). */
export const checkRecordAttachment = (
  record: CheckRecord,
): { name: string; contentType: string; body: string } => ({
  name: CHECK_RECORD_NAME,
  contentType: CHECK_RECORD_CONTENT_TYPE,
  body: redact(JSON.stringify(checkRecordSchema.parse(record))),
});

/** An attachment as results.json (base64 body) or a reporter (Buffer body) holds it. */
export interface AttachmentLike {
  readonly contentType: string;
  readonly body?: string | Buffer | undefined;
}

/** The records among an attempt's attachments; one that does not parse is left out. */
export const checkRecordsOf = (attachments: readonly AttachmentLike[] | undefined): CheckRecord[] =>
  (attachments ?? []).flatMap((attachment) => {
    if (attachment.contentType !== CHECK_RECORD_CONTENT_TYPE || attachment.body === undefined) return [];
    const text =
      typeof attachment.body === 'string'
        ? Buffer.from(attachment.body, 'base64').toString('utf8')
        : attachment.body.toString('utf8');
    try {
      const parsed = checkRecordSchema.safeParse(JSON.parse(text));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
