// What both local tracker servers share: a JSON HTTP server on a free loopback port that records each call,
// checks the token, and can go down (503) to show that a tracker that is down never blocks Chorus.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowOutbound } from './outbound-allow';

export interface TrackerCall {
  method: string;
  path: string;
  body: unknown;
}

export type JsonAnswer = { status: number; body: unknown };
export type Handler = (call: TrackerCall, authorization: string) => JsonAnswer;

export async function startJsonServer(handle: Handler) {
  const calls: TrackerCall[] = [];
  // Down for every call, or for calls whose path contains `only`.
  let down: false | { only?: string } = false;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const call = { method: req.method ?? 'GET', path: req.url ?? '/', body };
    calls.push(call);
    const answer =
      down && (!down.only || call.path.includes(down.only))
        ? { status: 503, body: { message: 'Service Unavailable' } }
        : handle(call, String(req.headers.authorization ?? ''));
    res
      .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  allowOutbound(url); // the test's PocketBase may call here
  return {
    url,
    calls,
    setDown(value: boolean, only?: string) {
      down = value ? (only ? { only } : {}) : false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** HMAC-SHA256 of `body` with `secret`, in hex (how GitHub and Linear both sign). */
export async function hmacHex(secret: string, body: string): Promise<string> {
  const { createHmac } = await import('node:crypto');
  return createHmac('sha256', secret).update(body).digest('hex');
}
