// The Worker `wrangler deploy` uploads runs as it is, with nothing but its own bindings: the same build, alone
// in workerd (no Miniflare around it, as on Cloudflare), serves a visitor's pages, its scripts and live updates.
import { startBareWorker } from '../../scripts/lib/bench/bare-worker.mjs';
import { expect, test } from './fixtures';
import { createIdea } from './ideas-helpers';

let worker: Awaited<ReturnType<typeof startBareWorker>>;

test.beforeAll(async () => {
  worker = await startBareWorker({ pbUrl: process.env.E2E_PB_URL });
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
  expect(home?.headers()['cache-tag']).toContain('site');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Its scripts came from the build's assets and reached PocketBase's live stream.
  await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  await admin.collection('votes').create({ post: id, user: voter.id });
  await expect(page.getByTestId('vote-count')).toHaveText('1');

  expect((await page.request.get(`${worker.url}/nowhere`)).status()).toBe(404);
});
