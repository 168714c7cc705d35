// A crowd voting at once on a popular idea (issue 35): 500 members vote and unvote concurrently on an idea that
// already holds 1,200 votes. The count ends exact, the voter list is exactly who voted, every open page's live
// copy (post_live) shows that one count, and the idea's worth, recomputed after the votes by the
// `chorus_insights` job rather than inside each one (pb_hooks/priority/insights-queue.js), counts them all.
// Past 1,000 votes the count moves by one per vote instead of being recounted; that job repairs it if anything
// wrote votes around the hooks. And a burst of 1,000 votes from none: every vote milestone webhook goes out exactly
// once (under a burst the count read after a commit is already past the milestone: the vote that made it says so).
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCrowd } from '../../../tools/lib/bench/crowd.mjs';
import { inParallel } from '../../../tools/lib/in-parallel.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime } from '../../support/realtime';
import { startWebhookReceiver } from '../../support/webhook-receiver';
import { attempt, createActors, createBoard, createPost } from '../../support/world';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

const EARLIER_VOTES = 1200; // past priority/insights-queue.js INLINE_VOTES: the worth is recomputed after
const MEMBERS = 500;

/** The idea's worth once it is fresh and counts `votes` (or as it is after 30 s, for the assertions to say why). */
async function worthOnceCounted(postId: string, votes: number) {
  const deadline = Date.now() + 30_000;
  let insights = await pb.admin.collection('post_insights').getOne(postId);
  while ((insights.stale || insights.plans?.['']?.votes !== votes) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    insights = await pb.admin.collection('post_insights').getOne(postId);
  }
  return insights;
}

function votersOf(postId: string): string[] {
  const db = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
  const rows = db.prepare('SELECT user FROM votes WHERE post = ? AND counted = TRUE ORDER BY user').all(postId);
  db.close();
  return rows.map((row) => String(row.user));
}

/** Signs in each of `ids` (the superuser's impersonate route: these accounts have no password), each from an address of its own. */
function signInAll(ids: string[]): Promise<PocketBase[]> {
  return inParallel(
    ids.map((id) => async () => {
      const signedIn = await pb.admin.collection('users').impersonate(id, 600);
      const client = pb.visitor();
      client.authStore.save(signedIn.authStore.token, signedIn.authStore.record);
      return client;
    }),
    20,
  );
}

it(`${MEMBERS} members voting and unvoting at once leave the exact count, voters, live count and worth`, {
  timeout: 180_000,
}, async () => {
  const board = await createBoard(pb, 'public');
  const idea = await createPost(pb, board, await pb.actor('member'), { title: 'A popular idea' });
  const ids = addCrowd(pb.dataDir, idea.id, { voters: EARLIER_VOTES, members: MEMBERS, prefix: 'v' });
  const earlier = ids.slice(0, EARLIER_VOTES);
  const members = ids.slice(EARLIER_VOTES);
  const clients = await signInAll(members);
  const watcher = await listenRealtime(pb.visitor(), [`post_live/${idea.id}`]);
  try {
    const vote = (i: number) => () =>
      (clients[i] as PocketBase).collection('votes').create({ post: idea.id, user: members[i] });
    // First 350 vote at once; then the first 150 take theirs back while the last 150 vote, all at once.
    const first = await inParallel(
      Array.from({ length: 350 }, (_, i) => vote(i)),
      100,
    );
    await inParallel<unknown>(
      [
        ...Array.from(
          { length: 150 },
          (_, i) => () => (clients[i] as PocketBase).collection('votes').delete(first[i]?.id ?? ''),
        ),
        ...Array.from({ length: 150 }, (_, i) => vote(350 + i)),
      ],
      100,
    );

    const expected = [...earlier, ...members.slice(150)].sort();
    expect(votersOf(idea.id)).toEqual(expected);
    const post = await pb.admin.collection('posts').getOne(idea.id);
    expect(post.vote_count).toBe(expected.length);
    const live = await pb.visitor().collection('post_live').getOne(idea.id);
    expect(live.vote_count).toBe(expected.length);
    // An open page hears the final count live.
    await watcher.waitFor((event) => event.record.vote_count === expected.length);

    // The worth follows within a moment of the last vote, counting every one of them.
    const insights = await worthOnceCounted(idea.id, expected.length);
    expect(insights.stale).toBe(false);
    expect(insights.plans['']).toMatchObject({ votes: expected.length });
    expect(insights.reach).toBe(expected.length);

    // A count written around the hooks (a hand edit of data.db) is put right by the next vote's worth job.
    const db = new DatabaseSync(join(pb.dataDir, 'data.db'));
    db.exec('PRAGMA busy_timeout = 10000');
    db.prepare('UPDATE posts SET vote_count = 7 WHERE id = ?').run(idea.id);
    db.close();
    await (clients[0] as PocketBase).collection('votes').create({ post: idea.id, user: members[0] });
    let repaired = 0;
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      repaired = (await pb.admin.collection('posts').getOne(idea.id)).vote_count;
      if (repaired === expected.length + 1) break;
    }
    expect(repaired).toBe(expected.length + 1);
  } finally {
    watcher.close();
  }
});

it('a burst of 1,000 votes sends every vote milestone webhook once, and the worth follows', {
  timeout: 180_000,
}, async () => {
  const receiver = await startWebhookReceiver();
  try {
    await pb.admin.collection('webhooks').create({
      name: 'Milestones',
      url: receiver.url('/milestones'),
      kind: 'standard',
      events: ['idea.vote_milestone'],
    });
    const board = await createBoard(pb, 'public');
    const idea = await createPost(pb, board, await pb.actor('member'), { title: 'A launch-day idea' });
    const members = addCrowd(pb.dataDir, idea.id, { members: 1000, prefix: 'b' });
    const clients = await signInAll(members);
    await inParallel(
      members.map((id, i) => () => (clients[i] as PocketBase).collection('votes').create({ post: idea.id, user: id })),
      100,
    );
    const total = (await pb.admin.collection('posts').getOne(idea.id)).vote_count;
    expect(total).toBeGreaterThanOrEqual(1000); // the author's own vote too, when the site gives one
    const milestones = [10, 25, 50, 100, 250, 500, 1000]; // pb_hooks/webhooks/config.js
    const ofIdea = (r: { path: string; body: string }) =>
      r.path === '/milestones' && JSON.parse(r.body).data?.idea?.id === idea.id;
    await receiver.waitFor(ofIdea, milestones.length, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sent = receiver.received.filter(ofIdea).map((r) => JSON.parse(r.body).data.milestone as number);
    expect(sent.sort((a, b) => a - b)).toEqual(milestones);
    const insights = await worthOnceCounted(idea.id, total);
    expect(insights.plans['']).toMatchObject({ votes: total });
  } finally {
    await receiver.close();
  }
});

it('staff who may size an idea may not set its worth fresh or stale (server-owned)', async () => {
  const actors = await createActors(pb);
  const board = await createBoard(pb, 'public');
  const idea = await createPost(pb, board, actors.member);
  for (const stale of [true, false]) {
    expect(await attempt(() => actors.admin.collection('post_insights').update(idea.id, { stale }))).toBe(false);
  }
  expect(await attempt(() => actors.admin.collection('post_insights').update(idea.id, { impact: 3 }))).toBe(true);
  expect((await pb.admin.collection('post_insights').getOne(idea.id)).stale).toBe(false);
});
