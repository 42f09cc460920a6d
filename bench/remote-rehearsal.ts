/**
 * A deployment rehearsed on this machine: `fei-kit reference` in a child process, serving HTTPS with a
 * certificate it generates and answering every request after a simulated round trip, with every
 * tenant's limit at the spec's 1000 requests but a window `scale` times shorter than a minute, so that
 * a run bounded by the budget takes `scale` times less of it. The child writes the target contract
 * (credentials, TARGET_CA_FILE) to a file the conformance run reads through KIT_ENV_FILE: in a private
 * temporary folder, not among the outputs, deleted with the server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_LIMIT_VARIABLES } from '../contract/index.ts';
import { DEFAULT_RATE_LIMIT } from '../spec/index.ts';
import { kitCommandArguments } from '../utilities/kit-root.ts';

export interface RemoteRehearsal {
  /** The target contract of the running server, for KIT_ENV_FILE. */
  readonly envFile: string;
  readonly limit: { readonly requestsPerWindow: number; readonly windowSeconds: number };
  readonly latencyMs: number;
  close(): Promise<void>;
}

const READY = /listening on https:\/\//;
const START_TIMEOUT_MS = 30_000;

export const startRemoteRehearsal = (options: {
  readonly scale: number;
  readonly latencyMs: number;
  readonly env: NodeJS.ProcessEnv;
  /** A broken deployment: the reference's mutants, a comma list (REFERENCE_MUTANT). */
  readonly mutants?: readonly string[];
}): Promise<RemoteRehearsal> => {
  const limit = {
    requestsPerWindow: DEFAULT_RATE_LIMIT.requests,
    windowSeconds: Math.max(1, Math.round(DEFAULT_RATE_LIMIT.windowSeconds / options.scale)),
  };
  const folder = mkdtempSync(join(tmpdir(), 'kit-bench-rehearsal-'));
  const envFile = join(folder, 'credentials.env');
  const child: ChildProcess = spawn(process.execPath, kitCommandArguments(['reference']), {
    env: {
      ...options.env,
      REFERENCE_PORT: '0',
      REFERENCE_HTTPS: 'true',
      REFERENCE_LATENCY_MS: String(options.latencyMs),
      REFERENCE_CREDENTIALS_FILE: envFile,
      [SHARED_LIMIT_VARIABLES.requestsPerWindow]: String(limit.requestsPerWindow),
      [SHARED_LIMIT_VARIABLES.windowSeconds]: String(limit.windowSeconds),
      ...(options.mutants?.length ? { REFERENCE_MUTANT: options.mutants.join(',') } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeFolder);
  const close = (): Promise<void> =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('close', () => done());
      child.kill('SIGTERM');
    }).then(() => {
      removeFolder();
      process.off('exit', removeFolder);
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`the rehearsal server did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        resolve({ envFile, limit, latencyMs: options.latencyMs, close });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`the rehearsal server stopped (exit ${code}): ${output.trim().split('\n')[0] ?? ''}`));
    });
  });
};
