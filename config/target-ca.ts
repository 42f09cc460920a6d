/**
 * Trusting a target's certificate (TARGET_CA_FILE) in every process of a run. Node reads
 * NODE_EXTRA_CA_CERTS once, when a process starts: the run's own process trusts the file through an
 * undici dispatcher, and the processes it starts (Playwright and its workers) through that variable.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rootCertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import type { Target } from './target.ts';

/**
 * The environment that makes a child process trust the target's CA file: NODE_EXTRA_CA_CERTS names it,
 * or, when the user already trusts another file that way, a bundle of both (in the temp folder).
 */
export const caTrustEnvironment = (
  target: Pick<Target, 'caFile'>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> => {
  if (target.caFile === undefined) return {};
  const already = env.NODE_EXTRA_CA_CERTS?.trim();
  if (!already || resolve(already) === target.caFile) return { NODE_EXTRA_CA_CERTS: target.caFile };
  const bundle = `${readFileSync(already, 'utf8').trim()}\n${readFileSync(target.caFile, 'utf8').trim()}\n`;
  const file = join(tmpdir(), `kit-ca-${createHash('sha256').update(bundle).digest('hex').slice(0, 16)}.pem`);
  writeFileSync(file, bundle, { mode: 0o644 });
  return { NODE_EXTRA_CA_CERTS: file };
};

/** An undici dispatcher of this process that trusts the public CAs and the target's CA file. */
export const caTrustingDispatcher = (target: Pick<Target, 'caFile'>): Dispatcher | undefined =>
  target.caFile === undefined
    ? undefined
    : new Agent({ connect: { ca: [...rootCertificates, readFileSync(target.caFile, 'utf8')] } });
