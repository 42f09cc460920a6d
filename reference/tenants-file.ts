/**
 * Extra tenants for `fei-kit reference` (REFERENCE_TENANTS_FILE): the kit's tenants file, JSON,
 *
 *   { "tenants": [ { "name": "t001", "clientId": "<uuid>", "accessToken": "svc_test_…",
 *                    "requestsPerWindow": 1000, "windowSeconds": 60 } ] }
 *
 * each served beside the seeded A, B and RATE_LIMIT with its own limit (`name` defaults to t001,
 * t002, … by position; `windowSeconds` to 60). The server's own reading of the format: the tenant
 * directory checks ids and tokens as for any tenant. Errors name the tenant by position, never a value.
 */
import { readFileSync } from 'node:fs';
import type { RateLimitOptions, SeededTenant } from './types.ts';

export interface FileTenants {
  readonly tenants: readonly SeededTenant[];
  readonly limits: Readonly<Record<string, RateLimitOptions>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const positiveWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

export const readTenantsFile = (file: string): FileTenants => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ? 'cannot be read' : 'is not JSON';
    throw new Error(`REFERENCE_TENANTS_FILE ${file} ${reason}`);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.tenants) || parsed.tenants.length === 0) {
    throw new Error(`REFERENCE_TENANTS_FILE ${file} must be an object with a non-empty "tenants" array`);
  }
  const tenants: SeededTenant[] = [];
  const limits: Record<string, RateLimitOptions> = {};
  parsed.tenants.forEach((entry: unknown, index: number) => {
    const at = `REFERENCE_TENANTS_FILE: tenant ${index + 1}`;
    if (!isRecord(entry)) throw new Error(`${at} is not an object`);
    const name = entry.name ?? `t${String(index + 1).padStart(3, '0')}`;
    if (typeof name !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(name)) {
      throw new Error(`${at}: name must be 1 to 40 letters, digits, _ or -`);
    }
    const windowSeconds = entry.windowSeconds ?? 60;
    if (!positiveWhole(entry.requestsPerWindow) || !positiveWhole(windowSeconds)) {
      throw new Error(`${at} (${name}): requestsPerWindow and windowSeconds must be positive whole numbers`);
    }
    if (typeof entry.clientId !== 'string' || typeof entry.accessToken !== 'string') {
      throw new Error(`${at} (${name}): clientId and accessToken must be strings`);
    }
    tenants.push({ name, clientId: entry.clientId, accessToken: entry.accessToken });
    limits[name] = { requestsPerWindow: entry.requestsPerWindow, windowSeconds };
  });
  return { tenants, limits };
};
