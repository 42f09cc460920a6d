/**
 * Tokens are secrets: every string the kit writes about a request (attachments, curl commands,
 * observations, annotations, console lines) passes through here first. The tokens the run was given
 * are replaced in every form a deployment may echo them in (text, URL-encoded, JSON-escaped, base64
 * and base64url at any alignment, and any fragment of those: secret-forms.ts), and anything shaped
 * like a token (a known prefix, then token or URL-encoded characters) is replaced too. The known
 * prefixes are the spec's and those of the tokens registered, with their other environment's: a
 * deployment may issue its own (`th_test_`), and the tokens the suite makes up of that prefix (or of
 * `th_live_`) are redacted like real ones.
 */
import { otherEnvironmentPrefix, TOKEN_PREFIXES, tokenPrefixOf } from '../spec/index.ts';
import { escapeRegExp } from './escape-pattern.ts';
import { secretForms, secretFragments } from './secret-forms.ts';

/** The spec's prefixes, and the prefix of every token registered. */
const PREFIXES = new Set<string>(Object.values(TOKEN_PREFIXES));

/** A character of a token, of its URL encoding or of its base64. */
const TOKEN_CHARACTER = /[A-Za-z0-9._~+/=%-]/;

const shapeOf = (prefixes: Iterable<string>): RegExp =>
  new RegExp(`(${[...prefixes].join('|')})(?:[A-Za-z0-9._~+/=-]|%[0-9A-Fa-f]{2})+`, 'gi');

let TOKEN_SHAPE = shapeOf(PREFIXES);

type SecretPatterns = Map<string, { readonly whole: RegExp; readonly fragments?: RegExp }>;

/** Per secret in force: one pattern of its whole forms, longest first, then one of its fragments. */
let patterns: SecretPatterns = new Map();
/** Outside a batch every secret is the run's: the server ''. */
const patternsByServer = new Map<string, SecretPatterns>([['', patterns]]);

/**
 * In a batch of the self-check's mutants (suites/fixtures/batch-mode.ts) a worker checks many servers
 * in turn, each with tokens of its own, and a check talks to one of them only: the secrets in force are
 * that server's, registered apart from the others'. Searching every server's tokens in every text
 * would make each redaction as slow as the batch is large. Anything shaped like a token is still
 * redacted, whichever server it came from. `''` is the run's own set, the one in force outside a batch.
 */
export const redactSecretsOfServer = (server: string): void => {
  let own = patternsByServer.get(server);
  if (!own) {
    own = new Map();
    patternsByServer.set(server, own);
  }
  patterns = own;
};

/** Registers values that must never be written anywhere (the target's access tokens). */
export const registerSecrets = (...secrets: readonly (string | undefined)[]): void => {
  for (const secret of secrets) {
    if (!secret || secret.length < 4 || patterns.has(secret)) continue;
    const prefix = tokenPrefixOf(secret);
    // Its prefix, and the other environment's of the same provider (th_test_, th_live_).
    const shapes = [prefix, prefix === undefined ? undefined : otherEnvironmentPrefix(prefix)];
    for (const shape of shapes) if (shape !== undefined) PREFIXES.add(shape);
    TOKEN_SHAPE = shapeOf(PREFIXES);
    const alternation = (texts: readonly string[]) =>
      [...new Set(texts)]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|');
    const whole = new RegExp(alternation(secretForms(secret).map((f) => f.text)), 'g');
    const fragments = secretFragments(secret).map((f) => f.text);
    patterns.set(
      secret,
      fragments.length > 0 ? { whole, fragments: new RegExp(alternation(fragments), 'g') } : { whole },
    );
  }
};

/** A token as every output shows it: its prefix (`svc_test_`, `th_test_`), never more of it. */
export const redactedToken = (token: string): string => {
  const prefix = tokenPrefixOf(token);
  return prefix ? `${prefix}<redacted>` : '<redacted>';
};

/**
 * Each fragment found takes the whole run of token characters around it, so a truncated echo leaves
 * nothing. The fragments are searched alone and the run found by hand: a pattern with the run's
 * character class on both sides backtracks over every run of the text, many times slower.
 */
const redactFragments = (text: string, fragments: RegExp): string => {
  fragments.lastIndex = 0;
  let found = fragments.exec(text);
  if (found === null) return text;
  let result = '';
  let copied = 0;
  while (found !== null) {
    let start = found.index;
    while (start > copied && TOKEN_CHARACTER.test(text.charAt(start - 1))) start -= 1;
    let end = found.index + found[0].length;
    while (end < text.length && TOKEN_CHARACTER.test(text.charAt(end))) end += 1;
    result += `${text.slice(copied, start)}<redacted>`;
    copied = end;
    fragments.lastIndex = end;
    found = fragments.exec(text);
  }
  return result + text.slice(copied);
};

export const redact = (text: string): string => {
  let result = text;
  for (const [secret, { whole, fragments }] of patterns) {
    result = result.replace(whole, redactedToken(secret));
    if (fragments) result = redactFragments(result, fragments);
  }
  return result.replace(TOKEN_SHAPE, (match, prefix: string) =>
    match === `${prefix}<redacted>` ? match : `${prefix}<redacted>`,
  );
};

/** Header names whose values are always secret, whatever they hold. */
const SECRET_HEADERS = new Set(['x-access-token', 'authorization', 'cookie']);

export const redactHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      redact(name),
      SECRET_HEADERS.has(name.toLowerCase()) ? redactedToken(value) : redact(value),
    ]),
  );
