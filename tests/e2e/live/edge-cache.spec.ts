// The edge cache as a visitor meets it through the local edge (Workers Cache in front of the cached pages'
// entrypoint, Cloudflare's purge rate limit, compression): signed-out pages come from the cache, whatever
// unrelated cookies the visitor carries, until a write purges them; signed-in visitors always reach the Worker
// and never fill the cache; each picked language has its own copy; only PocketBase (holding the secret) may
// purge, and purges over Cloudflare's budget are refused yet the page still becomes right in time.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { publicIdea, withOwnStack } from '../own-stack';
import { SHARED_STACK_GOAL_MS, STALENESS_GOAL_MS } from '../purge-goal';
import { authCookie, clientFor, unique } from '../staff-helpers';

const cacheStatus = async (request: APIRequestContext, path: string, headers: Record<string, string> = {}) => {
  const response = await request.get(path, { headers });
  return { status: response.headers()['cf-cache-status'], response, body: await response.text() };
};

/** The edge's cached copy of `path`, asked for until it answers from its cache, as that answer: a purge of another
 * test's write (or of this test's own setup, sent within the budget) may land between two requests. */
async function cachedCopy(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  let hit: Awaited<ReturnType<typeof cacheStatus>> | undefined;
  await expect
    .poll(
      async () => {
        const answer = await cacheStatus(request, path, headers);
        if (answer.status === 'HIT') hit = answer;
        return answer.status;
      },
      { timeout: 15_000 },
    )
    .toBe('HIT');
  if (!hit) throw new Error(`${path} never came from the cache`);
  return hit;
}

/** Asks until the edge answers from its cache (another test's write may purge it meanwhile). */
const untilCached = async (request: APIRequestContext, path: string) => {
  await cachedCopy(request, path);
};

const untilShown = (request: APIRequestContext, path: string, text: string) =>
  expect.poll(async () => (await cacheStatus(request, path)).body, { timeout: SHARED_STACK_GOAL_MS }).toContain(text);

/** The Worker's purge queue (the shared stack's, or the one at `site`): tags pending, whole tokens it has. */
const purgeQueue = async (
  request: APIRequestContext,
  { site = '', secret = process.env.E2E_EDGE_PURGE_SECRET ?? '' } = {},
) => {
  const headers = { authorization: `Bearer ${secret}` };
  const answer = await request.get(`${site}/edge-cache/purge`, { headers });
  return (await answer.json()) as { pending: number; tokens: number };
};

/** Waits until the Worker's purge queue has sent every purge (earlier writes' purges land asynchronously). */
const purgesSent = (request: APIRequestContext) =>
  expect.poll(async () => (await purgeQueue(request)).pending, { timeout: 45_000 }).toBe(0);

const ANALYTICS_COOKIES = { cookie: '_ga=GA1.1.123456.1700000000; __cf_bm=abc.def-1700000000-1.0; theme=dark' };

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
  await untilShown(request, path, title);
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
  await untilShown(request, `/p/${post.id}`, text);
});

test('a visitor with an analytics cookie gets the cached page', async ({ request, admin }) => {
  const board = await freshBoard(admin);
  const path = `/b/${board['slug']}`;
  await untilCached(request, path);
  const withCookies = await cachedCopy(request, path, ANALYTICS_COOKIES);
  expect(withCookies.body).toContain(board['name']);
});

test('a visitor who picked German gets the German copy and a visitor without the cookie the default', async ({
  request,
  admin,
}) => {
  const board = await freshBoard(admin);
  const path = `/b/${board['slug']}`;
  const german = { cookie: '_ga=GA1.1.1; chorus_lang=de' };
  // Asked for, not waited for once: the other tests' writes keep the shared stack's purge queue busy.
  const picked = await cachedCopy(request, path, german);
  expect(picked.response.headers()['content-language']).toBe('de');
  expect(picked.body).toContain('<html lang="de"');
  const defaultCopy = await cacheStatus(request, path);
  expect(defaultCopy.response.headers()['content-language']).not.toBe('de');
  expect(defaultCopy.body).not.toContain('<html lang="de"');
  await untilCached(request, path);
  expect((await cacheStatus(request, path, ANALYTICS_COOKIES)).response.headers()['content-language']).toBe(
    defaultCopy.response.headers()['content-language'],
  );
});

