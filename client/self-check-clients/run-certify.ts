/**
 * Runs `fei-kit certify-client` as a user does (`node --import tsx client/cli.ts …`) in a child process
 * with the given environment, its output collected, and reads back the certificate it wrote. The kit
 * tests and the self-check's client rows use it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitCommandArguments } from '../../utilities/kit-root.ts';
import type { ClientCertificate } from '../certificate/client-certificate.ts';
import { CERTIFICATE_FILES, CLIENT_CERTIFICATE_FOLDER } from '../certificate/write-certificate.ts';

export interface CertifyRun {
  readonly code: number | null;
  /** stdout and stderr together, in the order they came. */
  readonly output: string;
  readonly seconds: number;
  /** The JSON certificate, when the run wrote one. */
  readonly certificate: ClientCertificate | undefined;
  readonly outputFolder: string;
}

export const runCertifyClient = (
  args: readonly string[],
  options: { readonly env: NodeJS.ProcessEnv; readonly outputFolder: string; readonly timeoutMs?: number },
): Promise<CertifyRun> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      kitCommandArguments(['certify-client', '--output', options.outputFolder, ...args]),
      { env: options.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs ?? 120_000 },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const file = join(options.outputFolder, CLIENT_CERTIFICATE_FOLDER, CERTIFICATE_FILES.json);
      resolve({
        code,
        output,
        seconds: (performance.now() - started) / 1000,
        certificate: existsSync(file)
          ? (JSON.parse(readFileSync(file, 'utf8')) as ClientCertificate)
          : undefined,
        outputFolder: options.outputFolder,
      });
    });
  });

/** The rules a certificate failed (advisories included). */
export const failedRules = (certificate: ClientCertificate | undefined): string[] =>
  certificate?.rules.filter((r) => r.verdict === 'failed').map((r) => r.id) ?? [];
