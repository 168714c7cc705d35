// A blocked member can read but not write: every write path they could reach is refused.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, attempt, createActors, createBoard, createPost, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(() => pb?.stop());

describe('a blocked member', () => {
  it('reads ideas and comments but writes nothing', async () => {
    const blocked = actors['blocked member'];
    const me = idOf(blocked);
    const own = await createPost(pb, board, blocked);
    const other = await createPost(pb, board, actors.member);
    const comment = await pb.admin.collection('comments').create({ post: other.id, author: me, body: 'Old' });
    const notice = await pb.admin.collection('notifications').create({ user: me, kind: 'status', post: other.id });
    const follow = await pb.admin.collection('subscriptions').getFirstListItem(`post = "${own.id}" && user = "${me}"`);

    expect(await attempt(() => blocked.collection('posts').getOne(other.id))).toBe(true);
    expect(await attempt(() => blocked.collection('comments').getOne(comment.id))).toBe(true);
    const writes: Record<string, () => Promise<unknown>> = {
      'post an idea': () => blocked.collection('posts').create({ board: board.id, author: me, title: 'New' }),
      'edit their idea': () => blocked.collection('posts').update(own.id, { title: 'Edited' }),
      'delete their idea': () => blocked.collection('posts').delete(own.id),
      vote: () => blocked.collection('votes').create({ post: other.id, user: me }),
      comment: () => blocked.collection('comments').create({ post: other.id, author: me, body: 'Hi' }),
      'edit their comment': () => blocked.collection('comments').update(comment.id, { body: 'New' }),
      'delete their comment': () => blocked.collection('comments').delete(comment.id),
      react: () => blocked.collection('reactions').create({ comment: comment.id, user: me, emoji: '👍' }),
      follow: () => blocked.collection('subscriptions').create({ post: other.id, user: me }),
      unfollow: () => blocked.collection('subscriptions').delete(follow.id),
      'edit their profile': () => blocked.collection('users').update(me, { name: 'Renamed' }),
      'unblock themselves': () => blocked.collection('users').update(me, { blocked: false }),
      'mark a notification read': () =>
        blocked.collection('notifications').update(notice.id, { read_at: new Date().toISOString() }),
      'mark all read': () => blocked.send('/api/chorus/notifications/read-all', { method: 'POST' }),
    };
    for (const [write, action] of Object.entries(writes)) {
      expect(await attempt(action), write).toBe(false);
    }
  });
  it('a blocked moderator loses staff powers', async () => {
    const moderator = await pb.actor('moderator', { blocked: true });
    const idea = await createPost(pb, board, actors.member);
    const target = await createPost(pb, board, actors.member);
    expect(await attempt(() => moderator.collection('posts').update(idea.id, { pinned: true }))).toBe(false);
    const merge = { method: 'POST', body: { into: target.id } };
    expect(await attempt(() => moderator.send(`/api/chorus/posts/${idea.id}/merge`, merge))).toBe(false);
    const behalf = { method: 'POST', body: { email: 'someone@example.test' } };
    expect(await attempt(() => moderator.send(`/api/chorus/posts/${idea.id}/vote-on-behalf`, behalf))).toBe(false);
    const entry = { title: 'R', slug: 'blocked-release', state: 'draft' };
    expect(await attempt(() => moderator.collection('changelog_entries').create(entry))).toBe(false);
  });
});
