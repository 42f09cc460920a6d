/** `fei-kit reference`: the reference server standalone, a local sandbox to build a client against. */
import { join } from 'node:path';
import { ConfigError } from '../../config/index.ts';
import {
  REFERENCE_CREDENTIALS_FILE,
  REFERENCE_DEPLOYMENT,
  REFERENCE_ENVIRONMENT,
  REFERENCE_HTTPS,
  REFERENCE_LATENCY_MS,
  REFERENCE_MUTANT,
  REFERENCE_PORT,
  REFERENCE_TENANTS_FILE,
  REFERENCE_VARIANT,
} from '../../config/settings/index.ts';
import { LIMIT_VARIABLE_NAMES } from '../../contract/index.ts';
import { OutputUnwritableError } from '../../utilities/output-folder.ts';
import { outputPaths } from '../../utilities/output-paths.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';
import { CONTRACT_SETTINGS } from '../contract-settings.ts';

export const command: KitCommand = {
  name: 'reference',
  summary: 'starts the reference server, a strict implementation of the spec, until Ctrl-C',
  usage: '[options]',
  description: [
    'Serves the spec on 127.0.0.1 with three seeded tenants (A, B and RATE_LIMIT) and writes their',
    "credentials, in the target contract's names, to a file of mode 0600 (never printed). Point",
    '`fei-kit conformance` (KIT_ENV_FILE=<the file>) or your own client at it. A variant serves another',
    'consistent reading of what the spec leaves open; a mutant breaks one stated rule on purpose.',
  ],
  options: [
    {
      name: 'port',
      type: 'string',
      value: '<port>',
      text: 'port on 127.0.0.1 (default 8080; 0 picks a free one)',
      env: REFERENCE_PORT.name,
    },
    {
      name: 'environment',
      type: 'string',
      value: 'sandbox|production',
      text: 'the environment it plays (default sandbox)',
      env: REFERENCE_ENVIRONMENT.name,
    },
    {
      name: 'variant',
      type: 'string',
      value: '<name>',
      text: 'another reading of the gaps of the spec',
      env: REFERENCE_VARIANT.name,
    },
    {
      name: 'mutant',
      type: 'string',
      value: '<names>',
      text: 'one stated rule broken (a comma list combines mutants)',
      env: REFERENCE_MUTANT.name,
    },
    {
      name: 'deployment',
      type: 'string',
      value: '<name>',
      text: 'a deployment that differs from the spec as it documents (its own token prefix, an extra kind of event)',
      env: REFERENCE_DEPLOYMENT.name,
    },
    {
      name: 'https',
      type: 'boolean',
      text: 'HTTPS with a self-signed certificate generated at start (REFERENCE_HTTPS=true)',
    },
    {
      name: 'latency',
      type: 'string',
      value: '<ms>',
      text: 'a simulated round trip: 120 (fixed) or 80-160 (drawn)',
      env: REFERENCE_LATENCY_MS.name,
    },
    {
      name: 'tenants-file',
      type: 'string',
      value: '<file>',
      text: 'more tenants, each with its own limit (fei-kit load tenants writes one)',
      env: REFERENCE_TENANTS_FILE.name,
    },
    {
      name: 'credentials-file',
      type: 'string',
      value: '<file>',
      text: 'where the credentials go (default <output>/reference/credentials.env)',
      env: REFERENCE_CREDENTIALS_FILE.name,
    },
    OUTPUT_OPTION,
  ],
  // The limits, as the target contract names them: the server serves what a run will be told.
  settings: CONTRACT_SETTINGS.filter((setting) =>
    LIMIT_VARIABLE_NAMES.some((name) => setting.name.includes(name)),
  ),
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable'],
  examples: ['fei-kit reference --port 9000', 'fei-kit reference --mutant amount-zero-accepted --port 0'],
  arguments: 'options',
  writesOutputs: true,
  handlesSignals: true,
  run: async ({ values, say }) => {
    if (values.https === true) REFERENCE_HTTPS.write('true');
    const { CredentialsUnwritableError, ReferenceStartError, serveReference } = await import(
      '../../reference/index.ts'
    );
    try {
      return await serveReference(join(outputPaths().reference, 'credentials.env'), say);
    } catch (error) {
      if (error instanceof ReferenceStartError) throw new ConfigError(error.message);
      if (error instanceof CredentialsUnwritableError) {
        throw new OutputUnwritableError(outputPaths().reference, error, '--credentials-file');
      }
      throw error;
    }
  },
};
