// Live counts reach everyone as posts updates, while who voted or follows never leaks to others,
// neither through realtime nor through filters that join the private collections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime } from '../../support/realtime';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
});
afterAll(() => pb?.stop());

describe('realtime', () => {
  it('delivers the new vote count to a visitor, and the vote itself only to the voter', async () => {
    const post = await createPost(pb, await createBoard(pb, 'public'), actors.member);
    const visitor = await listenRealtime(pb.visitor(), ['posts/*', 'votes/*', 'subscriptions/*']);
    const bystander = await listenRealtime(actors['other member'], ['votes/*', 'subscriptions/*']);
    const voter = await listenRealtime(actors.member, ['votes/*']);
    try {
      const started = performance.now();
      await actors.member.collection('votes').create({ post: post.id, user: idOf(actors.member) });
      const update = await visitor.waitFor((e) => e.topic === 'posts/*' && e.record.id === post.id);
      console.log(`vote count reached a visitor in ${Math.round(performance.now() - started)} ms`);
      expect(update.record.vote_count).toBe(1);
      await voter.waitFor((e) => e.topic === 'votes/*' && e.record.post === post.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(visitor.events.filter((e) => e.topic !== 'posts/*')).toEqual([]);
      expect(bystander.events).toEqual([]);
    } finally {
      for (const listener of [visitor, bystander, voter]) listener.close();
    }
  });
  it('does not broadcast posts of a staff-only board to members', async () => {
    const board = await createBoard(pb, 'staff');
    const member = await listenRealtime(actors.member, ['posts/*']);
    const moderator = await listenRealtime(actors.moderator, ['posts/*']);
    try {
      const post = await createPost(pb, board, actors.moderator, { title: 'Secret plan' });
      await moderator.waitFor((e) => e.record.id === post.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(member.events.filter((e) => e.record.id === post.id)).toEqual([]);
    } finally {
      member.close();
      moderator.close();
    }
  });
});

describe('filters over private collections', () => {
  it('cannot reveal who voted for or follows a post through back-relation filters', async () => {
    const post = await createPost(pb, await createBoard(pb, 'public'), actors.admin);
    await actors.member.collection('votes').create({ post: post.id, user: idOf(actors.member) });
    for (const relation of ['votes_via_post', 'subscriptions_via_post']) {
      const filter = `id = "${post.id}" && ${relation}.user ?= "${idOf(actors.member)}"`;
      expect(await pb.visitor().collection('posts').getFullList({ filter }), relation).toEqual([]);
      expect(await actors['other member'].collection('posts').getFullList({ filter }), relation).toEqual([]);
      expect(await actors.member.collection('posts').getFullList({ filter }), relation).toHaveLength(1);
    }
  });
});
