// A PocketBase test client whose requests all come from one address of its own, named with the header the site's
// proxy secret derives (src/lib/pb/client-address.mjs), as the site names each visitor's: PocketBase's rate limits
// count per address, so each test member signs in from their own machine, as on a real board. One home for
// integration tests (tests/support/pocketbase.ts) and end-to-end ones (tests/e2e/own-address.ts).
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';

/** A client whose every request names `address` as the visitor's (trusted by a PocketBase given `proxySecret`). */
export function clientFromAddress(url: string, proxySecret: string, address: string): PocketBase {
  const named = forwardedAddress(proxySecret, address);
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, headers: { ...(options.headers as Record<string, string>), ...named } },
  });
  return pb;
}
