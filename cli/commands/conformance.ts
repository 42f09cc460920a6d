/** `fei-kit conformance [<playwright arguments>]`: the conformance run (conformance-run/conformance.ts). */
import { conformanceOptionHelp } from '../../config/playwright-arguments.ts';
import { CONTRACT_VARIABLES, TENANT_VARIABLES } from '../../contract/index.ts';
import type { KitCommand } from '../command.ts';
import { CONTRACT_SETTINGS } from '../contract-settings.ts';

export const command: KitCommand = {
  name: 'conformance',
  summary: 'checks a deployment (or the reference server) against every stated rule of the spec',
  usage: '[options] [<playwright test options>] [<file filters>]',
  description: [
    'Reads the target contract (environment variables or .env; none: the kit starts its reference',
    'server), checks with a preflight that the target is the service, runs the conformance suite, and',
    'writes the certificate (certificate.md, .html, .json), the JUnit file and the Allure results into',
    'the output folder. With KIT_BASELINE it then compares the run with that baseline.',
  ],
  options: [],
  moreOptions: { title: "The kit's and Playwright's options", rows: conformanceOptionHelp() },
  settings: CONTRACT_SETTINGS,
  exitCodes: [
    'ok',
    'deviation',
    'badConfiguration',
    'couldNotRun',
    'drift',
    'throttled',
    'kitFailure',
    'outputUnwritable',
    'comparisonUnreadable',
    'interrupted',
    'terminated',
  ],
  examples: [
    'fei-kit conformance',
    'fei-kit conformance --grep @auth --report',
    `${CONTRACT_VARIABLES.baseUrl}=https://sandbox.example ${TENANT_VARIABLES.A.clientId}=… ${TENANT_VARIABLES.A.accessToken}=… fei-kit conformance`,
  ],
  arguments: 'own',
  writesOutputs: false,
  handlesSignals: true,
  run: async ({ argv, say, fail }) =>
    (await import('../../conformance-run/conformance.ts')).runConformance(argv, say, fail),
};
