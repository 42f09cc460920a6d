/**
 * `fei-kit openapi`: writes the spec as an OpenAPI 3.1 document (YAML and JSON) into the output folder,
 * from the kit's catalog; `fei-kit openapi --check <file or URL>` reads a provider's own OpenAPI
 * description instead and says, rule by rule, where it differs from the spec (openapi/).
 */
import { relative } from 'node:path';
import { CONTRACT_VARIABLES } from '../../contract/index.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';

const shown = (path: string): string => relative(process.cwd(), path) || path;

export const command: KitCommand = {
  name: 'openapi',
  summary: "writes the spec as an OpenAPI 3.1 document, or checks a provider's own against the spec",
  usage: '[options]',
  description: [
    'Without --check: writes openapi/openapi.yaml and openapi/openapi.json into the output folder, generated',
    "from the kit's catalog of rules: the three operations and headers, the closed vocabularies, every error",
    'code of 7.3 with an example, the gaps as x-fei-gaps and the rules a schema cannot state as x-fei-rules.',
    "With --check: reads a provider's OpenAPI 3.0 or 3.1 description (YAML or JSON, a file or a URL) and",
    'lists where it differs from the spec, rule by rule; operations the spec does not show are observed.',
    'Declared deviations (--deviations) are shown as declared and do not fail the check.',
  ],
  options: [
    {
      name: 'check',
      type: 'string',
      value: '<file or URL>',
      text: "a provider's OpenAPI description to check against the spec, instead of writing the kit's own",
    },
    {
      name: 'deviations',
      type: 'string',
      value: '<file>',
      text: 'with --check: the deviations the provider declares (docs/declared-deviations.md)',
      env: CONTRACT_VARIABLES.declaredDeviations,
    },
    OUTPUT_OPTION,
  ],
  exitCodes: ['ok', 'deviation', 'badConfiguration', 'couldNotRun', 'kitFailure', 'outputUnwritable'],
  examples: [
    'fei-kit openapi',
    'fei-kit openapi --check https://provider.example/openapi.yaml',
    'fei-kit openapi --check provider-openapi.json --deviations declared-deviations.yaml',
  ],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ values, say }) => {
    if (typeof values.check === 'string') {
      const { checkDescription } = await import('../../openapi/check/check-description.ts');
      return checkDescription(values.check, say);
    }
    const { writeOpenApiDocument } = await import('../../openapi/write-document.ts');
    const written = writeOpenApiDocument();
    say(`OpenAPI ${written.operations} operations: ${shown(written.yaml)}, ${shown(written.json)}`);
    return 0;
  },
};
