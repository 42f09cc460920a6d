/** What a check concludes from the outcomes of its PUTs (update.ts judges each one). */
import type { RuleId } from '../spec/index.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { judgeUnchangedByRefusedUpdate, judgeUpdateShown, type RetrievalJudge } from './retrieval.ts';
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
): { readonly event: E; readonly judge: RetrievalJudge } =>
  outcome === 'applied'
    ? { event: sent, judge: judgeUpdateShown }
    : { event: previous, judge: judgeUnchangedByRefusedUpdate };

/** A PUT the spec forbids (onto another event's externalId) was refused. */
export const updateNotRefusedViolations = (
  rule: RuleId,
  outcome: UpdateOutcome,
  message: string,
): Violation[] => (outcome === 'refused' ? [] : [violationOf(rule, message)]);

/** UPDATE-APPLIES: of the kinds of PUT tried, at least one was applied (PUT is the way to update). */
export const judgeSomeUpdateApplied = (tried: readonly string[], applied: readonly string[]): Judgement =>
  judgementOf(
    applied.length > 0
      ? []
      : [
          violationOf(
            'UPDATE-APPLIES',
            `every update was refused (${tried.join('; ')}): PUT is the way to update an event`,
          ),
        ],
  );
