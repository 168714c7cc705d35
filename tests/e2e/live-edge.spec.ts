// A visitor's idea page is live through the edge (the Worker's sockets and their Durable Objects): a vote,
// a comment and a status change arrive, nothing private does, and PocketBase's own realtime is never asked
// (checked in PocketBase's request log). Runs its own stack, with every PocketBase request logged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { connectAsSuperuser } from '../../scripts/lib/configure-pocketbase.mjs';
import { freePorts } from '../../scripts/lib/ports.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { expect, test } from './fixtures';

test('a visitor sees a vote, a comment and a status change live through the edge, and nothing private', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-edge-'));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  const logged = process.env.CHORUS_LOG_SUCCESSFUL_REQUESTS;
  process.env.CHORUS_LOG_SUCCESSFUL_REQUESTS = '1';
  const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, seed: false, build: 'if-missing' });
  if (logged === undefined) delete process.env.CHORUS_LOG_SUCCESSFUL_REQUESTS;
  try {
    const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
    const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
    const password = 'a-long-password-123';
    const voter = await admin
      .collection('users')
      .create({ email: 'voter@example.com', password, passwordConfirm: password, name: 'Vera Voter', verified: true });
    const post = await admin
      .collection('posts')
      .create({ board: board.id, author: voter.id, title: 'Export to CSV', approved: true });
    const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');

    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
    await page.goto(`${stack.siteUrl}/p/${post.id}`);
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready', { timeout: 15_000 });

    const member = new PocketBase(stack.pbUrl);
    await member.collection('users').authWithPassword('voter@example.com', password);
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
    const realtime = await admin.logs.getList(1, 1, { filter: `data.url ~ '/api/realtime'` });
    const anything = await admin.logs.getList(1, 1, { filter: `data.url ~ '/api/collections/'` });
    expect(anything.totalItems).toBeGreaterThan(0);
    expect(realtime.totalItems).toBe(0);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
