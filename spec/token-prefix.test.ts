import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { differOnlyByEnvironment, otherEnvironmentPrefix, tokenPrefixOf } from './token-prefix.ts';

test("TOKEN-PREFIX: a token's prefix is its leading word_word_ part of lower-case letters, never more", () => {
  expect(tokenPrefixOf('svc_test_Abc_def')).toBe('svc_test_');
  expect(tokenPrefixOf('th_test_abc_def_ghi')).toBe('th_test_');
  expect(tokenPrefixOf('sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe('sk_live_');
  // No prefix: letters in upper case, digits, one word, words too long, or nothing after the prefix.
  for (const token of ['AB_CD_secret', 'a1_b2_secret', 'token_secret', 'abcdefgh_test_secret', 'th_test_']) {
    expect(tokenPrefixOf(token), token).toBeUndefined();
  }
});

test('TOKEN-PREFIX: the other environment swaps test and live', () => {
  expect(otherEnvironmentPrefix('th_test_')).toBe('th_live_');
  expect(otherEnvironmentPrefix('th_live_')).toBe('th_test_');
  expect(otherEnvironmentPrefix('svc_test_')).toBe('svc_live_');
  expect(otherEnvironmentPrefix('acme_sbx_')).toBeUndefined();
  expect(differOnlyByEnvironment('th_test_', 'th_live_')).toBe(true);
  expect(differOnlyByEnvironment('th_test_', 'svc_live_')).toBe(false);
  expect(differOnlyByEnvironment('th_test_', 'th_test_')).toBe(false);
});
