// The header that carries a visitor's address to PocketBase, named after the secret the site shares with it
// (CHORUS_PROXY_SECRET): PocketBase trusts that name (pb_hooks/platform/client-address.pb.js derives the same one), and
// whoever lacks the secret cannot send it. Server-side only (node:crypto); the site, tests and benches use it.
import { createHash } from 'node:crypto';

let last = { secret: '', header: '' };

/** `X-Chorus-Ip-` and the first 32 hex digits of the secret's SHA-256. */
export function clientAddressHeader(secret) {
  if (last.secret !== secret) {
    last = { secret, header: `X-Chorus-Ip-${createHash('sha256').update(secret).digest('hex').slice(0, 32)}` };
  }
  return last.header;
}

/** The headers that name `address` as the visitor's to PocketBase: none without a secret or an address. */
export function forwardedAddress(secret, address) {
  return secret && address ? { [clientAddressHeader(secret)]: address } : {};
}
