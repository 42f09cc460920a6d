/** `fei-kit certify-client [options] [--] <command> [args…]`: certifies a tenant's own client. */
import { DEFAULT_TIME_LIMIT_SECONDS } from '../../client/options.ts';
import { CONTRACT_VARIABLES, TENANT_VARIABLES } from '../../contract/index.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';

export const command: KitCommand = {
  name: 'certify-client',
  summary: "certifies a tenant's own client (any language) against the spec's client rules",
  usage: '[options] [--] <command> [args…]',
  description: [
    `Runs <command> with ${CONTRACT_VARIABLES.baseUrl}, ${CONTRACT_VARIABLES.environment}, ${TENANT_VARIABLES.A.clientId} and ${TENANT_VARIABLES.A.accessToken}`,
    "set to the kit's reference server behind a recording layer that injects faults (429s, a 500 after the",
    'event was stored, a late answer), or to a recording proxy in front of a real sandbox (--upstream),',
    "then grades every request it sent against the spec's client rules (parts 4, 5, 7, 8) and writes",
    'the client certificate (Markdown, HTML, JSON, JUnit, Allure results) under <output>/client-certificate.',
  ],
  options: [
    {
      name: 'upstream',
      type: 'string',
      value: '<url>',
      text: `record in front of this sandbox instead of the reference server (only this option asks for it, never ${CONTRACT_VARIABLES.baseUrl})`,
    },
    {
      name: 'faults',
      type: 'string',
      value: 'standard|none|<names>',
      text: 'the faults injected (default: standard with the reference server, none upstream)',
    },
    { name: 'strict', type: 'boolean', text: 'a broken SHOULD rule fails the certification too' },
    {
      name: 'time-limit',
      type: 'string',
      value: '<duration>',
      text: `how long the command may run: 300s, 5m or plain seconds (default ${DEFAULT_TIME_LIMIT_SECONDS}s)`,
    },
    { name: 'allow-production', type: 'boolean', text: 'allow a production upstream' },
    OUTPUT_OPTION,
  ],
  exitCodes: [
    'ok',
    'deviation',
    'badConfiguration',
    'couldNotRun',
    'kitFailure',
    'outputUnwritable',
    'interrupted',
    'terminated',
  ],
  examples: [
    'fei-kit certify-client -- node my-client.mjs',
    'fei-kit certify-client --upstream https://sandbox.example -- ./gradlew run',
  ],
  arguments: 'own',
  writesOutputs: true,
  handlesSignals: true,
  run: async ({ argv }) => (await import('../../client/cli.ts')).certifyClient(argv),
};
