/**
 * The command line of `fei-kit certify-client [options] [--] <command> [args…]`: the kit's options
 * come first; the tenant's command starts at the first word that is not one of them (or after `--`),
 * and everything from there on is the command's own, passed as given.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, durationOptionSeconds } from '../config/index.ts';
import {
  CONTRACT_VARIABLES,
  configuredTokens,
  decideEnvironment,
  prefixesInUse,
  type TokenPrefixes,
} from '../contract/index.ts';
import type { Environment } from '../spec/index.ts';
import { outputRoot } from '../utilities/output-paths.ts';
import { CLIENT_CERTIFICATE_FOLDER } from './certificate/write-certificate.ts';
import { type FaultName, parseFaults } from './faults.ts';

export interface CertifyOptions {
  readonly command: readonly string[];
  /** Proxy mode's upstream (a real sandbox); undefined: the reference server. */
  readonly upstream: string | undefined;
  readonly environment: Environment;
  /**
   * The token prefix of each environment in use: the upstream's own (its tokens may carry another
   * prefix than the spec's, `th_test_`), which the proxy and the grader judge tokens by.
   */
  readonly tokenPrefixes: TokenPrefixes;
  readonly faults: readonly FaultName[];
  readonly strict: boolean;
  readonly timeLimitSeconds: number;
  readonly outputFolder: string;
}

export const DEFAULT_TIME_LIMIT_SECONDS = 300;

export const USAGE =
  'usage: fei-kit certify-client [--upstream <sandbox URL>] [--faults standard|none|<names>] [--strict] [--time-limit <duration>] [--output <folder>] [--allow-production] [--] <command> [args…]';

const OPTIONS = {
  upstream: { type: 'string' },
  faults: { type: 'string' },
  strict: { type: 'boolean' },
  'time-limit': { type: 'string' },
  output: { type: 'string' },
  'allow-production': { type: 'boolean' },
} as const;

/** The kit's part of argv and the command's part. */
const split = (argv: readonly string[]): { own: string[]; command: string[] } => {
  const own: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') return { own, command: argv.slice(i + 1) };
    if (!arg.startsWith('-')) return { own, command: argv.slice(i) };
    own.push(arg);
    const name = arg.replace(/^--?/, '').split('=')[0] as keyof typeof OPTIONS;
    if (OPTIONS[name]?.type === 'string' && !arg.includes('=') && i + 1 < argv.length) {
      own.push(argv[i + 1] as string);
      i += 1;
    }
  }
  return { own, command: [] };
};

/**
 * The contract's own environment decision: TARGET_ENVIRONMENT, else the tokens' prefixes, else sandbox;
 * a token of another prefix than the spec's (a deployment's own `th_test_`) needs TARGET_ENVIRONMENT.
 */
const environmentFrom = (
  env: NodeJS.ProcessEnv,
): { environment: Environment; tokenPrefixes: TokenPrefixes } => {
  const decision = decideEnvironment(
    env[CONTRACT_VARIABLES.environment]?.trim() || undefined,
    configuredTokens((variable) => env[variable]?.trim() || undefined),
  );
  if (!decision.ok) throw new ConfigError(decision.message);
  return { environment: decision.environment, tokenPrefixes: decision.prefixes };
};

const checkedUpstream = (text: string): string => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`--upstream (or ${CONTRACT_VARIABLES.baseUrl}) is not a URL: "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`--upstream must be an http or https URL; got ${url.protocol}`);
  if (url.username || url.password) throw new ConfigError('--upstream must not carry credentials');
  return url.toString().replace(/\/$/, '');
};

/** Throws ConfigError (exit 2) with one line for anything it cannot use (the command runner answers --help). */
export const parseCertifyOptions = (argv: readonly string[], env: NodeJS.ProcessEnv): CertifyOptions => {
  const { own, command } = split(argv);
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: own, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message.split('\n')[0]}; ${USAGE}`);
  }
  if (command.length === 0) throw new ConfigError(`no command to certify; ${USAGE}`);
  // Proxy mode only when asked for: a TARGET_BASE_URL left in the environment (for the conformance
  // run) never turns the fault-injecting reference server into a proxy without faults.
  const upstreamText = values.upstream?.trim();
  const upstream = upstreamText ? checkedUpstream(upstreamText) : undefined;
  // The double is the kit's own reference server: a sandbox of the spec's prefixes.
  const { environment, tokenPrefixes } = upstream
    ? environmentFrom(env)
    : { environment: 'sandbox' as const, tokenPrefixes: prefixesInUse('sandbox', []) };
  if (environment === 'production' && !values['allow-production'])
    throw new ConfigError(
      'refusing a production upstream: the client certification is for a sandbox (pass --allow-production to run against production anyway)',
    );
  const timeLimitSeconds =
    durationOptionSeconds('--time-limit', values['time-limit']) ?? DEFAULT_TIME_LIMIT_SECONDS;
  let faults: readonly FaultName[];
  try {
    // Against a real sandbox, faults are opt-in; the double injects them unless told not to.
    faults = parseFaults(values.faults ?? (upstream ? 'none' : 'standard'));
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    command,
    upstream,
    environment,
    tokenPrefixes,
    faults,
    strict: values.strict ?? false,
    timeLimitSeconds,
    // The output folder (--output, else KIT_OUTPUT_DIR) holds the certificate in a folder of its own.
    outputFolder: join(values.output ? resolve(values.output) : outputRoot(env), CLIENT_CERTIFICATE_FOLDER),
  };
};