test("staff never get a cached page; a plain member gets the member audience's, never a visitor's", async ({
  request,
  admin,
  pbUrl,
  createMember,
}) => {
  const board = await freshBoard(admin);
  const path = `/b/${board['slug']}`;
  const [member, staff] = await Promise.all([createMember(), createMember({ role: 'moderator' })]);
  await untilCached(request, path);
  const signedIn = async (who: { email: string; password: string }) => ({
    cookie: authCookie(await clientFor(pbUrl, who.email, who.password)),
  });
  const [memberCookie, staffCookie] = await Promise.all([signedIn(member), signedIn(staff)]);
  for (const headers of [staffCookie, { cookie: `${ANALYTICS_COOKIES.cookie}; ${staffCookie.cookie}` }]) {
    const theirs = await cacheStatus(request, path, headers);
    expect(theirs.status).not.toBe('HIT');
    expect(theirs.response.headers()['cache-control']).toBe('private, no-store');
  }
  // The member: the audience's copy (from the cache once it holds one, whatever other cookies they carry), never the
  // visitor's (which would show them signed out) and never anyone's own.
  for (const headers of [memberCookie, { cookie: `${ANALYTICS_COOKIES.cookie}; ${memberCookie.cookie}` }]) {
    const copies: Awaited<ReturnType<typeof cacheStatus>>[] = [];
    await expect
      .poll(
        async () => {
          const copy = await cacheStatus(request, path, headers);
          copies.push(copy);
          return copy.status;
        },
        { timeout: 15_000 },
      )
      .toBe('HIT');
    const copy = copies.at(-1);
    expect(copy?.response.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(copy?.body).toContain("dataset.session=''");
    expect(copy?.body).not.toContain(member.email);
  }
  // Other tests' writes may purge meanwhile (the shared stack), so the visitor asks until the edge has a copy:
  // had a signed-in page been stored for visitors, that copy would carry the member or staff.
  const visitorCopies: Awaited<ReturnType<typeof cacheStatus>>[] = [];
  await expect
    .poll(
      async () => {
        const copy = await cacheStatus(request, path);
        visitorCopies.push(copy);
        return copy.status;
      },
      { timeout: 15_000 },
    )
    .toBe('HIT');
  const visitor = visitorCopies.at(-1);
  expect(visitor?.body).not.toContain(member.id);
  expect(visitor?.body).not.toContain(staff.id);
  expect(visitor?.body).not.toContain("dataset.session=''");
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
  await purgesSent(request);
  await untilCached(request, path);
  expect((await purge(undefined, [`board:${board.id}`])).status()).toBe(401);
  expect((await purge(`Bearer ${secret}x`, [`board:${board.id}`])).status()).toBe(401);
  expect((await purge(`Bearer ${secret}`, ['everything'])).status()).toBe(400);
  expect((await purge(`Bearer ${secret}`, [])).status()).toBe(400);
  expect((await purge(`Bearer ${secret}`, Array(2000).fill(`board:${board.id}`))).status()).toBe(413);
  expect((await cacheStatus(request, path)).status).toBe('HIT');
  const accepted = await purge(`Bearer ${secret}`, [`board:${board.id}`]);
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toEqual({ queued: [`board:${board.id}`], errors: [] });
  await expect
    .poll(async () => (await cacheStatus(request, path)).status, { timeout: SHARED_STACK_GOAL_MS })
    .not.toBe('HIT');
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

// On a stack of its own: with the shared stack, the other worker's tests write all the while, so the queue's
// own bucket may be empty too and the comment's purge would wait two refills (its token, then the edge's).
test('purges over the budget are refused by the edge, and the page is still right within the goal', async ({
  request,
}) => {
  test.setTimeout(150_000);
  await withOwnStack(async (stack) => {
    const [statsUrl, controlPurge] = [stack.edgeStatsUrl ?? '', stack.edgePurgeUrl ?? ''];
    expect(controlPurge).toMatch(/^http:/);
    const stats = async () => (await (await fetch(statsUrl)).json()) as { calls: number; refused: number };
    const { admin, voter, post } = await publicIdea(stack, { title: unique('Budget idea'), voterName: 'Budget voter' });
    const page = `${stack.siteUrl}/p/${post.id}`;
    // The setup writes' purges go out first (the queue has most of its burst left), then the page is cached.
    const queueIdle = async () => {
      const queue = await purgeQueue(request, { site: stack.siteUrl, secret: stack.edgePurgeSecret });
      return queue.pending === 0 && queue.tokens >= 1;
    };
    await expect.poll(queueIdle, { timeout: 30_000 }).toBe(true);
    await untilCached(request, page);
    // Spend every token behind the queue's back, as another Worker on the zone would (the bucket holds 25).
    const spendBudget = async () => {
      for (let i = 0; i < 30; i++) {
        const response = await fetch(controlPurge, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tags: ['post:zzzzzzzzzzzzzzz'] }),
        });
        if (response.status === 429) return response;
      }
      return undefined;
    };
    const refusal = await spendBudget();
    expect(refusal?.status).toBe(429);
    expect(await refusal?.json()).toMatchObject({ success: false, errors: [{ code: 429 }] });
    // A purge of the setup's that landed after the queue looked idle may have taken the page out meanwhile: then
    // the comment would show on a fresh render, with no purge refused (one run failed so, in 3.6 s). Cached again
    // now, with the budget spent, only the comment's own purge can take it out.
    await untilCached(request, page);
    // And spent again just before the comment: waiting for the copy may outlast a refill (one token every 12 s), and
    // the comment's purge then went through at once, refused by nobody (ci120, on a loaded machine).
    expect((await spendBudget())?.status).toBe(429);
    const whenEmpty = await stats();
    const text = unique('A comment written while the budget is spent');
    const writtenAt = Date.now();
    await admin.collection('comments').create({ post: post.id, author: voter.id, body: text });
    // The queue's call is refused, then it waits one refill (12 s at 5 a minute): ask every 250 ms so the poll
    // adds no second of its own.
    await expect
      .poll(async () => (await cacheStatus(request, page)).body, { timeout: STALENESS_GOAL_MS, intervals: [250] })
      .toContain(text);
    expect(Date.now() - writtenAt).toBeLessThanOrEqual(STALENESS_GOAL_MS);
    // The comment's purge was refused and retried, never dropped, then went through.
    const after = await stats();
    expect(after.calls).toBeGreaterThan(whenEmpty.calls);
    expect(after.refused).toBeGreaterThan(whenEmpty.refused);
  });
});
