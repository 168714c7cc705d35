// A site deployed to Cloudflare finds ideas by meaning with nothing set up (issue 38): PocketBase, holding the
// site's address and edge secret (EDGE_URL, EDGE_PURGE_SECRET) and no CHORUS_AI_URL, asks the Worker's Workers AI
// route for embeddings, with the edge secret and bge-m3, and an idea is embedded right after it is saved (the
// save wakes the job; no minute's wait). The Worker is played by a local server forwarding the route to the AI
// stand-in (the route's own shapes: tests/unit/edge/ai-embeddings.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AiStandIn, startAi } from '../../support/ai';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { createActors, createBoard, createPost } from '../../support/world';

const SECRET = 'an-edge-secret-for-this-test-0123456789';
let ai: AiStandIn;
let worker: Server;
let pb: TestPocketBase;
const asked: { authorization: string; model: string }[] = [];

beforeAll(async () => {
  ai = await startAi();
  worker = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (request.url !== '/edge/ai/v1/embeddings') {
        response.writeHead(200).end('{}'); // publishes
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
      asked.push({ authorization: String(request.headers.authorization), model: body.model });
      const answer = await fetch(`${ai.url}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: ai.model, input: body.input }),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve));
  const edge = `http://127.0.0.1:${(worker.address() as AddressInfo).port}`;
  pb = await startTestPocketBase({ env: { CHORUS_AI_URL: '', EDGE_URL: edge, EDGE_PURGE_SECRET: SECRET } });
}, 120_000);
afterAll(async () => {
  await pb?.stop();
  await ai?.stop();
  await new Promise((resolve) => worker?.close(resolve));
});

it('embeds a new idea through the Worker’s Workers AI route right after it is saved, with the edge secret', async () => {
  const actors = await createActors(pb);
  const board = await createBoard(pb, 'public');
  await createPost(pb, board, actors.member, { title: 'Keyboard shortcuts', body: 'Move between ideas.' });
  const deadline = Date.now() + 10_000; // well before the job's next minute, most runs
  let status = { configured: false, model: '', indexed: 0, total: 0 };
  while (Date.now() < deadline) {
    status = await pb.admin.send('/api/chorus/ai/status', {});
    if (status.total > 0 && status.indexed === status.total) break;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  expect(status).toMatchObject({ configured: true, model: '@cf/baai/bge-m3', indexed: 1, total: 1 });
  expect(asked[0]).toEqual({ authorization: `Bearer ${SECRET}`, model: '@cf/baai/bge-m3' });
});
