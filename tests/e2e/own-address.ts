// A test client of PocketBase with an address of its own (10.<worker>.x.y), named the way the site names each
// visitor's (the header its proxy secret derives, which PocketBase trusts), as each member of a real board comes
// from their own machine: PocketBase's rate limits count per address (sign-ins: 30 in 15 s), and with every test's
// sign-in from 127.0.0.1, three workers running short tests reached them.
import type PocketBase from 'pocketbase';
import { clientFromAddress } from '../support/addressed-client';

let made = 0;

/** A PocketBase client whose requests all come from one address of its own. */
export function clientFromOwnAddress(url: string): PocketBase {
  made += 1;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const address = `10.${worker & 255}.${(made >> 8) & 255}.${made & 255}`;
  return clientFromAddress(url, process.env.E2E_PROXY_SECRET ?? '', address);
}
