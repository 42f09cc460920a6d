/**
 * Which environment the target is, and the token prefixes in use there: the one decision every reader
 * of the contract takes from here (the conformance run, the k6 scripts, the capacity tenants file, the
 * client certification and its proxy).
 *
 * The environment is TARGET_ENVIRONMENT when set, else what the tokens' prefixes say (the spec's
 * `svc_test_` and `svc_live_`), else sandbox. A deployment may issue tokens of another prefix (its
 * own `th_test_`): with TARGET_ENVIRONMENT set, such a token is taken as that environment's, and the
 * suite judges the prefix as a rule (AUTH-TOKEN-PREFIX) instead of refusing the run; without it, the
 * kit cannot tell the environment and asks for it. Credentials of one environment do not work in the
 * other (part 1), so tokens that disagree with each other (the spec's two prefixes, or two prefixes
 * equal but for `test` and `live`), or a spec prefix against TARGET_ENVIRONMENT, are a configuration
 * error, never guessed one way or the other. Messages name variables and prefixes, never a token.
 */
import {
  differOnlyByEnvironment,
  ENVIRONMENTS,
  type Environment,
  environmentOfToken,
  otherEnvironment,
  otherEnvironmentPrefix,
  TOKEN_PREFIXES,
  tokenPrefixOf,
} from '../spec/index.ts';
import { CONTRACT_VARIABLES, TENANT_VARIABLES } from './variables.ts';

/** The token prefix of each environment as the target uses them ('' for tokens without a prefix). */
export type TokenPrefixes = Readonly<Record<Environment, string>>;

export type EnvironmentDecision =
  | { readonly ok: true; readonly environment: Environment; readonly prefixes: TokenPrefixes }
  | { readonly ok: false; readonly message: string };

/** A configured token: the variable that holds it (named in messages) and its value (never shown). */
export interface ConfiguredToken {
  readonly variable: string;
  readonly token: string;
}

/** `th_test_`, or `no prefix`: how a message names a token's prefix without showing the token. */
export const describePrefix = (token: string): string => tokenPrefixOf(token) ?? 'no prefix';

/** The message for a token of no prefix of the spec when TARGET_ENVIRONMENT does not say which it is. */
export const unknownPrefixRule = (variable: string, token: string): string =>
  `${variable} starts with ${describePrefix(token)}, not ${TOKEN_PREFIXES.sandbox} (sandbox) or ${TOKEN_PREFIXES.production} (production): set ${CONTRACT_VARIABLES.environment} to sandbox or production to say which environment its deployment is`;

const mixed = (variable: string, first: string): string =>
  `${variable} belongs to another environment than ${first}: credentials of one environment do not work in the other`;

/** Why two tokens cannot be of one environment, or undefined when they can. */
const disagreement = (a: ConfiguredToken, b: ConfiguredToken): string | undefined => {
  const [environmentA, environmentB] = [environmentOfToken(a.token), environmentOfToken(b.token)];
  if (environmentA !== undefined && environmentB !== undefined && environmentA !== environmentB)
    return mixed(b.variable, a.variable);
  const [prefixA, prefixB] = [tokenPrefixOf(a.token), tokenPrefixOf(b.token)];
  if (prefixA !== undefined && prefixB !== undefined && differOnlyByEnvironment(prefixA, prefixB))
    return mixed(b.variable, a.variable);
  return undefined;
};

/** The prefixes in use: the configured tokens' own for their environment, `test`/`live` swapped for the other. */
export const prefixesInUse = (
  environment: Environment,
  tokens: readonly ConfiguredToken[],
): TokenPrefixes => {
  const first = tokens[0];
  const own = first === undefined ? TOKEN_PREFIXES[environment] : (tokenPrefixOf(first.token) ?? '');
  const other = otherEnvironment(environment);
  const otherPrefix =
    own === TOKEN_PREFIXES[environment] ? TOKEN_PREFIXES[other] : otherEnvironmentPrefix(own);
  return Object.freeze({
    [environment]: own,
    [other]: otherPrefix ?? TOKEN_PREFIXES[other],
  } as Record<Environment, string>);
};

export const decideEnvironment = (
  declared: string | undefined,
  tokens: readonly ConfiguredToken[],
): EnvironmentDecision => {
  const name = CONTRACT_VARIABLES.environment;
  if (declared !== undefined && !(ENVIRONMENTS as readonly string[]).includes(declared)) {
    return { ok: false, message: `${name} must be one of: ${ENVIRONMENTS.join(', ')}` };
  }
  for (const { variable, token } of tokens) {
    const environment = environmentOfToken(token);
    if (environment === undefined && declared === undefined)
      return { ok: false, message: unknownPrefixRule(variable, token) };
    if (environment !== undefined && declared !== undefined && environment !== declared) {
      return {
        ok: false,
        message: `${variable} is a ${environment} token but ${name} is ${declared}: credentials of one environment do not work in the other`,
      };
    }
  }
  for (const [index, token] of tokens.entries()) {
    for (const earlier of tokens.slice(0, index)) {
      const problem = disagreement(earlier, token);
      if (problem) return { ok: false, message: problem };
    }
  }
  const first = tokens[0];
  const environment =
    (declared as Environment | undefined) ??
    (first ? environmentOfToken(first.token) : undefined) ??
    'sandbox';
  return { ok: true, environment, prefixes: prefixesInUse(environment, tokens) };
};

/**
 * The environment a token is of, for a target whose prefixes are these: its own prefix's, the other's,
 * or (for a prefix of neither, the spec's included) what the spec's prefixes say, else undefined.
 */
export const environmentOfTokenIn = (token: string, prefixes: TokenPrefixes): Environment | undefined => {
  const prefix = tokenPrefixOf(token) ?? '';
  const own = ENVIRONMENTS.find(
    (environment) => prefixes[environment] !== '' && prefixes[environment] === prefix,
  );
  return own ?? environmentOfToken(token);
};

/** The configured tokens of an environment record, tenant A first. */
export const configuredTokens = (read: (variable: string) => string | undefined): ConfiguredToken[] =>
  Object.values(TENANT_VARIABLES).flatMap(({ accessToken }) => {
    const token = read(accessToken);
    return token === undefined ? [] : [{ variable: accessToken, token }];
  });
