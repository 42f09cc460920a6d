/**
 * `fei-kit impact --traffic <folder>`: which tenants a release candidate would break, from their
 * recorded traffic (HAR files): each tenant's footprint, its requests replayed against the candidate,
 * and a verdict per tenant. Exit 0 none affected, 5 some affected, 3 some not established.
 */
import { CONTRACT_VARIABLES, TENANT_VARIABLES } from '../../contract/index.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';

export const command: KitCommand = {
  name: 'impact',
  summary: 'says which tenants a release would break: replays their recorded traffic (HAR) against it',
  usage: '--traffic <folder> [--baseline <url>] [--tenants A|A,B] [options]',
  description: [
    'Reads a folder of HAR files (one tenant per file, or per X-Client-Id within a file: what',
    'certify-client keeps as client-traffic.har, or a gateway’s or a browser’s export), shows each',
    'tenant’s footprint (operations, statuses, errorCodes, fields and their types, headers), replays each',
    `tenant's requests in order against the target (${CONTRACT_VARIABLES.baseUrl}, else the reference server) as the`,
    `sandbox tenant ${TENANT_VARIABLES.A.clientId} names (ids re-keyed, uuids mapped, paced within its limit), and`,
    'compares each answer with the recorded one. A recorded 429 is compared with one the rate-limit tenant',
    `(${TENANT_VARIABLES.RATE_LIMIT.clientId}) provokes. With --baseline, the same replay against the baseline,`,
    'twice, tells noise from change. Writes <output>/impact/impact-report.md (also .html, .json, .junit.xml,',
    'allure-results/): each tenant unaffected, affected (each difference, toward or away from the spec), or',
    'not established (with the reason).',
  ],
  options: [
    {
      name: 'traffic',
      type: 'string',
      value: '<folder>',
      text: 'the folder of HAR files to replay (or one .har file); required',
    },
    {
      name: 'baseline',
      type: 'string',
      value: '<url>',
      text: 'the deployment in service now, reached with the same tenants: replayed twice to tell noise from change',
    },
    {
      name: 'tenants',
      type: 'string',
      value: 'A|A,B',
      text: "the contract's sandbox tenants to spread the replays over (default A)",
    },
    OUTPUT_OPTION,
  ],
  exitCodes: [
    'ok',
    'badConfiguration',
    'couldNotRun',
    'drift',
    'kitFailure',
    'outputUnwritable',
    'interrupted',
    'terminated',
  ],
  examples: [
    'fei-kit impact --traffic tenants-traffic/',
    'fei-kit impact --traffic tenants-traffic/ --baseline https://sandbox-blue.example --tenants A,B',
  ],
  arguments: 'options',
  positionals: { min: 0, max: 0 },
  writesOutputs: true,
  run: async ({ values, say }) => {
    const { ConfigError } = await import('../../config/index.ts');
    const { parseTenantList, runImpactCommand } = await import('../../impact/cli.ts');
    const traffic = values.traffic;
    if (typeof traffic !== 'string' || traffic.trim() === '')
      throw new ConfigError('--traffic <folder> is required: the folder of HAR files to replay');
    const baseline = typeof values.baseline === 'string' ? values.baseline : undefined;
    const tenants = parseTenantList(typeof values.tenants === 'string' ? values.tenants : undefined);
    return runImpactCommand({ traffic, baseline, tenants }, say);
  },
};
