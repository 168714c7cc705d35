// An open realtime stream costs PocketBase little memory: no JavaScript (a global JS middleware would hold
// one of its JS VMs, about 0.4 MB, for every stream's whole life: issue #8).
import { type ClientRequest, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedAddress } from '../../../src/lib/pb/client-address.mjs';
import { processRssMb } from '../../../tools/lib/bench/cpu-cost.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

const STREAMS = 300;
let pb: TestPocketBase;
const open: ClientRequest[] = [];
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(async () => {
  for (const req of open) req.destroy();
  await pb?.stop();
});

/** Opens a realtime stream for a visitor of its own (as many visitors would, each under the per-address
 * rate limit) and resolves once PocketBase has sent its connect event. */
function openStream(): Promise<void> {
  const n = open.length + 1;
  const headers = { accept: 'text/event-stream', ...forwardedAddress(pb.proxySecret, `10.77.${n >> 8}.${n & 255}`) };
  return new Promise((resolvePromise, reject) => {
    const req = request(`${pb.url}/api/realtime`, { headers });
    open.push(req);
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`realtime answered ${res.statusCode}`));
      res.on('data', (chunk) => {
        if (String(chunk).includes('PB_CONNECT')) resolvePromise();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('realtime streams', () => {
  it(`holds ${STREAMS} open streams in well under 0.1 MB each`, async () => {
    for (let i = 0; i < 20; i++) await openStream(); // warm up PocketBase's pools and buffers
    await new Promise((r) => setTimeout(r, 500));
    const before = processRssMb(pb.pid);
    for (let i = 0; i < STREAMS; i += 50) await Promise.all(Array.from({ length: 50 }, openStream));
    await new Promise((r) => setTimeout(r, 500));
    const grown = processRssMb(pb.pid) - before;
    expect(Number.isNaN(grown)).toBe(false);
    expect(grown).toBeLessThan(STREAMS * 0.1);
  });
});
