/**
 * The deciding steps of the load runner, in-process: which remote targets are refused before k6 is
 * looked for, and which settings stop a run with a configuration line.
 */

import { EXIT } from '../config/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { planOrRefusal, remoteTargetRefusal } from './run-k6.ts';
import { productionEnv, remoteEnv } from './test-support/env-fixtures.ts';

const collect = () => {
  const said: string[] = [];
  return { said, fail: (line: string) => void said.push(line) };
};

test('a sandbox target with every tenant may be loaded: no refusal, no line', () => {
  const { said, fail } = collect();
  expect(remoteTargetRefusal('rate-limit', remoteEnv(), fail)).toBeUndefined();
  expect(remoteTargetRefusal('latency', remoteEnv(), fail)).toBeUndefined();
  expect(said).toEqual([]);
});

test('a production target is refused with one line and exit 2, unless ALLOW_PRODUCTION_LOAD=true', () => {
  const refused = collect();
  expect(remoteTargetRefusal('latency', productionEnv(), refused.fail)).toBe(EXIT.badConfiguration);
  expect(refused.said).toHaveLength(1);
  expect(refused.said[0]).toContain('refusing to run the latency load script against a production target');

  const allowed = collect();
  expect(
    remoteTargetRefusal('latency', productionEnv({ ALLOW_PRODUCTION_LOAD: 'true' }), allowed.fail),
  ).toBeUndefined();
  expect(allowed.said).toEqual([]);
});

test('settings the plan refuses are a configuration line and exit 2, before and after the target starts', () => {
  const env = remoteEnv({ RATE_LIMIT_CLIENT_ID: undefined, RATE_LIMIT_ACCESS_TOKEN: undefined });
  const before = collect();
  expect(remoteTargetRefusal('rate-limit', env, before.fail)).toBe(EXIT.badConfiguration);
  expect(before.said).toEqual([expect.stringMatching(/^configuration error: .*RATE_LIMIT_CLIENT_ID/)]);

  const after = collect();
  expect(planOrRefusal('rate-limit', env, after.fail)).toBe(EXIT.badConfiguration);
  expect(after.said).toEqual(before.said);
});

test('a plan the settings allow gives its target and planned duration, and says nothing', () => {
  const { said, fail } = collect();
  const plan = planOrRefusal('latency', remoteEnv(), fail);
  expect(typeof plan).toBe('object');
  if (typeof plan === 'number') return;
  expect(plan.plannedSeconds).toBeGreaterThan(0);
  expect(plan.target).toBeDefined();
  expect(said).toEqual([]);
});
