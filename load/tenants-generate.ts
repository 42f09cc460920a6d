/**
 * Made-up tenants for local capacity runs: fresh client ids and tokens (sandbox by default), each
 * with the same limit, written as a tenants file (lib/tenants-file.ts) readable by its owner only,
 * since it holds tokens. `fei-kit load tenants --count 50 [--limit 1000] [--window 60] [--production]
 * [--out <file>]`; `fei-kit reference --tenants-file <file>` serves the tenants of such a file, and
 * `fei-kit load capacity` starts the reference server with them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { ConfigError } from '../config/index.ts';
import { describeWholeNumber, parseWholeNumber } from '../contract/index.ts';
import { TOKEN_PREFIXES } from '../spec/http-interface.ts';
import type { SayLine } from '../utilities/console-line.ts';
import { OutputUnwritableError } from '../utilities/output-folder.ts';
import { type CapacityTenant, defaultTenantName, MAX_TENANTS, tenantsFileText } from './lib/tenants-file.ts';

export interface TenantsRequest {
  readonly count: number;
  readonly requestsPerWindow: number;
  readonly windowSeconds: number;
  readonly environment: 'sandbox' | 'production';
}

export const generateCapacityTenants = (request: TenantsRequest): CapacityTenant[] =>
  Array.from({ length: request.count }, (_, index) => ({
    name: defaultTenantName(index),
    clientId: randomUUID(),
    accessToken: `${TOKEN_PREFIXES[request.environment]}${randomBytes(24).toString('base64url')}`,
    requestsPerWindow: request.requestsPerWindow,
    windowSeconds: request.windowSeconds,
  }));

/** Writes a tenants file readable by its owner only (it holds tokens). */
export const writeTenantsFile = (file: string, tenants: readonly CapacityTenant[]): void => {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, tenantsFileText(tenants), { mode: 0o600 });
  chmodSync(file, 0o600); // an existing file keeps its old mode on write
};

export interface TenantsOptions {
  readonly count?: string;
  readonly limit?: string;
  readonly window?: string;
  readonly production?: boolean;
}

/** The request of `fei-kit load tenants`; a ConfigError names the option that is wrong. */
export const tenantsRequestOf = (options: TenantsOptions): TenantsRequest => {
  const whole = (
    name: string,
    text: string | undefined,
    fallback: number | undefined,
    max: number,
  ): number => {
    if (text === undefined) {
      if (fallback === undefined) throw new ConfigError(`--${name} is required`);
      return fallback;
    }
    const value = parseWholeNumber(text, { min: 1, max });
    if (value === undefined)
      throw new ConfigError(`--${name} must be ${describeWholeNumber({ min: 1, max })}`);
    return value;
  };
  return {
    count: whole('count', options.count, undefined, MAX_TENANTS),
    requestsPerWindow: whole('limit', options.limit, 1000, 10_000_000),
    windowSeconds: whole('window', options.window, 60, 3600),
    environment: options.production ? 'production' : 'sandbox',
  };
};

/** Writes the tenants file and says where; its tokens are never printed. */
export const runTenants = (request: TenantsRequest, out: string, say: SayLine): number => {
  try {
    writeTenantsFile(out, generateCapacityTenants(request));
  } catch (error) {
    throw new OutputUnwritableError(out, error, '--out');
  }
  say(
    `${request.count} ${request.environment} tenants, ${request.requestsPerWindow} requests per ${request.windowSeconds} s each, in ${relative(process.cwd(), out)} (secrets: keep it private)`,
  );
  return 0;
};
