// The site's tracker webhook address (src/features/trackers/ingress.ts) served over real HTTP in Node, in front of a
// test PocketBase, so integration tests deliver events exactly as GitHub and Linear would reach the Worker.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import PocketBase from 'pocketbase';
import { receiveTrackerEvent } from '../../src/features/trackers/ingress';

export async function startTrackerIngress(pbUrl: string, proxySecret: string) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const [, , provider = '', connection = ''] = (req.url ?? '').split('/');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(`http://site${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) });
    const pb = new PocketBase(pbUrl);
    pb.autoCancellation(false);
    const response = await receiveTrackerEvent(request, { pb, proxySecret, provider, connection });
    res.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The address an admin pastes into the tracker for `connection`. */
    addressOf: (provider: string, connection: string) => `${base}/integrations/${provider}/${connection}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
