/** What a check concludes from the outcomes of its PUTs (update.ts judges each one). */
import type { RuleId } from '../spec/index.ts';
import type { HttpAnswer } from './http-answer.ts';
import { judgeRetrieval, type RetrievalJudgement } from './retrieval.ts';
import type { UpdateOutcome } from './update.ts';
import { type Violation, violationOf } from './violation.ts';

/**
 * What GET must show after a PUT: the update when it was applied (UPDATE-APPLIES), the event as it was
 * when it was refused (UPDATE-VALIDATES: a refused update changes nothing).
 */
export const stateAfterUpdate = <E>(
  outcome: UpdateOutcome,
  sent: E,
  previous: E,
): { readonly event: E; readonly rule: RuleId } =>
  outcome === 'applied'
    ? { event: sent, rule: 'UPDATE-APPLIES' }
    : { event: previous, rule: 'UPDATE-VALIDATES' };

/** A PUT the spec forbids (onto another event's externalId) was refused. */
export const judgeRefusedUpdate = (rule: RuleId, outcome: UpdateOutcome, message: string): Violation[] =>
  outcome === 'refused' ? [] : [violationOf(rule, message)];

/** UPDATE-APPLIES: of the kinds of PUT tried, at least one was applied (PUT is the way to update). */
export const judgeSomeUpdateApplied = (tried: readonly string[], applied: readonly string[]): Violation[] =>
  applied.length > 0
    ? []
    : [
        violationOf(
          'UPDATE-APPLIES',
          `every update was refused (${tried.join('; ')}): PUT is the way to update an event`,
        ),
      ];

/** UPDATE-VALIDATES: after a refused PUT, GET shows the event as it was (`previous`). */
export const judgeRefusedUpdateChangedNothing = (
  answer: HttpAnswer,
  previous: Record<string, unknown>,
): RetrievalJudgement => judgeRetrieval(answer, previous, 'UPDATE-VALIDATES');
