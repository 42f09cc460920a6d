/**
 * `fei-kit scan-outputs [<more paths>]`: searches every file of the output folder and the given paths
 * for the access tokens of the environment (the target contract's token variables, from .env too), as
 * text, URL-encoded, base64 and inside zip and gzip files. CI runs it before it uploads or publishes
 * anything. A token found is a failure of the kit's redaction (7): the files are named, the token never.
 */
import { relative } from 'node:path';
import { ConfigError, EXIT, loadDotEnvUnlessIgnored } from '../../config/index.ts';
import { contractVariable } from '../../config/settings/index.ts';
import { SECRET_VARIABLES } from '../../contract/index.ts';
import { outputRoot } from '../../utilities/output-paths.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';

export const command: KitCommand = {
  name: 'scan-outputs',
  summary: 'searches everything a run wrote (and the given paths) for the tokens of the environment',
  usage: '[options] [<more paths>…]',
  options: [OUTPUT_OPTION],
  exitCodes: ['ok', 'badConfiguration', 'kitFailure'],
  arguments: 'options',
  positionals: { min: 0, max: Number.POSITIVE_INFINITY },
  writesOutputs: false,
  run: async ({ positionals, say }) => {
    loadDotEnvUnlessIgnored();
    const named = SECRET_VARIABLES.filter((name) => (contractVariable(name).read()?.trim().length ?? 0) >= 8);
    if (named.length === 0) {
      throw new ConfigError(`no token to search for: set ${SECRET_VARIABLES.join(', ')} (at least one)`);
    }
    const secrets = named.map((name) => contractVariable(name).read()?.trim() as string);
    const { scanFiles } = await import('../../reports/secret-scan/secret-scan.ts');
    const { files, hits } = scanFiles([outputRoot(), ...positionals], secrets);
    if (hits.length === 0) {
      say(`${files.length} files searched for ${named.join(', ')}: no token found`);
      return EXIT.ok;
    }
    say(`TOKEN FOUND in ${hits.length} places; do not publish these files:`);
    for (const hit of hits) say(`  ${relative(process.cwd(), hit.file)}: ${named[hit.secret]} (${hit.form})`);
    return EXIT.kitFailure;
  },
};
