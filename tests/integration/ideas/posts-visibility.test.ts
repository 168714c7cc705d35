// Board visibility, approval, and the author's edit window (open, unlocked), as enforced by the rules,
// plus the defaults hooks give a new post.
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
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
});
afterAll(() => pb?.stop());

const canSee = async (name: keyof Actors, id: string) => attempt(() => actors[name].collection('posts').getOne(id));

describe('who sees a post', () => {
  const rows = [
    {
      what: 'on a members-only board',
      board: 'members',
      approved: true,
      seen: allowed(...ACTORS.filter((name) => name !== 'visitor')),
    },
    { what: 'on a staff-only board', board: 'staff', approved: true, seen: allowed('moderator', 'admin') },
    { what: 'awaiting approval', board: 'public', approved: false, seen: allowed('member', 'moderator', 'admin') },
  ] as const;
  it.each(rows)('$what', async ({ board, approved, seen }) => {
    const post = await createPost(pb, await createBoard(pb, board), actors.member, { approved });
    for (const name of ACTORS) {
      expect(await canSee(name, post.id), name).toBe(seen[name]);
      const listed = await actors[name].collection('posts').getFullList({ filter: `id = "${post.id}"` });
      expect(listed.length, name).toBe(seen[name] ? 1 : 0);
    }
  });
  it('members cannot post to a staff-only board, staff can', async () => {
    const board = await createBoard(pb, 'staff');
    for (const name of ['member', 'moderator'] as const) {
      const create = () =>
        actors[name].collection('posts').create({ board: board.id, author: idOf(actors[name]), title: 't' });
      expect(await attempt(create), name).toBe(name !== 'member');
    }
  });
});

describe('a new post', () => {
  it("gets the default status, its author's own vote (counted in the create's answer), approval, and its author follows it", async () => {
    const board = await createBoard(pb, 'public');
    const post = await actors.member
      .collection('posts')
      .create({ board: board.id, author: idOf(actors.member), title: 'New' });
    const open = await pb.admin.collection('statuses').getFirstListItem('is_default = true');
    // The site's author_votes is on by default: the author's vote is saved with the post, in one transaction.
    expect(post).toMatchObject({ status: open.id, vote_count: 1, comment_count: 0, approved: true });
    const votes = await pb.admin.collection('votes').getFullList({ filter: `post = "${post.id}"` });
    expect(votes.map((vote) => vote.user)).toEqual([idOf(actors.member)]);
    expect(post.trending_score).toBeGreaterThan(0);
    const follows = await actors.member.collection('subscriptions').getFullList({ filter: `post = "${post.id}"` });
    expect(follows).toHaveLength(1);
  });
  it('waits for approval when the site requires it, unless staff wrote it', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { require_approval: true });
    try {
      const board = await createBoard(pb, 'public');
      const create = (name: 'member' | 'moderator') =>
        actors[name].collection('posts').create({ board: board.id, author: idOf(actors[name]), title: 'Queued?' });
      expect((await create('member')).approved).toBe(false);
      expect((await create('moderator')).approved).toBe(true);
    } finally {
      await pb.admin.collection('site').update(site.id, { require_approval: false });
    }
  });
});

describe("the author's edit window", () => {
  it('closes when the status is closed or the post is locked; staff can still edit', async () => {
    const board = await createBoard(pb, 'public');
    const done = await pb.admin.collection('statuses').getFirstListItem('slug = "done"');
    const closed = await createPost(pb, board, actors.member);
    await actors.moderator.collection('posts').update(closed.id, { status: done.id, response: 'Shipped!' });
    const locked = await createPost(pb, board, actors.member);
    await actors.moderator.collection('posts').update(locked.id, { locked: true });
    for (const post of [closed, locked]) {
      expect(await attempt(() => actors.member.collection('posts').update(post.id, { title: 'Late edit' }))).toBe(
        false,
      );
      expect(await attempt(() => actors.admin.collection('posts').update(post.id, { title: 'Staff edit' }))).toBe(true);
    }
    const answered = await pb.admin.collection('posts').getOne(closed.id);
    expect(answered.response_by).toBe(idOf(actors.moderator));
    expect(answered.response_at).not.toBe('');
  });
});
