// False in the server's HTML and during hydration, true once the island runs in the browser.
// Forms keep their submit button disabled until then, so nothing is submitted (or lost) before JS is ready.
import { useSyncExternalStore } from 'react';

const noop = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
