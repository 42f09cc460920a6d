/**
 * The shape of an access token's prefix, for tokens of any provider: the spec's own (`svc_test_`,
 * `svc_live_`, part 5.2) and those a deployment issues instead (`th_test_`, `sk_live_`). The prefix is
 * the leading `word_word_` part of lower-case letters; nothing after it is ever shown, since that is
 * the secret. The other environment's prefix swaps `test` and `live` in it.
 */
import { TOKEN_PREFIXES } from './http-interface.ts';

/**
 * Two short words of lower-case letters, each followed by `_`. Short, so that no more than a few
 * characters of a token that has no prefix at all could ever be taken for one.
 */
const PREFIX_SHAPE = /^[a-z]{1,6}_[a-z]{1,7}_/;

/** A token's prefix (`th_test_`), or undefined for a token without one; never more of the token. */
export const tokenPrefixOf = (token: string): string | undefined => {
  const known = Object.values(TOKEN_PREFIXES).find((prefix) => token.startsWith(prefix));
  if (known !== undefined) return known;
  const prefix = PREFIX_SHAPE.exec(token)?.[0];
  // A token that is nothing but a prefix has no secret to keep apart from it.
  return prefix !== undefined && token.length > prefix.length ? prefix : undefined;
};

/** The same prefix with `test` and `live` swapped (`th_test_` ↔ `th_live_`), or undefined without either. */
export const otherEnvironmentPrefix = (prefix: string): string | undefined => {
  const swapped = prefix.replace(/_(test|live)_$/, (_match, word: string) =>
    word === 'test' ? '_live_' : '_test_',
  );
  return swapped === prefix ? undefined : swapped;
};

/** Whether two prefixes are one provider's two environments: equal but for `test` and `live`. */
export const differOnlyByEnvironment = (a: string, b: string): boolean =>
  a !== b && otherEnvironmentPrefix(a) === b;
