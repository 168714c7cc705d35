// The live edge under attack: a publish without the shared secret, or with a private record in it, changes
// nothing any socket sees; one address cannot hold more than its share of sockets.
import { MAX_SOCKETS_PER_ADDRESS } from '../../../src/lib/live/protocol';
import { expect, test } from '../fixtures';
import { createIdea } from '../ideas-helpers';

/** Opens a socket to /live as `address` (the local edge keeps a CF-Connecting-IP the request carries). */
function openSocket(baseURL: string, address: string): Promise<WebSocket | null> {
  const url = new URL('/live', baseURL);
  url.protocol = 'ws:';
  const WebSocketWithHeaders = WebSocket as unknown as new (url: string, options: object) => WebSocket;
  const socket = new WebSocketWithHeaders(url.href, { headers: { 'cf-connecting-ip': address } });
  return new Promise((resolve) => {
    socket.onopen = () => resolve(socket);
    socket.onerror = () => resolve(null);
  });
}

test('forged publishes are refused and reach no socket', async ({ request, admin, baseURL, createMember }) => {
  const author = await createMember();
  const id = await createIdea(admin, { author: author.id, title: `Forgery target ${Date.now().toString(36)}` });
  const socket = await openSocket(baseURL as string, '198.51.100.7');
  if (!socket) throw new Error('The live socket did not open.');
  const heard: string[] = [];
  socket.onmessage = (event) => heard.push(String(event.data));
  socket.send(JSON.stringify({ sub: [`idea:${id}`, `comments:${id}`], id: 1 }));
  await expect.poll(() => heard.some((m) => m.includes('"ack"'))).toBe(true);
  heard.length = 0;

  const secret = process.env.E2E_EDGE_PURGE_SECRET ?? '';
  const seq = Date.now() * 1000;
  const forgedCount = { seq, collection: 'post_live', action: 'update', record: { id, vote_count: 9999 } };
  const internal = {
    seq: seq + 1,
    collection: 'comments',
    action: 'create',
    post: id,
    record: { id: 'aaaaaaaaaaaaaaa', body: 'forged internal note', internal: true },
  };
  const privateTopic = {
    seq: seq + 2,
    collection: 'notifications',
    action: 'create',
    record: { id: 'bbbbbbbbbbbbbbb' },
  };
  const publish = (authorization: string | undefined, changes: unknown[]) =>
    request.post('/edge/publish', {
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      data: { changes, tags: [] },
    });
  expect((await publish(undefined, [forgedCount])).status()).toBe(401);
  expect((await publish(`Bearer ${secret}x`, [forgedCount])).status()).toBe(401);
  expect((await publish(`Bearer ${secret}`, [internal])).status()).toBe(400);
  expect((await publish(`Bearer ${secret}`, [privateTopic])).status()).toBe(400);
  expect((await publish(`Bearer ${secret}`, [forgedCount, internal])).status()).toBe(400);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(heard).toEqual([]);
  socket.close();
});

test('one address cannot open more than its share of live sockets', async ({ baseURL }) => {
  const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
  const sockets = await Promise.all(
    Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, () => openSocket(baseURL as string, address)),
  );
  expect(sockets.filter(Boolean)).toHaveLength(MAX_SOCKETS_PER_ADDRESS);
  expect(await openSocket(baseURL as string, address)).toBeNull();
  // Another address is not affected.
  const neighbour = await openSocket(baseURL as string, '192.0.2.55');
  expect(neighbour).not.toBeNull();
  neighbour?.close();
  for (const socket of sockets) socket?.close();
  // Once they are closed, the address may connect again.
  await expect.poll(async () => Boolean(await openSocket(baseURL as string, address)), { timeout: 10_000 }).toBe(true);
});
