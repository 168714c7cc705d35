// The edge cache as a visitor meets it through the local edge (Workers Cache rules, compression):
// signed-out pages come from the cache until a write purges them, signed-in visitors always reach the
// Worker and never fill the cache, and only PocketBase (holding the secret) may purge.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { clientFor, unique } from './staff-helpers';

const cacheStatus = async (request: APIRequestContext, path: string, headers: Record<string, string> = {}) => {
  const response = await request.get(path, { headers });
  return { status: response.headers()['cf-cache-status'], response, body: await response.text() };
};

/** Asks until the edge answers from its cache (another test's write may purge it meanwhile). */
const untilCached = (request: APIRequestContext, path: string) =>
  expect.poll(async () => (await cacheStatus(request, path)).status, { timeout: 15_000 }).toBe('HIT');

async function freshBoard(admin: import('pocketbase').default) {
  const slug = `edge-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return admin.collection('boards').create({ name: `Board ${slug}`, slug, visibility: 'public' });
}

test('a signed-out board page comes from the edge cache until a new idea purges it', async ({ request, admin }) => {
  const board = await freshBoard(admin);
  const path = `/b/${board['slug']}`;
  await untilCached(request, path);
  const author = await admin.collection('users').getFirstListItem('role = "member"');
  const title = unique('Edge cache idea');
  await admin
    .collection('posts')
    .create({ board: board.id, author: author.id, title, body: 'Details.', approved: true });
  const after = await cacheStatus(request, path);
  expect(after.status).toBe('MISS');
  expect(after.body).toContain(title);
  await untilCached(request, path);
  expect((await cacheStatus(request, path)).body).toContain(title);
});

test('an idea page is purged by a comment on it', async ({ request, admin }) => {
  const board = await freshBoard(admin);
  const author = await admin.collection('users').getFirstListItem('role = "member"');
  const post = await admin
    .collection('posts')
    .create({ board: board.id, author: author.id, title: unique('Edge idea'), body: 'Body.', approved: true });
  await untilCached(request, `/p/${post.id}`);
  const text = unique('A comment the cache must not hide');
  await admin.collection('comments').create({ post: post.id, author: author.id, body: text });
  const after = await cacheStatus(request, `/p/${post.id}`);
  expect(after.status).toBe('MISS');
  expect(after.body).toContain(text);
});

test('a signed-in visitor always reaches the Worker and never fills the cache', async ({
  request,
  admin,
  pbUrl,
  createMember,
}) => {
  const board = await freshBoard(admin);
  const path = `/b/${board['slug']}`;
  await untilCached(request, path);
  const member = await createMember();
  const pb = await clientFor(pbUrl, member.email, member.password);
  const cookie = pb.authStore.exportToCookie({ httpOnly: false, secure: false, sameSite: 'Lax', path: '/' }, 'pb_auth');
  const signedIn = { cookie: cookie.split(';')[0] ?? '' };
  for (let i = 0; i < 2; i++) {
    const mine = await cacheStatus(request, path, signedIn);
    expect(mine.status).toBe('BYPASS');
    expect(mine.response.headers()['cache-control']).toBe('private, no-store');
  }
  const visitor = await cacheStatus(request, path);
  expect(visitor.status).toBe('HIT');
  expect(visitor.body).not.toContain(member.id);
});

test('only the shared secret purges, and only well-formed tags', async ({ request, admin }) => {
  const board = await freshBoard(admin);
  const path = `/b/${board['slug']}`;
  const purge = (authorization: string | undefined, tags: unknown) =>
    request.post('/edge-cache/purge', {
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      data: { tags },
    });
  const secret = process.env.E2E_EDGE_PURGE_SECRET ?? '';
  expect(secret.length).toBeGreaterThan(20);
  await untilCached(request, path);
  expect((await purge(undefined, [`board:${board.id}`])).status()).toBe(401);
  expect((await purge(`Bearer ${secret}x`, [`board:${board.id}`])).status()).toBe(401);
  expect((await purge(`Bearer ${secret}`, ['everything'])).status()).toBe(400);
  expect((await purge(`Bearer ${secret}`, [])).status()).toBe(400);
  expect((await purge(`Bearer ${secret}`, Array(2000).fill(`board:${board.id}`))).status()).toBe(413);
  expect((await cacheStatus(request, path)).status).toBe('HIT');
  const accepted = await purge(`Bearer ${secret}`, [`board:${board.id}`]);
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toEqual({ purged: [`board:${board.id}`], errors: [] });
  expect((await cacheStatus(request, path)).status).toBe('MISS');
});

test('pages and scripts reach the browser compressed, as from Cloudflare', async ({ request }) => {
  const br = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.headers()['content-encoding']).toBe('br');
  const gzip = await request.get('/roadmap', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const script = /"(\/_astro\/[^"]+\.js)"/.exec(await br.text())?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  const identity = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
  expect(identity.headers()['content-encoding']).toBeUndefined();
});
