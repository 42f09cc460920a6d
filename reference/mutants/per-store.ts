/** State a mutant keeps beside a server's store, made on first use: each server its own. */
import type { EventStore } from '../event-store.ts';

export const perStore = <T extends object>(make: () => T): ((store: EventStore) => T) => {
  const states = new WeakMap<EventStore, T>();
  return (store) => {
    let state = states.get(store);
    if (!state) {
      state = make();
      states.set(store, state);
    }
    return state;
  };
};
