/**
 * What every part of a running reference server consults: its environment, its reading of the spec's
 * gaps (behaviour), its hooks (the reference's own, or a mutant's), its clock, and its state (the
 * tenants, the events, the rate limiter). One per app; handlers receive it, nothing is global.
 */
import type { Environment } from '../spec/index.ts';
import type { ReferenceBehaviour } from './behaviour.ts';
import type { EventStore } from './event-store.ts';
import type { ReferenceHooks } from './hooks.ts';
import type { TenantBudgets } from './tenant-budgets.ts';
import type { TenantDirectory } from './tenants.ts';

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
