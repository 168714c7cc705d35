// The one seam through which every store reaches PocketBase: the tab's shared client in the browser,
// any client (signed in as anyone) in tests, so stores run against a real PocketBase in Node.
import { getBrowserClient, type PocketBase } from '../lib/pb/client';

let current: PocketBase | undefined;

/** Points every store at this client (tests; one tab per module instance). */
export function setStoreClient(pb: PocketBase): void {
  current = pb;
}

export function getClient(): PocketBase {
  current ??= getBrowserClient();
  return current;
}
