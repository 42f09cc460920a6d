/** Premises a consistent reading may withhold: not met is neither a pass nor a violation. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  premiseOfAppliedUpdate,
  premiseOfPaddedExternalId,
  premiseOfUuidShapedExternalId,
} from './premises.ts';
import { answer, refusal } from './test-support/answers.ts';

test('ORACLE: a premise a consistent reading withholds reads premise not met, never a violation', () => {
  expect(premiseOfAppliedUpdate('applied', 'an amount change')).toEqual({ violations: [] });
  for (const outcome of ['refused', 'broken'] as const)
    expect(premiseOfAppliedUpdate(outcome, 'an amount change')).toEqual({
      violations: [],
      notEstablished: {
        kind: 'premise-not-met',
        reason: 'the deployment refused the update this check needs (an amount change)',
      },
    });
  expect(premiseOfPaddedExternalId(answer(201, { uuid: 'u' })).notEstablished).toBeUndefined();
  expect(premiseOfPaddedExternalId(refusal(400, 'ERR-3001')).notEstablished?.reason).toBe(
    "the deployment refuses an externalId with a trailing space (400), which this check's PUT keeps",
  );
});

test('ORACLE: an externalId shaped like a UUID refused cleanly is a premise not met; a server error is no refusal', () => {
  expect(premiseOfUuidShapedExternalId(answer(201, { uuid: 'u' })).notEstablished).toBeUndefined();
  for (const status of [400, 422])
    expect(premiseOfUuidShapedExternalId(refusal(status, 'ERR-3016')).notEstablished?.reason).toBe(
      `the deployment refuses an externalId shaped like a UUID (${status}), which this check needs`,
    );
  expect(premiseOfUuidShapedExternalId(refusal(500, 'ERR-5001'))).toEqual({ violations: [] });
});
