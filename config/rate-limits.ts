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
import {
  LIMIT_VARIABLE_NAMES,
  type LimitVariables,
  REMOTE_DEFAULT_LIMIT,
  SHARED_LIMIT_VARIABLES,
  TENANT_NAMES,
  TENANT_VARIABLES,
  type TenantName,
} from '../contract/index.ts';

export {
  LIMIT_VARIABLE_NAMES,
  type LimitVariables,
  REMOTE_DEFAULT_LIMIT,
  SHARED_LIMIT_VARIABLES,
  TENANT_NAMES,
  type TenantName,
};

export interface RateLimitSettings {
  readonly requestsPerWindow: number;
  readonly windowSeconds: number;
}

/** Every tenant's limit, configured or not (a tenant without credentials still has a limit). */
export type TenantLimits = Readonly<Record<TenantName, RateLimitSettings>>;

/** The variables of each tenant's own limit. */
export const TENANT_LIMIT_VARIABLES: Readonly<Record<TenantName, LimitVariables>> = TENANT_VARIABLES;

/** The reference server's window when only a shared limit is set: seconds, not a minute. */
export const EMBEDDED_WINDOW_SECONDS = 5;

/** The reference server's defaults: see the file's comment. */
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

/** The limits as target-contract variables: every tenant's own pair (what the reference server hands the run). */
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
