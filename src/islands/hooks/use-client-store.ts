// A store's value for an island that hydrates with what the server rendered (`serverValue`) and
// then follows the store. React does not patch attributes that differ at hydration, so reading the
// live value during hydration could leave stale markup (e.g. a vote count) on the page.
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => serverValue,
  );
}
