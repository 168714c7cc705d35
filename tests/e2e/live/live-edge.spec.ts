// A visitor's idea page is live through the edge (the Worker's sockets and their Durable Objects): a vote,
// a comment and a status change arrive, nothing private does, and PocketBase's own realtime is never asked
// (checked in PocketBase's request log). Runs its own stack, with every PocketBase request logged.
import PocketBase from 'pocketbase';
import { expect, test } from '../fixtures';
import { type OwnStack, publicIdea, VOTER_PASSWORD, withOwnStack } from '../own-stack';

const LOG_EVERY_REQUEST = { pocketbaseEnv: { CHORUS_LOG_SUCCESSFUL_REQUESTS: '1' } };

/**
 * How many of PocketBase's requests so far match `filter`, from its request log. The log is written in batches
 * (every 3 s): a marker request is made, and counted once it shows.
 */
async function loggedRequests(admin: PocketBase, filter: string): Promise<number> {
  const marker = `/api/health?marker=${Math.random().toString(36).slice(2)}`;
  await admin.send(marker, {});
  await expect
    .poll(async () => (await admin.logs.getList(1, 1, { filter: `data.url = '${marker}'` })).totalItems, {
      timeout: 15_000,
    })
    .toBe(1);
  return (await admin.logs.getList(1, 1, { filter })).totalItems;
}

/** How many times the Worker has read ideas' public copies from PocketBase so far. */
const publicCopyReads = (admin: PocketBase) =>
  loggedRequests(admin, `data.url ~ '/api/collections/post_live/records' && data.method = 'GET'`);

/** A socket to the edge as `address`, answering with each message's text. */
function edgeSocket(stack: OwnStack, address: string): Promise<{ socket: WebSocket; heard: string[] }> {
  const url = new URL('/live', stack.siteUrl);
  url.protocol = 'ws:';
  const WebSocketWithHeaders = WebSocket as unknown as new (url: string, options: object) => WebSocket;
  const socket = new WebSocketWithHeaders(url.href, { headers: { 'cf-connecting-ip': address } });
  const heard: string[] = [];
  socket.onmessage = (event) => heard.push(String(event.data));
  return new Promise((resolve, reject) => {
    socket.onopen = () => resolve({ socket, heard });
    socket.onerror = () => reject(new Error('The live socket did not open.'));
  });
}

const randomId = () =>
  Array.from({ length: 15 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');

test('a visitor sees a vote, a comment and a status change live through the edge, and nothing private', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await withOwnStack(async (stack) => {
    const { admin, voter, post } = await publicIdea(stack, { title: 'Export to CSV', voterName: 'Vera Voter' });
    const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');

    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
    await page.goto(`${stack.siteUrl}/p/${post.id}`);
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready', { timeout: 15_000 });

    const member = new PocketBase(stack.pbUrl);
    await member.collection('users').authWithPassword('voter@example.com', VOTER_PASSWORD);
    await member.collection('votes').create({ post: post.id, user: voter.id });
    await expect(page.getByTestId('vote-count')).toHaveText('1');

    await member
      .collection('comments')
      .create({ post: post.id, author: voter.id, body: 'We need this for our board reports.' });
    await admin
      .collection('comments')
      .create({ post: post.id, author: voter.id, body: 'Internal: customer is churning', internal: true });
    await expect(page.getByText('We need this for our board reports.')).toBeVisible();
    // The first comment woke the comments (they caught up); from then on each one arrives on the socket.
    await member.collection('comments').create({ post: post.id, author: voter.id, body: 'Same here, weekly.' });
    await expect(page.getByText('Same here, weekly.')).toBeVisible();

    await admin.collection('posts').update(post.id, { status: planned.id });
    await expect(page.getByTestId('post-status')).toHaveText(planned.name);

    expect(frames.some((frame) => frame.includes('Same here, weekly.'))).toBe(true);
    expect(frames.filter((frame) => frame.includes('churning'))).toEqual([]);
    await expect(page.getByText('churning')).toHaveCount(0);
    expect(await loggedRequests(admin, `data.url ~ '/api/collections/'`)).toBeGreaterThan(0);
    expect(await loggedRequests(admin, `data.url ~ '/api/realtime'`)).toBe(0);
  }, LOG_EVERY_REQUEST);
});

test('a crowd connecting to a known idea costs PocketBase nothing, and random ideas cost it a bounded few reads', async () => {
  test.setTimeout(150_000);
  await withOwnStack(async (stack) => {
    const { admin, voter, post } = await publicIdea(stack, { title: 'Dark mode', voterName: 'Vera Voter' });
    // A vote publishes the idea's state to every shard: from then on no shard needs to ask PocketBase.
    await admin.collection('votes').create({ post: post.id, user: voter.id });
    await expect
      .poll(async () => {
        const { socket, heard } = await edgeSocket(stack, '192.0.2.1');
        socket.send(JSON.stringify({ sub: [`idea:${post.id}`], id: 1 }));
        await expect.poll(() => heard.some((m) => m.includes('"ack"'))).toBe(true);
        socket.close();
        return heard.some((m) => m.includes('"vote_count":1'));
      })
      .toBe(true);

    const before = await publicCopyReads(admin);
    const crowd = await Promise.all(Array.from({ length: 60 }, (_, i) => edgeSocket(stack, `198.51.100.${i + 1}`)));
    for (const { socket } of crowd) socket.send(JSON.stringify({ sub: [`idea:${post.id}`], id: 1 }));
    await expect.poll(() => crowd.every(({ heard }) => heard.some((m) => m.includes('"ack"')))).toBe(true);
    expect(crowd.every(({ heard }) => heard.some((m) => m.includes('"vote_count":1')))).toBe(true);
    expect((await publicCopyReads(admin)) - before).toBe(0);
    for (const { socket } of crowd) socket.close();

    // One socket naming 100 ideas nobody has heard of, 25 times: its shard reads at most its budget (10 at
    // once, then 2 a second), not once a message.
    const { socket, heard } = await edgeSocket(stack, '203.0.113.9');
    const afterCrowd = await publicCopyReads(admin);
    const started = Date.now();
    for (let id = 1; id <= 25; id++) {
      socket.send(JSON.stringify({ sub: ['ideas'], want: Array.from({ length: 100 }, randomId), id }));
    }
    await expect.poll(() => heard.filter((m) => m.includes('"ack"')).length, { timeout: 30_000 }).toBe(25);
    const refilled = Math.ceil(((Date.now() - started) / 1000) * 2);
    expect((await publicCopyReads(admin)) - afterCrowd).toBeLessThanOrEqual(Math.min(25 - 5, 10 + refilled));
    socket.close();
  }, LOG_EVERY_REQUEST);
});
