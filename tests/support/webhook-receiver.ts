// A real HTTP receiver for webhook tests: records every request (path, headers, raw body) and answers
// per path with whatever the test decides (a status code, optionally after a delay).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowOutbound } from './outbound-allow';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}
export interface Answer {
  status: number;
  delayMs?: number;
}

export async function startWebhookReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = answers.get(path) ?? { status: 200 };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.status < 300 ? 'ok' : 'nope');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  allowOutbound(`http://127.0.0.1:${port}`); // the test's PocketBase may send here
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path: string, answer: Answer) => answers.set(path, answer),
    /** Waits until `count` requests match, and returns them. */
    async waitFor(match: (r: Received) => boolean, count = 1, timeoutMs = 15_000): Promise<[Received, ...Received[]]> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.filter(match);
        if (found.length >= count && found[0]) return [found[0], ...found.slice(1)];
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`Expected ${count} matching webhook requests, got ${received.filter(match).length}.`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
