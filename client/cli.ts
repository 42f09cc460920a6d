/**
 * `fei-kit certify-client [options] [--] <command> [args…]`: certifies a tenant's own client against
 * the spec's client rules. Starts the reference server behind the recording layer, or the recording
 * proxy in front of a real sandbox (`--upstream`, and only then), runs the command with the
 * service's address and credentials in its environment, grades what it sent, and writes the client
 * certificate. Exit: 0 certified, 1 a client rule broken, 2 bad configuration, 3 could not run.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT } from '../config/index.ts';
import { contractVariable } from '../config/settings/index.ts';
import { CONTRACT_VARIABLES, SECRET_VARIABLES, TENANT_VARIABLES } from '../contract/index.ts';
import { startReferenceServer } from '../reference/index.ts';
import { consoleLine } from '../utilities/console-line.ts';
import { redact, registerSecrets } from '../utilities/redaction.ts';
import { buildClientCertificate } from './certificate/client-certificate.ts';
import { headline, ruleVerdictText } from './certificate/render-markdown.ts';
import { CERTIFICATE_FILES, writeClientCertificate } from './certificate/write-certificate.ts';
import type { RecordedExchange } from './exchange.ts';
import { gradeClient } from './grader.ts';
import { writeHar } from './har-writer.ts';
import { type CertifyOptions, parseCertifyOptions } from './options.ts';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.ts';
import { runCommand } from './run-command.ts';
import { type ExitedCommand, exitOf, ungradedEnding } from './ungraded-ending.ts';

// On stderr, so that the tenant's command keeps stdout to itself; redacted, since the recorded
// exchanges carry the command's token.
const writeLine = consoleLine('certify-client', process.stderr);
const say = (line: string): void => writeLine(redact(line));

type ReferenceServer = Awaited<ReturnType<typeof startReferenceServer>>;

/** The service the command talks to: the recording proxy, in front of the reference server or the upstream. */
interface RecordedService {
  /** The reference server, when no upstream was given. */
  readonly double: ReferenceServer | undefined;
  /** The address the proxy forwards to. */
  readonly service: string;
  readonly proxy: RecordingProxy;
}

/**
 * The previous certificate goes whole (its allure-results/ folder too), so that a failed run leaves
 * none that could be mistaken for this run's.
 */
const removePreviousCertificate = (outputFolder: string): void => {
  for (const file of Object.values(CERTIFICATE_FILES))
    rmSync(join(outputFolder, file), { recursive: true, force: true });
};

const startRecordedService = async (options: CertifyOptions): Promise<RecordedService> => {
  const double = options.upstream ? undefined : await startReferenceServer({ environment: 'sandbox' });
  const service = options.upstream ?? (double?.baseUrl as string);
  const proxy = await startRecordingProxy({
    upstream: service,
    environment: options.environment,
    tokenPrefixes: options.tokenPrefixes,
    faults: options.faults,
  });
  return { double, service, proxy };
};

/** The contract variables the command gets: the proxy's address, and tenant A's credentials on the reference server. */
const commandContract = (options: CertifyOptions, { double, proxy }: RecordedService): NodeJS.ProcessEnv => ({
  [CONTRACT_VARIABLES.baseUrl]: proxy.baseUrl,
  [CONTRACT_VARIABLES.environment]: options.environment,
  ...(double
    ? {
        [TENANT_VARIABLES.A.clientId]: double.tenants.A.clientId,
        [TENANT_VARIABLES.A.accessToken]: double.tenants.A.accessToken,
      }
    : {}),
});

/** Runs the command against the recorded service; returns how it ended and what it sent, its tokens registered as secrets. */
const runRecorded = async (options: CertifyOptions, recorded: RecordedService) => {
  const { double, service, proxy } = recorded;
  if (double) registerSecrets(...double.allTenants.map((t) => t.accessToken));
  if (!proxy.machineMeasured)
    say(
      'WARNING: the machine timer thread could not start: a retry after a 429 is judged by this process’s stalls only',
    );
  say(
    `${double ? 'reference server' : `recording proxy in front of ${new URL(service).origin}`} at ${proxy.baseUrl}; faults: ${options.faults.join(', ') || 'none'}; running ${options.command.join(' ')}`,
  );
  const result = await runCommand(
    options.command,
    { ...process.env, ...commandContract(options, recorded) },
    options.timeLimitSeconds,
  );
  await proxy.settled();
  const exchanges = proxy.exchanges();
  registerSecrets(...exchanges.map((e) => e.headers['x-access-token']));
  return { result, exchanges };
};

/** Grades what the command sent, writes the certificate and its traffic, says the verdicts; returns the exit code. */
const certifyRecording = (
  options: CertifyOptions,
  { double, service, proxy }: RecordedService,
  command: ExitedCommand,
  exchanges: readonly RecordedExchange[],
): number => {
  const grades = gradeClient(exchanges, {
    environment: options.environment,
    tokenPrefixes: options.tokenPrefixes,
    stalls: proxy.stalls(),
  });
  const certificate = buildClientCertificate({
    grades,
    exchanges,
    strict: options.strict,
    mode: double ? 'double' : 'proxy',
    service: double ? 'the kit’s reference server' : new URL(service).origin,
    environment: options.environment,
    faultsEnabled: options.faults,
    command: {
      command: options.command.join(' '),
      exitCode: command.code,
      signal: command.signal,
      seconds: command.seconds,
    },
  });
  writeClientCertificate(certificate, options.outputFolder);
  writeHar(join(options.outputFolder, CERTIFICATE_FILES.har), exchanges, proxy.baseUrl, proxy.startedAt);
  say(
    `the command exited ${exitOf(command)} after ${command.seconds.toFixed(1)} s; ${exchanges.length} requests recorded`,
  );
  for (const rule of certificate.rules)
    say(
      `  ${ruleVerdictText(rule).padEnd(24)} ${rule.id}${rule.unestablished ? `: ${rule.unestablished}` : ''}`,
    );
  say(headline(certificate));
  say(
    `certificate: ${join(options.outputFolder, CERTIFICATE_FILES.markdown)} (also .html, .json, .junit.xml and allure-results/); traffic: ${CERTIFICATE_FILES.har}`,
  );
  return certificate.certification === 'certified' ? EXIT.ok : EXIT.deviation;
};

/** Certifies the command the arguments name; returns the exit code (a ConfigError for bad arguments). */
export const certifyClient = async (argv: readonly string[]): Promise<number> => {
  const options = parseCertifyOptions(argv, process.env);
  registerSecrets(...SECRET_VARIABLES.map((name) => contractVariable(name).read()?.trim()));
  removePreviousCertificate(options.outputFolder);
  const recorded = await startRecordedService(options);
  try {
    const { result, exchanges } = await runRecorded(options, recorded);
    const run = ungradedEnding(result, exchanges, {
      timeLimitSeconds: options.timeLimitSeconds,
      service: recorded.service,
    });
    if (run.kind === 'ungraded') {
      say(run.line);
      return run.code;
    }
    return certifyRecording(options, recorded, run, exchanges);
  } finally {
    await recorded.proxy.close();
    await recorded.double?.close();
  }
};
