/**
 * Whether an answer keeps the spec, where a stated rule applies to the replayed request, judged by the
 * kit's oracle: every non-2xx answer's part 7 body and the status its errorCode stands for; a POST the
 * recording shows as a fresh valid event (answered 201) must be created with a uuid; a POST of an
 * externalId the tenant had created before is a duplicate (400 ERR-4001); a request for an event the
 * tenant never created, which the recording shows answered 404, is 404 ERR-4002; a PUT the recording
 * shows applied to an event of the tenant is applied or refused cleanly. The same lens judges the recorded
 * and the replayed answer, so a difference reads as a move toward the spec or away from it.
 */
import {
  errorBodyViolations,
  errorViolations,
  type HttpAnswer,
  isSuccess,
  judgeCreation,
  judgeUpdate,
  ruleOfCode,
  type Violation,
} from '../oracle/index.ts';
import { ERROR_CODES, type ErrorCode, type RuleId } from '../spec/index.ts';
import { type AnswerLike, parseJson } from './aspects.ts';

/** What the recording says about the request, the same for both answers judged. */
export interface RequestContext {
  readonly method: string;
  /** POST: the externalId was created (201) earlier in the tenant's traffic. */
  readonly duplicate: boolean;
  /** The recorded answer was a success: the request was a valid one of its operation. */
  readonly recordedSuccess: boolean;
  /** The request addresses an event (`/events/{uuid}`). */
  readonly onEvent: boolean;
  /** It addresses an event the tenant never created, and the recording says the service knew none. */
  readonly unknownEvent: boolean;
}

const httpAnswerOf = (answer: AnswerLike): HttpAnswer => ({
  status: answer.status,
  headers: answer.headers,
  text: answer.body,
  json: parseJson(answer.body),
});

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code in ERROR_CODES;

/** The ids of the stated rules the answer breaks, sorted. */
export const rulesBroken = (answer: AnswerLike, context: RequestContext): string[] => {
  const http = httpAnswerOf(answer);
  const code = (http.json as { errorCode?: unknown } | undefined)?.errorCode;
  const rule = isErrorCode(code) ? ruleOfCode(code) : undefined;
  const judged: Violation[][] = [errorBodyViolations(http)];
  if (!isSuccess(answer.status) && answer.status !== 429 && isErrorCode(code) && rule !== undefined)
    judged.push(errorViolations(http, code, rule));
  if (context.method === 'POST' && context.duplicate)
    judged.push(errorViolations(http, 'ERR-4001', 'DEDUP-EXTERNAL-ID'));
  else if (context.method === 'POST' && context.recordedSuccess)
    judged.push([...judgeCreation(http).violations]);
  if (context.unknownEvent) judged.push(errorViolations(http, 'ERR-4002', ruleOfCode('ERR-4002') as RuleId));
  if (context.method === 'PUT' && context.onEvent && context.recordedSuccess)
    judged.push([...judgeUpdate(http).violations]);
  return [...new Set(judged.flat().map((v) => v.rule))].sort();
};

export type Direction = 'away-from-the-spec' | 'toward-the-spec' | 'both-ways' | 'within-the-spec';

/** The move from the recorded answer to the replayed one, by the rules each breaks. */
export const directionOf = (recorded: readonly string[], replayed: readonly string[]): Direction => {
  const away = replayed.some((rule) => !recorded.includes(rule));
  const toward = recorded.some((rule) => !replayed.includes(rule));
  if (away && toward) return 'both-ways';
  if (away) return 'away-from-the-spec';
  if (toward) return 'toward-the-spec';
  return 'within-the-spec';
};
