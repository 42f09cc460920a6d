/**
 * Made-up tenants for local capacity runs: fresh client ids and tokens (sandbox by default), each
 * with the same limit, written as a tenants file (lib/tenants-file.ts) readable by its owner only,
 * since it holds tokens. `npm run load:tenants -- --count 50 [--limit 1000] [--window 60]
 * [--production] --out <file>`; `npm run reference` serves the tenants of such a file, and
 * `npm run load:capacity` starts the embedded server with them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOKEN_PREFIXES } from '../spec/http-interface.ts';
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

const USAGE =
  'usage: npm run load:tenants -- --count <n> [--limit <requests per window>] [--window <seconds>] [--production] --out <file>';

export const parseTenantsArguments = (
  argv: readonly string[],
): (TenantsRequest & { out: string }) | string => {
  const values = new Map<string, string>();
  let environment: TenantsRequest['environment'] = 'sandbox';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--production') environment = 'production';
    else if (['--count', '--limit', '--window', '--out'].includes(arg) && argv[i + 1] !== undefined) {
      values.set(arg, argv[i + 1] as string);
      i += 1;
    } else return `unexpected argument ${arg}; ${USAGE}`;
  }
  const whole = (name: string, fallback: number | undefined, max: number): number | string => {
    const raw = values.get(name);
    if (raw === undefined) return fallback ?? `${name} is required; ${USAGE}`;
    return /^[1-9]\d*$/.test(raw) && Number(raw) <= max
      ? Number(raw)
      : `${name} must be a whole number from 1 to ${max}`;
  };
  const count = whole('--count', undefined, MAX_TENANTS);
  const limit = whole('--limit', 1000, 10_000_000);
  const window = whole('--window', 60, 3600);
  const out = values.get('--out');
  for (const v of [count, limit, window]) if (typeof v === 'string') return v;
  if (out === undefined) return `--out is required; ${USAGE}`;
  return {
    count: count as number,
    requestsPerWindow: limit as number,
    windowSeconds: window as number,
    environment,
    out: resolve(out),
  };
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const parsed = parseTenantsArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    process.stderr.write(`load:tenants: ${parsed}\n`);
    process.exit(2);
  }
  try {
    writeTenantsFile(parsed.out, generateCapacityTenants(parsed));
  } catch (error) {
    process.stderr.write(
      `load:tenants: could not write ${parsed.out}: ${(error as Error).message.split('\n')[0]}\n`,
    );
    process.exit(2);
  }
  process.stdout.write(
    `load:tenants: ${parsed.count} ${parsed.environment} tenants, ${parsed.requestsPerWindow} requests per ${parsed.windowSeconds} s each, in ${relative(process.cwd(), parsed.out)} (secrets: keep it private)\n`,
  );
}
