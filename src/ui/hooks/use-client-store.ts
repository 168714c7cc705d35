// A store's value for an island that renders on the server first: the server value while
// hydrating (so the markup matches), then the browser's (which may come from sessionStorage).
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => serverValue,
  );
}
