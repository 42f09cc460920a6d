/**
 * Properties: every invalid event, on POST and on PUT, is rejected with exactly its expected verdict
 * (parts 4 and 7): 400, errors[] equal to the expected set of {field, errorCode} (any order, any
 * field notation, any code where the spec names none, an alternative field where the generators allow
 * one), the top-level errorCode of errors[0]. An invalid PUT changes nothing. A counterexample that
 * still holds several faults when shrinking ends is taken apart (faults-apart.ts), so that a 5xx or a
 * failure left out goes to the fault that caused it.
 */
import {
  applyFaults,
  describeVerdict,
  invalidEventArbitrary,
  invalidUpdateArbitrary,
  toJsonBody,
  validEventArbitrary,
} from '../../generators/index.ts';
import {
  changedFields,
  judgeCreation,
  judgeUnchangedByRefusedUpdate,
  judgeValidationFailure,
} from '../../oracle/index.ts';
import { ruleCheck } from '../../run-records/rule-annotations.ts';
import { test } from '../fixtures/index.ts';
import { propertyCheck } from '../property-runner/property-checks.ts';
import { withSentPayload } from '../verdicts/checks.ts';
import { creditTakenApart } from '../verdicts/faults-apart.ts';
import { simplerInvalidEvents, simplerInvalidUpdates, withSimplification } from './invalid-event-shrinker.ts';
import { freshIds, postBody, postEvent, putBody, rekeyedInvalidUpdate } from './property-requests.ts';

/** Up to three faults at once: combinations are what the hand-written suites cannot enumerate. */
const MAX_FAULTS = 3;

test.describe('properties: validation', { tag: ['@property', '@validation'] }, () => {
  test(
    ...ruleCheck(
      'VAL-ALL-FAILURES',
      'every invalid event POSTed is rejected with exactly its expected verdict',
    ),
    async ({ tenantA, runId, property }) => {
      const nextId = freshIds(runId);
      await property({
        cost: { embeddedRuns: 200, requestsPerRun: 1 },
        arbitrary: withSimplification(
          invalidEventArbitrary({ runId, maxFaults: MAX_FAULTS }),
          simplerInvalidEvents(freshIds(runId)),
        ),
        show: (sample) => `POST ${sample.body}`,
        predicate: async (sample, notes) => {
          notes.note('Expected verdict', describeVerdict(sample.expected));
          notes.note('Faults', sample.faults.map((fault) => fault.description).join('\n'));
          propertyCheck.validationFailure(await postBody(tenantA, sample.body), sample.expected.errors);
        },
        credit: (sample, violations) =>
          creditTakenApart(sample.faults, violations, async (faults) => {
            const one = applyFaults({ ...sample.base, externalId: nextId() }, faults);
            const refused = await postBody(tenantA, one.body);
            return judgeValidationFailure(refused, one.expected.errors, withSentPayload(refused));
          }),
      });
    },
  );
});

test.describe('properties: update validation', { tag: ['@property', '@update', '@validation'] }, () => {
  test(
    ...ruleCheck(
      'UPDATE-VALIDATES',
      'every invalid PUT on an existing event is rejected with exactly its expected verdict and changes nothing',
    ),
    async ({ tenantA, runId, property }) => {
      const nextId = freshIds(runId);
      await property({
        cost: { embeddedRuns: 100, requestsPerRun: 3 },
        arbitrary: withSimplification(
          // Stored PENDING: a deployment may hold BOOKED and REJECTED final and refuse any PUT of such
          // an event before reading its body (transitions are not shown); the update keeps the status.
          validEventArbitrary({ runId, status: 'PENDING' }).chain((previous) =>
            invalidUpdateArbitrary(previous, { maxFaults: MAX_FAULTS }).map((sample) =>
              rekeyedInvalidUpdate(nextId, previous, sample),
            ),
          ),
          simplerInvalidUpdates(nextId),
        ),
        show: ({ previous, update }) => `POST ${toJsonBody(previous)}\nPUT ${update.body}`,
        predicate: async ({ previous, update }, notes) => {
          notes.note('Expected verdict of the PUT', describeVerdict(update.expected));
          notes.note('Faults', update.faults.map((fault) => fault.description).join('\n'));
          const uuid = propertyCheck.created(await postEvent(tenantA, previous));
          propertyCheck.validationFailure(await putBody(tenantA, uuid, update.body), update.expected.errors, {
            changedFields: changedFields(previous, update.event),
          });
          propertyCheck.sameEvent(await tenantA.retrieve(uuid), previous, judgeUnchangedByRefusedUpdate);
        },
        credit: ({ previous, update }, violations) =>
          creditTakenApart(update.faults, violations, async (faults) => {
            const pair = rekeyedInvalidUpdate(nextId, previous, { ...update, faults });
            const created = judgeCreation(await postEvent(tenantA, pair.previous));
            const uuid = created.evidence;
            if (uuid === undefined) return created;
            const answer = await putBody(tenantA, uuid, pair.update.body);
            const refused = judgeValidationFailure(
              answer,
              pair.update.expected.errors,
              withSentPayload(answer, { changedFields: changedFields(pair.previous, pair.update.event) }),
            );
            const kept = judgeUnchangedByRefusedUpdate(
              await tenantA.retrieve(uuid),
              pair.previous as unknown as Record<string, unknown>,
            );
            return { violations: [...refused.violations, ...kept.violations] };
          }),
      });
    },
  );
});
