/**
 * The tenants a reference server knows: generated fresh at start (A, B, RATE_LIMIT) or given by the
 * caller, checked once, and indexed by token and by client id for authentication.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  type Environment,
  isUuid,
  otherEnvironment,
  otherEnvironmentPrefix,
  TOKEN_PREFIXES,
} from '../spec/index.ts';
import type { ReferenceTenants, SeededTenant } from './types.ts';

export const SEEDED_TENANT_NAMES = ['A', 'B', 'RATE_LIMIT'] as const;

/** Sandbox's default allowlist: loopback, in each form a local client may arrive as. */
export const LOOPBACK_ADDRESSES: readonly string[] = Object.freeze(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Generated production tokens expire this long after the server starts (the portal's choice in real life). */
export const GENERATED_PRODUCTION_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Allowlist decisions remembered per tenant before the memory starts over. */
const MAX_REMEMBERED_ADDRESSES = 1024;

/** A fresh token of the environment's prefix (the spec's, unless a mutant issues another). */
export const newAccessToken = (
  environment: Environment,
  prefix: string = TOKEN_PREFIXES[environment],
): string => `${prefix}${randomBytes(24).toString('base64url')}`;

export const generateTenants = (
  environment: Environment,
  now: number,
  prefix: string = TOKEN_PREFIXES[environment],
): readonly SeededTenant[] =>
  Object.freeze(
    SEEDED_TENANT_NAMES.map((name) =>
      Object.freeze({
        name,
        clientId: randomUUID(),
        accessToken: newAccessToken(environment, prefix),
        ...(environment === 'production'
          ? { tokenExpiresAt: new Date(now + GENERATED_PRODUCTION_TOKEN_LIFETIME_MS) }
          : { allowedIps: LOOPBACK_ADDRESSES }),
      }),
    ),
  );

/** A tenant as the server uses it: normalised id, compiled allowlist. */
export interface KnownTenant {
  readonly seeded: SeededTenant;
  /** The client id in lower case: UUIDs compare case-insensitively. */
  readonly id: string;
  /** undefined: any address may call. */
  readonly allowList: BlockList | undefined;
  readonly expiresAt: number | undefined;
}

const compileAllowList = (tenant: SeededTenant): BlockList => {
  const list = new BlockList();
  for (const entry of tenant.allowedIps ?? []) {
    const [address = '', prefix, ...rest] = entry.trim().split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== undefined && (!Number.isInteger(bits) || bits < 0 || bits > maxBits))
    ) {
      throw new Error(
        `Tenant ${tenant.name}: allowedIps entry "${entry}" is not an IP address or CIDR range`,
      );
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
};

export class TenantDirectory {
  readonly tenants: readonly KnownTenant[];
  readonly seeded: ReferenceTenants;
  private readonly byToken = new Map<string, KnownTenant>();
  private readonly byId = new Map<string, KnownTenant>();
  /** Allowlist decisions already taken: tenant id → address → admitted. */
  private readonly admitted = new Map<string, Map<string, boolean>>();
  /** Tokens without their environment prefix: only the token-other-environment-accepted mutant looks here. */
  private readonly bySecret = new Map<string, KnownTenant>();

  readonly environment: Environment;
  /** The prefix of this environment's tokens: the spec's, unless a mutant issues another. */
  readonly prefix: string;
  constructor(
    tenants: readonly SeededTenant[],
    environment: Environment,
    prefix: string = TOKEN_PREFIXES[environment],
  ) {
    this.environment = environment;
    this.prefix = prefix;
    this.tenants = Object.freeze(
      tenants.map((seeded) => {
        const label = `Tenant ${seeded.name || '(unnamed)'}`;
        if (typeof seeded.name !== 'string' || seeded.name === '')
          throw new Error(`${label}: name is required`);
        if (typeof seeded.clientId !== 'string' || !isUuid(seeded.clientId)) {
          throw new Error(`${label}: clientId must be a UUID`);
        }
        if (typeof seeded.accessToken !== 'string' || !seeded.accessToken.startsWith(prefix)) {
          throw new Error(`${label}: accessToken must start with ${prefix} in ${environment}`);
        }
        if (seeded.accessToken.length <= prefix.length)
          throw new Error(`${label}: accessToken is only a prefix`);
        if (seeded.tokenExpiresAt !== undefined && environment === 'sandbox') {
          throw new Error(`${label}: tokenExpiresAt is for production; sandbox tokens never expire`);
        }
        if (seeded.tokenExpiresAt !== undefined && Number.isNaN(seeded.tokenExpiresAt.getTime())) {
          throw new Error(`${label}: tokenExpiresAt is not a valid date`);
        }
        const allowedIps = seeded.allowedIps ?? (environment === 'sandbox' ? LOOPBACK_ADDRESSES : undefined);
        const known: KnownTenant = Object.freeze({
          seeded: Object.freeze({ ...seeded, ...(allowedIps ? { allowedIps } : {}) }),
          id: seeded.clientId.toLowerCase(),
          allowList: allowedIps ? compileAllowList({ ...seeded, allowedIps }) : undefined,
          expiresAt: seeded.tokenExpiresAt?.getTime(),
        });
        if (this.byId.has(known.id)) throw new Error(`${label}: clientId is used by another tenant`);
        if (this.byToken.has(seeded.accessToken))
          throw new Error(`${label}: accessToken is used by another tenant`);
        if (tenants.filter((t) => t.name === seeded.name).length > 1)
          throw new Error(`${label}: name is used twice`);
        this.byId.set(known.id, known);
        this.byToken.set(seeded.accessToken, known);
        this.bySecret.set(seeded.accessToken.slice(prefix.length), known);
        return known;
      }),
    );
    const named = (name: string): SeededTenant => {
      const found = this.tenants.find((t) => t.seeded.name === name);
      if (!found) {
        throw new Error(
          `The tenants must include one named ${name} (the seeded three are ${SEEDED_TENANT_NAMES.join(', ')})`,
        );
      }
      return found.seeded;
    };
    this.seeded = Object.freeze({ A: named('A'), B: named('B'), RATE_LIMIT: named('RATE_LIMIT') });
  }

  byAccessToken(token: string): KnownTenant | undefined {
    return this.byToken.get(token);
  }

  /** The tenant whose token is this one with any environment's prefix removed (mutant use only). */
  byTokenSecret(token: string): KnownTenant | undefined {
    const other = otherEnvironmentPrefix(this.prefix) ?? TOKEN_PREFIXES[otherEnvironment(this.environment)];
    for (const prefix of new Set([this.prefix, other, ...Object.values(TOKEN_PREFIXES)])) {
      if (token.startsWith(prefix)) return this.bySecret.get(token.slice(prefix.length));
    }
    return undefined;
  }

  byClientId(clientId: string): KnownTenant | undefined {
    return this.byId.get(clientId.toLowerCase());
  }

  /** Whether a tenant may call from an address (decisions are remembered per tenant and address). */
  admits(tenant: KnownTenant, address: string | undefined): boolean {
    if (!tenant.allowList) return true;
    if (!address) return false;
    let decisions = this.admitted.get(tenant.id);
    if (!decisions) {
      decisions = new Map();
      this.admitted.set(tenant.id, decisions);
    }
    let admitted = decisions.get(address);
    if (admitted === undefined) {
      const family = isIP(address);
      admitted = family !== 0 && tenant.allowList.check(address, family === 6 ? 'ipv6' : 'ipv4');
      // A bounded memory: a server reached from many addresses starts over rather than grow.
      if (decisions.size >= MAX_REMEMBERED_ADDRESSES) decisions.clear();
      decisions.set(address, admitted);
    }
    return admitted;
  }
}
