/**
 * What every part of a running reference server consults: its environment, its reading of the spec's
 * gaps (behaviour), its hooks (the reference's own, or a mutant's), its clock, and its state (the
 * tenants, the events, the rate limiter). One per app; handlers receive it, nothing is global.
 */
import type { Environment } from '../spec/index.ts';
import type { ReferenceBehaviour } from './behaviour.ts';
import type { EventStore } from './event-store.ts';
import type { TenantBudgets } from './tenant-budgets.ts';
import type { TenantDirectory } from './tenants.ts';

/**
 * Every hook of the server, one interface a concern: each file that calls its hooks declares them and
 * adds them here (`declare module './context.ts'`, as Fastify's own types are extended), so that the
 * context knows every hook without importing the handlers that call them; hooks.ts gives the
 * reference's own.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each concern's file adds its hooks to it
export interface ReferenceHooks {}

export interface ServerContext {
  readonly environment: Environment;
  readonly behaviour: ReferenceBehaviour;
  readonly hooks: ReferenceHooks;
  /** Epoch milliseconds. */
  readonly clock: () => number;
  readonly tenants: TenantDirectory;
  readonly store: EventStore;
  /** Each tenant's rate limit and the limiter that keeps it. */
  readonly budgets: TenantBudgets;
}

/** What the validator needs: the gap readings and the hooks, nothing of the server's state. */
export type ValidationContext = Pick<ServerContext, 'behaviour' | 'hooks'>;
