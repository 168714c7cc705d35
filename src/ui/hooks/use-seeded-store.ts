// An island's list store seeded with what its page loaded: the page's rows until the store holds its own (set once,
// after hydration, and only while empty: an island of the same page that seeded it first keeps what it changed).
import { useStore } from '@nanostores/react';
import type { WritableAtom } from 'nanostores';
import { useEffect } from 'react';

export function useSeededStore<T>(store: WritableAtom<T | null>, initial: T): T {
  useEffect(() => {
    if (store.get() === null) store.set(initial);
  }, [store, initial]);
  return useStore(store) ?? initial;
}
