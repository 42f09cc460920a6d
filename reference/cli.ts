/**
 * `fei-kit reference`: the reference server standalone, as a local sandbox to develop a client
 * against or to rehearse a remote run. Its settings (cli-settings.ts) come from the environment,
 * which the command's options set. The seeded tenants' credentials go to a .env-format file (mode
 * 0600); only its path and the base URL are printed, never a token. Over HTTPS the certificate goes
 * beside it and the file names it as TARGET_CA_FILE, so the kit trusts it. With HTTPS or a latency the
 * server stands in for a remote deployment, so the file does not mark it as the kit's own. A bad
 * setting is a ReferenceStartError (one line, exit 2); Ctrl-C or SIGTERM stop the server and end with 0.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { type CliSettings, readSettings } from './cli-settings.ts';
import { resolveOptions } from './options.ts';
import { startReferenceServer } from './server.ts';
import { targetEnvironmentOf, toDotEnv } from './target-env.ts';
import { generateTenants } from './tenants.ts';
import { type FileTenants, readTenantsFile } from './tenants-file.ts';
import { generateSelfSignedCertificate, type TlsIdentity } from './tls.ts';
import type { RunningReferenceServer } from './types.ts';

/** The prefix of the tokens the server issues, as its options decide it (a deployment's own, or the spec's). */
const tokenPrefixOf = (settings: CliSettings): string =>
  resolveOptions({
    environment: settings.environment,
    deployment: settings.deployment,
    mutant: settings.mutant,
    tenants: [],
  }).tokenPrefix;

/** The target contract of this server, as the credentials file gives it to the kit. */
const contractOf = (server: RunningReferenceServer, settings: CliSettings): Record<string, string> => {
  const variables = targetEnvironmentOf(server);
  // A rehearsal of a remote deployment (HTTPS, latency) is run as one: real property counts and durations.
  if (settings.https || settings.latency) delete variables[CONTRACT_VARIABLES.embeddedTarget];
  if (settings.https) variables[CONTRACT_VARIABLES.caFile] = settings.certificateFile;
  return variables;
};

const writeCredentials = (
  settings: CliSettings,
  server: RunningReferenceServer,
  certificate: string | undefined,
): void => {
  const file = settings.credentialsFile;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // The certificate is public (the key never leaves memory); the kit trusts it through TARGET_CA_FILE.
  if (certificate !== undefined) writeFileSync(settings.certificateFile, certificate, { mode: 0o644 });
  const header = [
    `# Credentials of the reference server at ${server.baseUrl} (${server.environment}), written ${new Date().toISOString()}.`,
    '# Secrets: keep this file private. Load it with KIT_ENV_FILE or process.loadEnvFile.',
  ].join('\n');
  writeFileSync(file, `${header}\n${toDotEnv(contractOf(server, settings))}`, { mode: 0o600 });
  chmodSync(file, 0o600); // an existing file keeps its old mode on write
};

/** `1000 requests per 60 s per tenant`, or each seeded tenant's when they differ. */
const describeLimits = (server: RunningReferenceServer): string => {
  const names = ['A', 'B', 'RATE_LIMIT'];
  const text = (name: string) => {
    const limit = server.rateLimits[name] ?? server.rateLimit;
    return `${limit.requestsPerWindow} requests per ${limit.windowSeconds} s`;
  };
  const distinct = new Set(names.map(text));
  return distinct.size === 1 ? `${text('A')} per tenant` : names.map((n) => `${n} ${text(n)}`).join(', ');
};

const describeLatency = ({ minMs, maxMs }: { minMs: number; maxMs: number }): string =>
  minMs === maxMs ? `${minMs} ms` : `${minMs} to ${maxMs} ms`;

/** Why the server could not start, in one line: a setting, a port in use, an unreadable file. */
export class ReferenceStartError extends Error {}

/** Where the credentials could not be written. */
export class CredentialsUnwritableError extends Error {}

/**
 * Starts the server, writes its credentials, says where it listens, and resolves with 0 once Ctrl-C or
 * SIGTERM has stopped it. Throws ReferenceStartError (a setting, a port) or CredentialsUnwritableError.
 * `env` holds its settings: the process's, or a kit test's own for a start refused before it serves.
 */
export const serveReference = async (
  defaultCredentialsFile: string,
  say: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> => {
  let settings: CliSettings;
  let server: RunningReferenceServer;
  let tls: TlsIdentity | undefined;
  let extra: FileTenants | undefined;
  let port = 8080; // the one a taken port's message names: the one asked for, or the default
  try {
    settings = readSettings(env, defaultCredentialsFile);
    port = settings.port;
    extra = settings.tenantsFile ? readTenantsFile(settings.tenantsFile) : undefined;
    tls = settings.https ? await generateSelfSignedCertificate() : undefined;
    server = await startReferenceServer({
      environment: settings.environment,
      rateLimit: { requestsPerWindow: settings.requestsPerWindow, windowSeconds: settings.windowSeconds },
      tenantRateLimits: { ...settings.tenantRateLimits, ...extra?.limits },
      ...(extra
        ? {
            tenants: [
              ...generateTenants(settings.environment, Date.now(), tokenPrefixOf(settings)),
              ...extra.tenants,
            ],
          }
        : {}),
      variant: settings.variant,
      mutant: settings.mutant,
      deployment: settings.deployment,
      host: '127.0.0.1',
      port: settings.port,
      tls,
      latency: settings.latency,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ReferenceStartError(
      code === 'EADDRINUSE'
        ? `port ${port} on 127.0.0.1 is already in use; give another with --port (or REFERENCE_PORT)`
        : (error as Error).message.split('\n')[0],
    );
  }
  try {
    writeCredentials(settings, server, tls?.cert);
  } catch (error) {
    await server.close();
    throw new CredentialsUnwritableError(
      `could not write ${settings.credentialsFile}: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  const extras = [
    settings.variant && `variant ${settings.variant}`,
    settings.mutant && `MUTANT ${settings.mutant}`,
    settings.deployment && `DEPLOYMENT ${settings.deployment} (differs from the spec)`,
  ]
    .filter(Boolean)
    .join(', ');
  for (const line of [
    `listening on ${server.baseUrl} (${server.environment}${extras ? `, ${extras}` : ''})`,
    `credentials of tenants A, B and RATE_LIMIT: ${settings.credentialsFile}`,
    ...(extra && settings.tenantsFile
      ? [`and ${extra.tenants.length} tenants of ${settings.tenantsFile}, each with its own limit`]
      : []),
    ...(tls
      ? [`HTTPS with a self-signed certificate: ${settings.certificateFile} (${CONTRACT_VARIABLES.caFile})`]
      : []),
    ...(settings.latency ? [`simulated round trip: ${describeLatency(settings.latency)} per request`] : []),
    `rate limit: ${describeLimits(server)}. Ctrl+C stops it.`,
  ]) {
    say(line);
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  say(`stopping (${signal})`);
  await server.close();
  return 0;
};
