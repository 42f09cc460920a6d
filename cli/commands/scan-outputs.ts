/**
 * `npm run scan-outputs [-- <more paths>]`: searches every file of the output folder (reports/output
 * or KIT_OUTPUT_DIR) and the given paths for the access tokens of the environment (TENANT_A_ACCESS_TOKEN,
 * TENANT_B_ACCESS_TOKEN, RATE_LIMIT_ACCESS_TOKEN, from .env too), as text, URL-encoded, base64 and
 * inside zip and gzip files. CI runs it before it uploads or publishes anything.
 *
 * Exit codes: 0 no token found; 7 a token was found, a failure of the kit's redaction (the files are
 * named, the token never);
 * 2 no token to search for.
 */
import { relative } from 'node:path';
import { ConfigError, EXIT, loadDotEnv } from '../../config/index.ts';
import { SECRET_VARIABLES } from '../../contract/index.ts';
import { scanFiles } from '../../reports/secret-scan/secret-scan.ts';
import { outputRoot } from '../../run-records/output-paths.ts';

const say = (line: string): void => {
  process.stdout.write(`scan-outputs: ${line}\n`);
};

const TOKEN_VARIABLES = SECRET_VARIABLES;

const main = (): number => {
  try {
    if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      say(`configuration error: ${error.message}`);
      return EXIT.badConfiguration;
    }
    throw error;
  }
  const named = TOKEN_VARIABLES.filter((name) => (process.env[name]?.trim().length ?? 0) >= 8);
  if (named.length === 0) {
    say(`no token to search for: set ${TOKEN_VARIABLES.join(', ')} (at least one)`);
    return EXIT.badConfiguration;
  }
  const secrets = named.map((name) => process.env[name]?.trim() as string);
  const paths = [outputRoot(), ...process.argv.slice(2)];
  const { files, hits } = scanFiles(paths, secrets);
  if (hits.length === 0) {
    say(`${files.length} files searched for ${named.join(', ')}: no token found`);
    return EXIT.ok;
  }
  say(`TOKEN FOUND in ${hits.length} places; do not publish these files:`);
  for (const hit of hits) say(`  ${relative(process.cwd(), hit.file)}: ${named[hit.secret]} (${hit.form})`);
  return EXIT.kitFailure;
};

process.exit(main());
