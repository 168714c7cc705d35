// The Worker `wrangler deploy` uploads runs as it is, with nothing but its own bindings: the same build, alone
// in workerd (no Miniflare around it, as on Cloudflare), serves a visitor's pages, its scripts and, through its
// own Durable Objects, live updates published to it as PocketBase publishes them.
import { startBareWorker } from '../../../tools/lib/bare-worker.mjs';
import { expect, test } from '../fixtures';
import { createIdea } from '../ideas-helpers';

let worker: Awaited<ReturnType<typeof startBareWorker>>;

test.beforeAll(async () => {
  worker = await startBareWorker({ pbUrl: process.env.E2E_PB_URL, edgePurgeSecret: process.env.E2E_EDGE_PURGE_SECRET });
});

test.afterAll(async () => {
  await worker?.stop();
});

test('a visitor reads the board from the Worker alone in workerd, and a vote shows live', async ({
  page,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const title = 'Served by the deployed Worker alone';
  const id = await createIdea(admin, { author: author.id, title });

  const home = await page.goto(`${worker.url}/`);
  expect(home?.status()).toBe(200);
  // Served through the cached entrypoint, whose edge-only headers stay at the edge.
  expect(home?.headers()['cache-tag']).toBeUndefined();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Its scripts came from the build's assets and subscribed on its /live socket.
  await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  await admin.collection('votes').create({ post: id, user: voter.id });
  // The shared PocketBase publishes to the test stack's Worker: hand this one the idea's new public copy the
  // way PocketBase does (the same route, secret and body).
  const record = await admin.collection('post_live').getOne(id);
  const published = await page.request.post(`${worker.url}/edge/publish`, {
    headers: { authorization: `Bearer ${process.env.E2E_EDGE_PURGE_SECRET}` },
    data: { changes: [{ seq: Date.now() * 1000, collection: 'post_live', action: 'update', record }], tags: [] },
  });
  expect(published.status()).toBe(200);
  await expect(page.getByTestId('vote-count')).toHaveText('1');

  expect((await page.request.get(`${worker.url}/nowhere`)).status()).toBe(404);
});
