/**
 * Tokens are secrets: every string the kit writes about a request (attachments, curl commands,
 * observations, console lines) passes through here first. Both the tokens the run was given and
 * anything shaped like a token are replaced, so a token echoed back by a deployment is caught too.
 */
import { TOKEN_PREFIXES } from '../../spec/index.ts';

const TOKEN_SHAPE = new RegExp(`(${Object.values(TOKEN_PREFIXES).join('|')})[A-Za-z0-9._~+/=-]+`, 'g');

const knownSecrets = new Set<string>();

/** Registers values that must never be written anywhere (the target's access tokens). */
export const registerSecrets = (...secrets: readonly (string | undefined)[]): void => {
  for (const secret of secrets) if (secret && secret.length >= 4) knownSecrets.add(secret);
};

export const redactedToken = (token: string): string => {
  const prefix = Object.values(TOKEN_PREFIXES).find((p) => token.startsWith(p));
  return prefix ? `${prefix}<redacted>` : '<redacted>';
};

export const redact = (text: string): string => {
  let result = text;
  for (const secret of knownSecrets) {
    if (result.includes(secret)) result = result.split(secret).join(redactedToken(secret));
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
