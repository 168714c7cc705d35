// status_events and notifications: who may read and write them, and who gets notified of what.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  ACTORS,
  type Actors,
  allowed,
  attempt,
  createActors,
  createBoard,
  createPost,
  idOf,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let status: Record<string, string>;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  const statuses = await pb.admin.collection('statuses').getFullList();
  status = Object.fromEntries(statuses.map((s) => [s.slug, s.id]));
});
afterAll(() => pb?.stop());

/** Ids of the people notified about `post` with `kind`. */
async function notified(post: RecordModel, kind: string): Promise<string[]> {
  const rows = await pb.admin
    .collection('notifications')
    .getFullList({ filter: `post = "${post.id}" && kind = "${kind}"` });
  return rows.map((n) => n.user).sort();
}
const ids = (...clients: PocketBase[]) => clients.map(idOf).sort();
/** The one row a query found. */
function only<T>(rows: T[]): T {
  expect(rows).toHaveLength(1);
  return rows[0] as T;
}
const vote = (who: PocketBase, post: RecordModel) => who.collection('votes').create({ post: post.id, user: idOf(who) });

describe('status changes', () => {
  it('record a status event and notify followers and voters except the actor', async () => {
    const post = await createPost(pb, board, actors.member);
    await vote(actors['other member'], post);
    await vote(actors.moderator, post);
    const follower = await pb.actor('member');
    await follower.collection('subscriptions').create({ post: post.id, user: idOf(follower) });
    await pb.actor('member'); // unrelated

    await actors.moderator.collection('posts').update(post.id, { status: status.planned, response: 'Soon.' });
    const events = await pb
      .visitor()
      .collection('status_events')
      .getFullList({ filter: `post = "${post.id}"` });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      from: status.open,
      to: status.planned,
      actor: idOf(actors.moderator),
      note: 'Soon.',
    });
    expect(await notified(post, 'status')).toEqual(ids(actors.member, actors['other member'], follower));
    expect(await notified(post, 'response')).toEqual([]); // one notification for both

    await actors.admin.collection('posts').update(post.id, { response: 'Starting next week.' });
    expect(await notified(post, 'response')).toEqual(
      ids(actors.member, actors['other member'], follower, actors.moderator),
    );
    await actors.admin.collection('posts').update(post.id, { pinned: true });
    expect(await pb.admin.collection('notifications').getFullList({ filter: `post = "${post.id}"` })).toHaveLength(7);
  });
  it.each(ACTORS)('%s: status_events are read-only and follow the idea visibility', async (name) => {
    const post = await createPost(pb, board, actors.member, { approved: false });
    await pb.admin.collection('posts').update(post.id, { status: status.declined });
    const listed = await actors[name].collection('status_events').getFullList({ filter: `post = "${post.id}"` });
    expect(listed.length).toBe(['member', 'moderator', 'admin'].includes(name) ? 1 : 0);
    const body = { post: post.id, from: status.open, to: status.done };
    expect(await attempt(() => actors[name].collection('status_events').create(body))).toBe(false);
    const event = only(await pb.admin.collection('status_events').getFullList({ filter: `post = "${post.id}"` }));
    expect(await attempt(() => actors[name].collection('status_events').update(event.id, { note: 'x' }))).toBe(false);
    expect(await attempt(() => actors[name].collection('status_events').delete(event.id))).toBe(false);
  });
});

describe('comments', () => {
  it('notify followers except the author; internal ones notify staff followers only', async () => {
    const post = await createPost(pb, board, actors.member);
    await vote(actors['other member'], post); // voters follow
    await vote(actors.admin, post);
    await pb.actor('member'); // unrelated
    const c = await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Yes' });
    expect(await notified(post, 'comment')).toEqual(ids(actors.member, actors.admin));
    const rows = await pb.admin.collection('notifications').getFullList({ filter: `comment = "${c.id}"` });
    expect(rows.every((n) => n.actor === idOf(actors['other member']))).toBe(true);

    const note = { post: post.id, author: idOf(actors.moderator), body: 'Staff only', internal: true };
    const internal = await actors.moderator.collection('comments').create(note);
    const staffRows = await pb.admin.collection('notifications').getFullList({ filter: `comment = "${internal.id}"` });
    expect(staffRows.map((n) => n.user)).toEqual([idOf(actors.admin)]);
  });
});

describe('recipients who may no longer read the idea', () => {
  it('a hidden idea notifies only its author and staff', async () => {
    const post = await createPost(pb, board, actors.member);
    await vote(actors['other member'], post);
    await vote(actors.admin, post);
    await actors.moderator.collection('posts').update(post.id, { approved: false });
    await actors.moderator.collection('posts').update(post.id, { status: status.declined });
    expect(await notified(post, 'status')).toEqual(ids(actors.member, actors.admin));
  });
});

describe('notifications access', () => {
  it.each(ACTORS)("%s: list, view, update and delete the member's notification", async (name) => {
    const post = await createPost(pb, board, actors.member);
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Hi' });
    const mine = only(await actors.member.collection('notifications').getFullList({ filter: `post = "${post.id}"` }));
    expect(mine.user).toBe(idOf(actors.member));
    const listed = await actors[name].collection('notifications').getFullList({ filter: `post = "${post.id}"` });
    expect(listed.length).toBe(name === 'member' ? 1 : 0);
    expect(await attempt(() => actors[name].collection('notifications').getOne(mine.id))).toBe(allowed('member')[name]);
    const read = { read_at: new Date().toISOString() };
    expect(await attempt(() => actors[name].collection('notifications').update(mine.id, read))).toBe(
      allowed('member')[name],
    );
    const moved = { user: idOf(actors['other member']), kind: 'merge' };
    expect(await attempt(() => actors[name].collection('notifications').update(mine.id, moved))).toBe(false);
    const fake = { user: idOf(actors[name]) || idOf(actors.member), kind: 'status', post: post.id };
    expect(await attempt(() => actors[name].collection('notifications').create(fake))).toBe(false);
    expect(await attempt(() => actors[name].collection('notifications').delete(mine.id))).toBe(allowed('member')[name]);
  });
  it('a blocked member can read but not mark read; read-all marks only their own', async () => {
    const post = await createPost(pb, board, actors['blocked member']);
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Hi' });
    const theirs = only(
      await actors['blocked member'].collection('notifications').getFullList({ filter: `post = "${post.id}"` }),
    );
    const read = { read_at: new Date().toISOString() };
    expect(await attempt(() => actors['blocked member'].collection('notifications').update(theirs.id, read))).toBe(
      false,
    );

    const mine = await pb.actor('member');
    const p2 = await createPost(pb, board, mine);
    const p3 = await createPost(pb, board, mine);
    await actors['other member']
      .collection('comments')
      .create({ post: p2.id, author: idOf(actors['other member']), body: 'One' });
    await actors['other member']
      .collection('comments')
      .create({ post: p3.id, author: idOf(actors['other member']), body: 'Two' });
    const res = await mine.send('/api/chorus/notifications/read-all', { method: 'POST' });
    expect(res.updated).toBe(2);
    const unread = await mine.collection('notifications').getFullList({ filter: 'read_at = ""' });
    expect(unread).toHaveLength(0);
    expect(await attempt(() => pb.visitor().send('/api/chorus/notifications/read-all', { method: 'POST' }))).toBe(
      false,
    );
  });
});
