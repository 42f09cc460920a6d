import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { answersFileSetting, referenceSetting } from './reference-setting.ts';

test("REFERENCE SETTING: REFERENCE_VARIANT names the embedded target's variant, silently", () => {
  const said: string[] = [];
  expect(referenceSetting('VARIANT', { REFERENCE_VARIANT: ' token-bucket ' }, (l) => said.push(l))).toBe(
    'token-bucket',
  );
  expect(said).toEqual([]);
});

test('REFERENCE SETTING: the old KIT_REFERENCE_ name is read with one line naming the new one', () => {
  const said: string[] = [];
  expect(referenceSetting('MUTANT', { KIT_REFERENCE_MUTANT: 'dedup-missing' }, (l) => said.push(l))).toBe(
    'dedup-missing',
  );
  expect(said).toEqual([
    'conformance: KIT_REFERENCE_MUTANT is now REFERENCE_MUTANT; the old name is read until 1.0\n',
  ]);
});

test('REFERENCE SETTING: the new name wins over the old, and neither set is no setting', () => {
  const said: string[] = [];
  const env = { REFERENCE_DEPLOYMENT: 'public-deployment', KIT_REFERENCE_DEPLOYMENT: 'other' };
  expect(referenceSetting('DEPLOYMENT', env, (l) => said.push(l))).toBe('public-deployment');
  expect(referenceSetting('DEPLOYMENT', {}, (l) => said.push(l))).toBeUndefined();
  expect(said).toEqual([]);
});

test('REFERENCE SETTING: KIT_EMBEDDED_ANSWERS_FILE gives the embedded server the file it records its answers in; unset or blank records nothing', () => {
  expect(answersFileSetting({ KIT_EMBEDDED_ANSWERS_FILE: ' /tmp/run/answers.jsonl ' })).toEqual({
    answersFile: '/tmp/run/answers.jsonl',
  });
  expect(answersFileSetting({ KIT_EMBEDDED_ANSWERS_FILE: '  ' })).toEqual({});
  expect(answersFileSetting({})).toEqual({});
});
