// The work a vote sets off after its request survives a PocketBase killed in the middle of a burst (issue 35):
// 1,000 members vote at once on one idea, PocketBase is killed (SIGKILL) about halfway, starts again on the same
// data, and the members whose vote was lost vote again. Then the count is exact, the worth (recomputed after the
// votes by the `chorus_insights` job past 1,000 votes) counts them all, the alert rule the idea crossed fired
// once and its webhook went out once, and every vote milestone webhook went out once: what was committed before
// the kill was queued in the same transaction, and the jobs finish it after the restart.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import PocketBase from 'pocketbase';
import { expect, it } from 'vitest';
import { forwardedAddress } from '../../../src/lib/pb/client-address.mjs';
import { addCrowd } from '../../../tools/lib/bench/crowd.mjs';
import { inParallel } from '../../../tools/lib/in-parallel.mjs';
import { startRestartablePocketBase } from '../../support/restartable-pocketbase';
import { startWebhookReceiver } from '../../support/webhook-receiver';

// Each member votes from an address of their own, forwarded as the site forwards its visitors' (rate limits).
const proxySecret = randomBytes(24).toString('hex');
const MEMBERS = 1000;
const MILESTONES = [10, 25, 50, 100, 250, 500, 1000]; // pb_hooks/webhooks/config.js
/** Who has a vote on the idea, read from the database itself. */
function votersOf(dataDir: string, postId: string): Set<string> {
  const db = new DatabaseSync(join(dataDir, 'data.db'), { readOnly: true });
  try {
    const rows = db.prepare('SELECT user FROM votes WHERE post = ? AND counted = TRUE').all(postId);
    return new Set(rows.map((row) => String(row.user)));
  } finally {
    db.close();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

it('a burst of 1,000 votes with PocketBase killed halfway: count, worth, alert and milestones each once', {
  timeout: 300_000,
}, async () => {
  const receiver = await startWebhookReceiver();
  const pb = await startRestartablePocketBase({ CHORUS_PROXY_SECRET: proxySecret }, 'http://chorus.test');
  const { admin } = pb;
  try {
    await admin.collection('webhooks').create({
      name: 'Derived',
      url: receiver.url('/derived'),
      kind: 'standard',
      events: ['idea.vote_milestone', 'idea.threshold_reached'],
    });
    await admin.collection('alert_rules').create({ name: 'Popular', metric: 'votes', threshold: 600 });
    const board = await admin.collection('boards').create({ name: 'Launch', slug: 'launch', visibility: 'public' });
    const author = await admin.collection('users').create({
      email: 'author@chorus.test',
      password: 'author-password-1',
      passwordConfirm: 'author-password-1',
      name: 'Author',
      verified: true,
    });
    const idea = await admin
      .collection('posts')
      .create({ board: board.id, author: author.id, title: 'A launch-day idea', body: 'x', approved: true });
    const members: string[] = addCrowd(pb.dataDir, idea.id, { members: MEMBERS, prefix: 'd' });
    const tokens = await inParallel(
      members.map((id) => async () => (await admin.collection('users').impersonate(id, 900)).authStore.token),
      20,
    );
    const vote = (i: number) => {
      const client = new PocketBase(pb.url);
      client.autoCancellation(false);
      client.authStore.save(tokens[i] as string, null);
      const address = `10.9.${i >> 8}.${i & 255}`;
      client.beforeSend = (url, options) => ({
        url,
        options: { ...options, headers: { ...options.headers, ...forwardedAddress(proxySecret, address) } },
      });
      return client.collection('votes').create({ post: idea.id, user: members[i] });
    };

    let answered = 0;
    let killed: Promise<unknown> = Promise.resolve();
    await inParallel(
      members.map((_, i) => async () => {
        await vote(i).catch(() => null); // the ones in flight at the kill fail, as they would for a visitor
        answered += 1;
        if (answered === MEMBERS / 2) killed = pb.kill();
      }),
      50,
    );
    await killed;
    const beforeRestart = votersOf(pb.dataDir, idea.id);
    expect(beforeRestart.size, 'the kill came mid-burst').toBeLessThan(MEMBERS);
    expect(beforeRestart.size).toBeGreaterThan(0);

    await pb.restart();
    const lost = members.map((id, i) => [id, i] as const).filter(([id]) => !beforeRestart.has(id));
    await inParallel(
      lost.map(
        ([, i]) =>
          () =>
            vote(i),
      ),
      50,
    );

    const everyone = votersOf(pb.dataDir, idea.id);
    const total = everyone.size;
    expect(members.every((id) => everyone.has(id))).toBe(true);
    expect((await admin.collection('posts').getOne(idea.id)).vote_count).toBe(total);
    const insights = await until(
      () => admin.collection('post_insights').getOne(idea.id),
      (row) => !row.stale && row.plans?.['']?.votes === total,
    );
    expect(insights.plans['']).toMatchObject({ votes: total });

    const ofIdea = (type: string) => (r: { path: string; body: string }) =>
      r.path === '/derived' && JSON.parse(r.body).type === type && JSON.parse(r.body).data?.idea?.id === idea.id;
    // The alert's delivery job runs every minute (and right after a firing); its webhook goes out once.
    await receiver.waitFor(ofIdea('idea.threshold_reached'), 1, 120_000);
    await receiver.waitFor(ofIdea('idea.vote_milestone'), MILESTONES.length, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await admin.collection('alert_firings').getFullList({ filter: `post = "${idea.id}"` })).toHaveLength(1);
    expect(receiver.received.filter(ofIdea('idea.threshold_reached'))).toHaveLength(1);
    const milestones = receiver.received
      .filter(ofIdea('idea.vote_milestone'))
      .map((r) => JSON.parse(r.body).data.milestone as number);
    expect(milestones.sort((a, b) => a - b)).toEqual(MILESTONES);
  } finally {
    await pb.stop();
    await receiver.close();
  }
});
