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
import { gradeClient } from './grader.ts';
import { writeHar } from './har-writer.ts';
import { parseCertifyOptions } from './options.ts';
import { startRecordingProxy, UNANSWERED } from './recording-proxy.ts';
import { runCommand } from './run-command.ts';

// On stderr, so that the tenant's command keeps stdout to itself; redacted, since the recorded
// exchanges carry the command's token.
const writeLine = consoleLine('certify-client', process.stderr);
const say = (line: string): void => writeLine(redact(line));

/** Certifies the command the arguments name; returns the exit code (a ConfigError for bad arguments). */
export const certifyClient = async (argv: readonly string[]): Promise<number> => {
  const options = parseCertifyOptions(argv, process.env);
  registerSecrets(...SECRET_VARIABLES.map((name) => contractVariable(name).read()?.trim()));
  // The previous certificate goes whole (its allure-results/ folder too), so that a failed run
  // leaves none that could be mistaken for this run's.
  for (const file of Object.values(CERTIFICATE_FILES))
    rmSync(join(options.outputFolder, file), { recursive: true, force: true });

  const double = options.upstream ? undefined : await startReferenceServer({ environment: 'sandbox' });
  const service = options.upstream ?? (double?.baseUrl as string);
  const proxy = await startRecordingProxy({
    upstream: service,
    environment: options.environment,
    tokenPrefixes: options.tokenPrefixes,
    faults: options.faults,
  });
  try {
    const contract: NodeJS.ProcessEnv = {
      [CONTRACT_VARIABLES.baseUrl]: proxy.baseUrl,
      [CONTRACT_VARIABLES.environment]: options.environment,
      ...(double
        ? {
            [TENANT_VARIABLES.A.clientId]: double.tenants.A.clientId,
            [TENANT_VARIABLES.A.accessToken]: double.tenants.A.accessToken,
          }
        : {}),
    };
    if (double) registerSecrets(...double.allTenants.map((t) => t.accessToken));
    say(
      `${double ? 'reference server' : `recording proxy in front of ${new URL(service).origin}`} at ${proxy.baseUrl}; faults: ${options.faults.join(', ') || 'none'}; running ${options.command.join(' ')}`,
    );
    const result = await runCommand(
      options.command,
      { ...process.env, ...contract },
      options.timeLimitSeconds,
    );
    await proxy.settled();
    const exchanges = proxy.exchanges();
    registerSecrets(...exchanges.map((e) => e.headers['x-access-token']));
    if (result.kind === 'not-found') {
      say(`could not run: ${result.message}`);
      return EXIT.couldNotRun;
    }
    if (result.kind === 'interrupted') {
      say(`interrupted (${result.signal}): the command was stopped, nothing graded`);
      return result.signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
    }
    if (result.kind === 'timed-out') {
      say(
        `could not run: the command ran past its time limit of ${options.timeLimitSeconds} s and was stopped`,
      );
      return EXIT.couldNotRun;
    }
    const exit = result.code ?? `signal ${result.signal}`;
    if (exchanges.length === 0) {
      say(
        `could not run: the command (exit ${exit}) never called the service at ${CONTRACT_VARIABLES.baseUrl}`,
      );
      return EXIT.couldNotRun;
    }
    if (exchanges.every((e) => e.refused?.startsWith(UNANSWERED))) {
      say(`could not run: ${new URL(service).origin} never answered (${exchanges[0]?.refused})`);
      return EXIT.couldNotRun;
    }
    const grades = gradeClient(exchanges, {
      environment: options.environment,
      tokenPrefixes: options.tokenPrefixes,
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
        exitCode: result.code,
        signal: result.signal,
        seconds: result.seconds,
      },
    });
    writeClientCertificate(certificate, options.outputFolder);
    writeHar(join(options.outputFolder, CERTIFICATE_FILES.har), exchanges, proxy.baseUrl, proxy.startedAt);
    say(
      `the command exited ${exit} after ${result.seconds.toFixed(1)} s; ${exchanges.length} requests recorded`,
    );
    for (const rule of certificate.rules) say(`  ${ruleVerdictText(rule).padEnd(24)} ${rule.id}`);
    say(headline(certificate));
    say(
      `certificate: ${join(options.outputFolder, CERTIFICATE_FILES.markdown)} (also .html, .json, .junit.xml and allure-results/); traffic: ${CERTIFICATE_FILES.har}`,
    );
    return certificate.certification === 'certified' ? EXIT.ok : EXIT.deviation;
  } finally {
    await proxy.close();
    await double?.close();
  }
};
