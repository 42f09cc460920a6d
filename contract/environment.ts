/**
 * Which environment the target is: TARGET_ENVIRONMENT when set, else what the tokens' prefixes say,
 * else sandbox. Credentials of one environment do not work in the other (part 1), so a contract whose
 * tokens disagree with each other, or with TARGET_ENVIRONMENT, is a configuration error everywhere the
 * contract is read (the conformance run, the k6 scripts), never guessed one way or the other.
 */
import { ENVIRONMENTS, type Environment, environmentOfToken } from '../spec/index.ts';
import { CONTRACT_VARIABLES, TENANT_VARIABLES } from './variables.ts';

export type EnvironmentDecision =
  | { readonly ok: true; readonly environment: Environment }
  | { readonly ok: false; readonly message: string };

/** A configured token: the variable that holds it (named in messages) and its value (never shown). */
export interface ConfiguredToken {
  readonly variable: string;
  readonly token: string;
}

export const decideEnvironment = (
  declared: string | undefined,
  tokens: readonly ConfiguredToken[],
): EnvironmentDecision => {
  const name = CONTRACT_VARIABLES.environment;
  if (declared !== undefined && !(ENVIRONMENTS as readonly string[]).includes(declared)) {
    return { ok: false, message: `${name} must be one of: ${ENVIRONMENTS.join(', ')}` };
  }
  const first = tokens[0];
  const firstEnvironment = first ? environmentOfToken(first.token) : undefined;
  for (const { variable, token } of tokens) {
    const environment = environmentOfToken(token);
    if (environment === undefined) continue;
    if (declared !== undefined && environment !== declared) {
      return {
        ok: false,
        message: `${variable} is a ${environment} token but ${name} is ${declared}: credentials of one environment do not work in the other`,
      };
    }
    if (first && firstEnvironment !== undefined && environment !== firstEnvironment) {
      return {
        ok: false,
        message: `${variable} belongs to another environment than ${first.variable}: credentials of one environment do not work in the other`,
      };
    }
  }
  return { ok: true, environment: (declared as Environment | undefined) ?? firstEnvironment ?? 'sandbox' };
};

/** The configured tokens of an environment record, tenant A first. */
export const configuredTokens = (read: (variable: string) => string | undefined): ConfiguredToken[] =>
  Object.values(TENANT_VARIABLES).flatMap(({ accessToken }) => {
    const token = read(accessToken);
    return token === undefined ? [] : [{ variable: accessToken, token }];
  });
