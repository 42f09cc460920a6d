/**
 * Safe by default, for load: a production target (as the contract's environment decision says:
 * TARGET_ENVIRONMENT=production, or a `svc_live_` token) gets no load unless ALLOW_PRODUCTION_LOAD=true. The k6 scripts call this in
 * their init code (so a bundle run by hand refuses too) and the runner calls it before starting k6.
 * Pure: no k6 import, no Node API.
 */
import { ALLOW_PRODUCTION_LOAD } from '../../config/settings/load-settings.ts';
import { CONTRACT_VARIABLES, TOKEN_PREFIXES } from '../../contract/index.ts';
import type { Env } from './env.ts';
import { targetEnvironment } from './target.ts';

/** The refusal message when the target is production and load there was not allowed; else undefined. */
export const productionRefusal = (env: Env, script: string): string | undefined => {
  if (targetEnvironment(env) !== 'production') return undefined;
  if (ALLOW_PRODUCTION_LOAD.read(env)) return undefined;
  return `refusing to run the ${script} load script against a production target (${CONTRACT_VARIABLES.environment}=production or a ${TOKEN_PREFIXES.production} token); set ${ALLOW_PRODUCTION_LOAD.name}=true to allow it`;
};
