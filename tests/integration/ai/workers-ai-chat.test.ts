// On Cloudflare the chat model is Workers AI through the Worker, as embeddings are (issue 61): PocketBase, holding the
// site's address and edge secret (EDGE_URL, EDGE_PURGE_SECRET), no CHORUS_AI_URL and a `@cf/` CHORUS_AI_CHAT_MODEL,
// asks the Worker's POST /edge/ai/v1/chat/completions with the edge secret. The Worker is played by a local server
// that forwards that route to the chat stand-in (the route's own shapes: tests/unit/edge/ai-chat.test.ts) and
// refuses embeddings as a Worker without Workers AI bound does (503), so the pair below is paired by words only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChatServer, startChatServer } from '../../support/chat-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { createActors, createBoard, createPost } from '../../support/world';

const SECRET = 'an-edge-secret-for-this-test-0123456789';
const CHAT_KEY = 'sk-chat-behind-the-worker-0123456789';
const MODEL = '@cf/meta/llama-3.1-8b-instruct';
let chat: ChatServer;
let worker: Server;
let pb: TestPocketBase;
const asked: { path: string; authorization: string }[] = [];

beforeAll(async () => {
  chat = await startChatServer({ key: CHAT_KEY });
  chat.answer(() => ({ json: { same: true, reason: 'Both want per-channel Slack messages.' } }));
  worker = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      asked.push({ path: String(request.url), authorization: String(request.headers.authorization) });
      if (request.url === '/edge/ai/v1/embeddings') {
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"error": "not bound"}');
        return;
      }
      if (request.url !== '/edge/ai/v1/chat/completions') {
        response.writeHead(200).end('{}'); // publishes
        return;
      }
      const answer = await fetch(`${chat.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${CHAT_KEY}` },
        body: Buffer.concat(chunks),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve));
  const edge = `http://127.0.0.1:${(worker.address() as AddressInfo).port}`;
  pb = await startTestPocketBase({
    env: { CHORUS_AI_URL: '', EDGE_URL: edge, EDGE_PURGE_SECRET: SECRET, CHORUS_AI_CHAT_MODEL: MODEL },
  });
}, 120_000);
afterAll(async () => {
  await pb?.stop();
  await chat?.stop();
  await new Promise((resolve) => worker?.close(resolve));
});

it('confirms a borderline pair by asking the Worker’s Workers AI chat route with the edge secret', async () => {
  const actors = await createActors(pb);
  const board = await createBoard(pb, 'public');
  const older = await createPost(pb, board, actors.member, { title: 'Slack notifications per channel kq1 kq2 kq3' });
  const newer = await createPost(pb, board, actors.member, { title: 'Slack alerts per channel kq1 kq2 kq3' });
  await expect
    .poll(
      async () => {
        await pb.admin.crons.run('chorus_duplicates');
        const rows = await pb.admin.collection('duplicate_suggestions').getFullList({
          filter: pb.admin.filter('post = {:a} || post = {:b}', { a: older.id, b: newer.id }),
        });
        return rows[0]?.confirmation;
      },
      { timeout: 15_000 },
    )
    .toBe('confirmed');
  expect(asked.filter((one) => one.path === '/edge/ai/v1/chat/completions')).toEqual([
    { path: '/edge/ai/v1/chat/completions', authorization: `Bearer ${SECRET}` },
  ]);
  expect(chat.requests[0]).toMatchObject({ model: MODEL, temperature: 0, response_format: { type: 'json_object' } });
  const status = await actors.admin.send('/api/chorus/ai/chat', {});
  expect(status).toMatchObject({ configured: true, model: MODEL });
  expect(JSON.stringify(status)).not.toContain(SECRET);
});
