/**
 * Each tenant's rate limit (part 8: "1000 requests per minute, default … A tenant may request a higher
 * limit"): providers raise limits tenant by tenant, so the target contract has a limit and a window per
 * tenant, with the shared RATE_LIMIT_PER_MINUTE / RATE_LIMIT_WINDOW_SECONDS as their default.
 *
 * A tenant's limit is, variable by variable: its own variable, else the shared one, else the default.
 * The default of a deployment is the spec's 1000 per 60 s for every tenant. The embedded reference
 * server, which the kit starts itself, gives tenants A and B a budget the run never comes near (so the
 * run is not slowed by pacing) and the rate-limit tenant a small limit and a short window (so its checks
 * take seconds); once a shared variable is set, it is every tenant's default there too, as before.
 */
import { DEFAULT_RATE_LIMIT } from '../spec/http-interface.ts';

export interface RateLimitSettings {
  readonly requestsPerWindow: number;
  readonly windowSeconds: number;
}

export const TENANT_NAMES = Object.freeze(['A', 'B', 'RATE_LIMIT'] as const);
export type TenantName = (typeof TENANT_NAMES)[number];

/** Every tenant's limit, configured or not (a tenant without credentials still has a limit). */
export type TenantLimits = Readonly<Record<TenantName, RateLimitSettings>>;

export interface LimitVariables {
  readonly requestsPerWindow: string;
  readonly windowSeconds: string;
}

export const SHARED_LIMIT_VARIABLES: LimitVariables = Object.freeze({
  requestsPerWindow: 'RATE_LIMIT_PER_MINUTE',
  windowSeconds: 'RATE_LIMIT_WINDOW_SECONDS',
});

/** The variables of each tenant's own limit. */
export const TENANT_LIMIT_VARIABLES: Readonly<Record<TenantName, LimitVariables>> = Object.freeze({
  A: {
    requestsPerWindow: 'TENANT_A_RATE_LIMIT_PER_MINUTE',
    windowSeconds: 'TENANT_A_RATE_LIMIT_WINDOW_SECONDS',
  },
  B: {
    requestsPerWindow: 'TENANT_B_RATE_LIMIT_PER_MINUTE',
    windowSeconds: 'TENANT_B_RATE_LIMIT_WINDOW_SECONDS',
  },
  RATE_LIMIT: {
    requestsPerWindow: 'RATE_LIMIT_TENANT_PER_MINUTE',
    windowSeconds: 'RATE_LIMIT_TENANT_WINDOW_SECONDS',
  },
});

/** Every limit variable of the contract, shared ones first. */
export const LIMIT_VARIABLE_NAMES: readonly string[] = Object.freeze([
  SHARED_LIMIT_VARIABLES.requestsPerWindow,
  SHARED_LIMIT_VARIABLES.windowSeconds,
  ...TENANT_NAMES.flatMap((name) => [
    TENANT_LIMIT_VARIABLES[name].requestsPerWindow,
    TENANT_LIMIT_VARIABLES[name].windowSeconds,
  ]),
]);

/** A deployment's default: the spec's, for every tenant. */
export const REMOTE_DEFAULT_LIMIT: RateLimitSettings = Object.freeze({
  requestsPerWindow: DEFAULT_RATE_LIMIT.requests,
  windowSeconds: DEFAULT_RATE_LIMIT.windowSeconds,
});

/** The embedded server's window when only a shared limit is set: seconds, not a minute. */
export const EMBEDDED_WINDOW_SECONDS = 5;

/** The embedded server's defaults: see the file's comment. */
export const EMBEDDED_DEFAULT_LIMITS: TenantLimits = Object.freeze({
  A: Object.freeze({ requestsPerWindow: 100_000, windowSeconds: 10 }),
  B: Object.freeze({ requestsPerWindow: 100_000, windowSeconds: 10 }),
  RATE_LIMIT: Object.freeze({ requestsPerWindow: 50, windowSeconds: 2 }),
});

/** The limit variables as read: undefined where unset. */
export type LimitValues = Readonly<Record<string, number | undefined>>;

/** Each tenant's limit from the variables (see the file's comment for the order). */
export const tenantLimits = (values: LimitValues, embedded: boolean): TenantLimits => {
  const sharedRequests = values[SHARED_LIMIT_VARIABLES.requestsPerWindow];
  const sharedWindow = values[SHARED_LIMIT_VARIABLES.windowSeconds];
  const sharedSet = sharedRequests !== undefined || sharedWindow !== undefined;
  const limitOf = (name: TenantName): RateLimitSettings => {
    const base: RateLimitSettings = !embedded
      ? REMOTE_DEFAULT_LIMIT
      : sharedSet
        ? {
            requestsPerWindow: REMOTE_DEFAULT_LIMIT.requestsPerWindow,
            windowSeconds: EMBEDDED_WINDOW_SECONDS,
          }
        : EMBEDDED_DEFAULT_LIMITS[name];
    const own = TENANT_LIMIT_VARIABLES[name];
    return Object.freeze({
      requestsPerWindow: values[own.requestsPerWindow] ?? sharedRequests ?? base.requestsPerWindow,
      windowSeconds: values[own.windowSeconds] ?? sharedWindow ?? base.windowSeconds,
    });
  };
  return Object.freeze({ A: limitOf('A'), B: limitOf('B'), RATE_LIMIT: limitOf('RATE_LIMIT') });
};

/** The limits as target-contract variables: every tenant's own pair (what the embedded server hands the run). */
export const limitVariables = (limits: TenantLimits): Record<string, string> =>
  Object.fromEntries(
    TENANT_NAMES.flatMap((name) => [
      [TENANT_LIMIT_VARIABLES[name].requestsPerWindow, String(limits[name].requestsPerWindow)],
      [TENANT_LIMIT_VARIABLES[name].windowSeconds, String(limits[name].windowSeconds)],
    ]),
  );

/** `1000 per 60 s`, or per tenant when they differ: `A 1000 per 60 s, B …`. */
export const describeLimits = (limits: TenantLimits, names: readonly TenantName[] = TENANT_NAMES): string => {
  const text = (l: RateLimitSettings) => `${l.requestsPerWindow} per ${l.windowSeconds} s`;
  const distinct = new Set(names.map((name) => text(limits[name])));
  if (distinct.size === 1) return `${[...distinct][0]} per tenant`;
  return names.map((name) => `${name} ${text(limits[name])}`).join(', ');
};
