/** The far part's reading of a run (its plan's first line) and its row; the run itself is the bench's. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { type FarFigure, farRow, planOf } from './far-bench.ts';

const figure = (
  code: number,
  plan = 'plan: about 19.2 min in all at a round trip of 4012 ms: the tenants',
): FarFigure => ({
  code,
  seconds: 1_230,
  latencyMs: 4_000,
  requestsPerWindow: 50,
  windowSeconds: 60,
  ...planOf(`conformance: preflight: …\nconformance: ${plan}\nconformance: plan: tenant A ~754 requests\n`),
});

test('BENCH FAR: the plan line is the first that states a duration at a round trip, in s, min or h', () => {
  expect(planOf('conformance: plan: about 19.2 min in all at a round trip of 4012 ms: set by A\n')).toEqual({
    planLine: 'plan: about 19.2 min in all at a round trip of 4012 ms: set by A',
    planSeconds: 1_152,
  });
  expect(planOf('conformance: plan: about 45 s in all at a round trip of 120 ms\n').planSeconds).toBe(45);
  expect(planOf('conformance: plan: about 1.5 h in all at a round trip of 30000 ms\n').planSeconds).toBe(
    5_400,
  );
  // The tenants' line and a run without a measured round trip state no duration of the whole run.
  expect(planOf('conformance: plan: tenant A ~754 requests (at 40 per 60 s: ~19.0 min)\n')).toEqual({
    planLine: undefined,
    planSeconds: undefined,
  });
});

test('BENCH FAR: the goal is met only by exit 0 with the plan stated first; any other exit is not met', () => {
  expect(farRow(figure(0))).toEqual({
    measure: 'conformance run, the reference 4 s away (every answer that late; 50 per 60 s per tenant)',
    figure: 'exit 0 after 20.5 min (plan: about 19.2 min)',
    goal: 'exit 0',
    verdict: 'met',
  });
  for (const code of [1, 3, 7]) expect(farRow(figure(code)).verdict).toBe('NOT MET');
  expect(farRow(figure(0, 'plan: tenant A ~754 requests')).verdict).toBe('NOT MET');
  expect(farRow(undefined).verdict).toBe('not measured');
});
