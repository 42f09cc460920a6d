/**
 * The tenants file of a capacity run: every tenant's client id, token and own limit, as JSON.
 *
 *   { "tenants": [ { "name": "t001", "clientId": "<uuid>", "accessToken": "svc_test_…",
 *                    "requestsPerWindow": 1000, "windowSeconds": 60 } ] }
 *
 * `accessToken` may be of any prefix; the environment is decided as for the conformance run
 * (contract/environment.ts: a prefix not the spec's needs TARGET_ENVIRONMENT, and tokens of both
 * environments are refused). `name` (letters, digits, `_`, `-`; default `t001`, `t002`, … by position) is what reports and k6
 * tags show: the client id and the token never appear in any output. `windowSeconds` defaults to 60,
 * the spec's minute. The file holds secrets: the kit reads it, never prints it, and an error names
 * the tenant by its position and name, never by a value. Pure and k6-safe: no k6 import, no Node API.
 */
import { isUuid } from '../../spec/uuid.ts';
import { LoadSetupError } from './env.ts';

export interface CapacityTenant {
  readonly name: string;
  readonly clientId: string;
  readonly accessToken: string;
  readonly requestsPerWindow: number;
  readonly windowSeconds: number;
}

export const MAX_TENANTS = 1000;
const MAX_WINDOW_SECONDS = 3600;
const MAX_REQUESTS_PER_WINDOW = 10_000_000;
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The default name of the tenant at `index` (0-based): t001, t002, … */
export const defaultTenantName = (index: number): string => `t${String(index + 1).padStart(3, '0')}`;

const wholeNumber = (value: unknown, fallback: number | undefined, max: number): number | undefined => {
  if (value === undefined) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max
    ? value
    : undefined;
};

const KNOWN_FIELDS = new Set(['name', 'clientId', 'accessToken', 'requestsPerWindow', 'windowSeconds']);

const tenantAt = (entry: unknown, index: number): CapacityTenant => {
  const at = `tenant ${index + 1}`;
  if (!isRecord(entry)) throw new LoadSetupError(`${at} is not an object`);
  const unknown = Object.keys(entry).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) throw new LoadSetupError(`${at} has unknown field(s): ${unknown.join(', ')}`);
  const name = entry.name === undefined ? defaultTenantName(index) : entry.name;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    throw new LoadSetupError(`${at}: name must be 1 to 40 letters, digits, _ or -`);
  }
  const label = `${at} (${name})`;
  if (typeof entry.clientId !== 'string' || !isUuid(entry.clientId)) {
    throw new LoadSetupError(`${label}: clientId must be a UUID`);
  }
  const token = entry.accessToken;
  // Its prefix decides nothing here: the contract's environment decision reads it (capacity-plan.ts).
  if (typeof token !== 'string' || token.trim() === '') {
    throw new LoadSetupError(`${label}: accessToken must be a non-empty string`);
  }
  const requestsPerWindow = wholeNumber(entry.requestsPerWindow, undefined, MAX_REQUESTS_PER_WINDOW);
  if (requestsPerWindow === undefined) {
    throw new LoadSetupError(
      `${label}: requestsPerWindow must be a whole number from 1 to ${MAX_REQUESTS_PER_WINDOW}`,
    );
  }
  const windowSeconds = wholeNumber(entry.windowSeconds, 60, MAX_WINDOW_SECONDS);
  if (windowSeconds === undefined) {
    throw new LoadSetupError(
      `${label}: windowSeconds must be a whole number from 1 to ${MAX_WINDOW_SECONDS}`,
    );
  }
  return Object.freeze({
    name,
    clientId: entry.clientId,
    accessToken: token as string,
    requestsPerWindow,
    windowSeconds,
  });
};

/** Every tenant of a tenants file's text, checked; `source` names the file in errors. */
export const parseTenantsFile = (text: string, source: string): readonly CapacityTenant[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LoadSetupError(`${source} is not JSON (the tenants file format is in load/README.md)`);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.tenants)) {
    throw new LoadSetupError(`${source} must be an object with a "tenants" array`);
  }
  const entries: unknown[] = parsed.tenants;
  if (entries.length === 0 || entries.length > MAX_TENANTS) {
    throw new LoadSetupError(`${source} must list 1 to ${MAX_TENANTS} tenants; it lists ${entries.length}`);
  }
  const tenants = entries.map((entry, index) => {
    try {
      return tenantAt(entry, index);
    } catch (error) {
      throw new LoadSetupError(`${source}: ${(error as Error).message}`);
    }
  });
  const seen = { names: new Set<string>(), ids: new Set<string>(), tokens: new Set<string>() };
  for (const [index, tenant] of tenants.entries()) {
    const at = `${source}: tenant ${index + 1} (${tenant.name})`;
    if (seen.names.has(tenant.name)) throw new LoadSetupError(`${at}: name is used twice`);
    if (seen.ids.has(tenant.clientId.toLowerCase()))
      throw new LoadSetupError(`${at}: clientId is used twice`);
    if (seen.tokens.has(tenant.accessToken)) throw new LoadSetupError(`${at}: accessToken is used twice`);
    seen.names.add(tenant.name);
    seen.ids.add(tenant.clientId.toLowerCase());
    seen.tokens.add(tenant.accessToken);
  }
  return Object.freeze(tenants);
};

/** A tenants file's text for these tenants (what `fei-kit load tenants` writes). */
export const tenantsFileText = (tenants: readonly CapacityTenant[]): string =>
  `${JSON.stringify({ tenants }, null, 2)}\n`;
