// The local edge resends a request whose kept-alive socket the origin closed as it was reused, instead of a 502.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startLocalEdge } from '../../tools/lib/local-edge/server.mjs';
import { freePorts } from '../../tools/lib/ports.mjs';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An origin that answers the first request on each socket, then drops the socket as the next one arrives. */
async function originDroppingReusedSockets(): Promise<{ server: Server; port: number; answered: () => number }> {
  let answered = 0;
  const server = createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: boolean };
    if (socket.served) {
      socket.destroy();
      return;
    }
    socket.served = true;
    answered += 1;
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(`answer ${answered}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => new Promise<void>((done) => server.close(() => done())));
  return { server, port: (server.address() as AddressInfo).port, answered: () => answered };
}

it('a GET and a POST on a socket the origin dropped are sent again on a new one, once', async () => {
  const origin = await originDroppingReusedSockets();
  const assetsDir = mkdtempSync(join(tmpdir(), 'chorus-edge-assets-'));
  cleanups.push(() => rmSync(assetsDir, { recursive: true, force: true }));
  const [port, controlPort] = await freePorts(2);
  const edge = await startLocalEdge({ port, originPort: origin.port, controlPort, assetsDir });
  cleanups.push(() => edge.stop());

  const first = await fetch(`${edge.url}/a`);
  expect([first.status, await first.text()]).toEqual([200, 'answer 1']);
  // The edge reuses its kept-alive socket; the origin drops it, so the request must go out again.
  const second = await fetch(`${edge.url}/b`);
  expect([second.status, await second.text()]).toEqual([200, 'answer 2']);
  const posted = await fetch(`${edge.url}/c`, { method: 'POST', body: 'x' });
  expect([posted.status, await posted.text()]).toEqual([200, 'answer 3']);
  expect(origin.answered()).toBe(3);
});

it('an origin that is gone still answers 502, after one attempt', async () => {
  const assetsDir = mkdtempSync(join(tmpdir(), 'chorus-edge-assets-'));
  cleanups.push(() => rmSync(assetsDir, { recursive: true, force: true }));
  const [port, controlPort, deadPort] = await freePorts(3);
  const edge = await startLocalEdge({ port, originPort: deadPort, controlPort, assetsDir });
  cleanups.push(() => edge.stop());
  const response = await fetch(`${edge.url}/`);
  expect(response.status).toBe(502);
  expect(await response.text()).toContain('the Worker did not answer');
});
