/**
 * The environment of a run the kit starts for itself (`npm test`, `fei-kit bench`): the caller's,
 * without a target contract, a baseline or a run in progress, so that the run always goes against the
 * reference server, compared with nothing, whatever the user's shell or `.env` holds.
 */
import { CONTRACT_VARIABLES } from '../contract/index.ts';

const TARGET_AND_RUN_VARIABLES =
  /^(TARGET_|TENANT_[AB]_|RATE_LIMIT_|KIT_ENV_FILE|KIT_REFERENCE_|REFERENCE_(?:VARIANT|MUTANT|DEPLOYMENT)$|KIT_EMBEDDED|KIT_BASELINE|KIT_FAIL_ON_DRIFT|KIT_LATENCY_|KIT_PACING_URL)/;

export const kitEnvironment = (parent: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...parent, KIT_IGNORE_DOTENV: 'true' };
  for (const name of Object.keys(env))
    if (TARGET_AND_RUN_VARIABLES.test(name) || name === CONTRACT_VARIABLES.runId) delete env[name];
  return env;
};
