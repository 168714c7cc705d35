// post_live, the public live copy of each idea: it exists exactly while its idea is public, through every
// write that changes that; its fields match the post after votes, comments, status and merges; anyone
// reads it and nobody writes it; and nothing of a non-public idea ever reaches a signed-out subscriber.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime } from '../../support/realtime';
import {
  ACTORS,
  type Actor,
  type Actors,
  allowed,
  createActors,
  createBoard,
  createComment,
  createPost,
  expectAccess,
  idOf,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let publicBoard: RecordModel;
let membersBoard: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  publicBoard = await createBoard(pb, 'public');
  membersBoard = await createBoard(pb, 'members');
});
afterAll(() => pb?.stop());

/** The live copy of an idea as a superuser sees it, or null when there is none. */
async function liveOf(id: string): Promise<RecordModel | null> {
  const found = await pb.admin.collection('post_live').getList(1, 1, { filter: `id = "${id}"` });
  return found.items[0] ?? null;
}

/** What the live copy must hold: the post's own values. */
async function expectInStep(id: string): Promise<void> {
  const post = await pb.admin.collection('posts').getOne(id);
  const live = await liveOf(id);
  expect(live).toMatchObject({
    id,
    board: post.board,
    title: post.title,
    status: post.status,
    merged_into: post.merged_into,
    vote_count: post.vote_count,
    comment_count: post.comment_count,
    locked: post.locked,
  });
}

const staffUpdate = (id: string, fields: Record<string, unknown>) =>
  actors.moderator.collection('posts').update(id, fields);

describe('a live copy exists exactly while its idea is public', () => {
  it('is made with the idea on a public board, never on a members or staff board', async () => {
    const open = await createPost(pb, publicBoard, actors.member, { title: 'Dark mode' });
    await expectInStep(open.id);
    expect((await liveOf(open.id))?.title).toBe('Dark mode');
    const members = await createPost(pb, membersBoard, actors.member);
    const staff = await createPost(pb, await createBoard(pb, 'staff'), actors.moderator);
    expect(await liveOf(members.id)).toBeNull();
    expect(await liveOf(staff.id)).toBeNull();
  });

  it('waits for approval, and follows a member’s own idea through it', async () => {
    await pb.admin.collection('site').update((await pb.admin.collection('site').getFirstListItem('')).id, {
      require_approval: true,
    });
    try {
      const queued = await actors.member
        .collection('posts')
        .create({ board: publicBoard.id, author: idOf(actors.member), title: 'Queued' });
      expect(queued.approved).toBe(false);
      expect(await liveOf(queued.id)).toBeNull();
      await staffUpdate(queued.id, { approved: true });
      await expectInStep(queued.id);
      await staffUpdate(queued.id, { approved: false });
      expect(await liveOf(queued.id)).toBeNull();
    } finally {
      await pb.admin.collection('site').update((await pb.admin.collection('site').getFirstListItem('')).id, {
        require_approval: false,
      });
    }
  });

  it('leaves with the idea moved to a members board and comes back with it', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    await staffUpdate(post.id, { board: membersBoard.id });
    expect(await liveOf(post.id)).toBeNull();
    await staffUpdate(post.id, { board: publicBoard.id });
    await expectInStep(post.id);
  });

  it('follows its board’s visibility: public → members → staff → public', async () => {
    const board = await createBoard(pb, 'public');
    const [a, b] = [await createPost(pb, board, actors.member), await createPost(pb, board, actors['other member'])];
    const queued = await createPost(pb, board, actors.member, { approved: false });
    const setVisibility = (visibility: string) => actors.admin.collection('boards').update(board.id, { visibility });
    await setVisibility('members');
    expect([await liveOf(a.id), await liveOf(b.id)]).toEqual([null, null]);
    await setVisibility('staff');
    expect([await liveOf(a.id), await liveOf(b.id)]).toEqual([null, null]);
    await setVisibility('public');
    await expectInStep(a.id);
    await expectInStep(b.id);
    expect(await liveOf(queued.id)).toBeNull();
  });

  it('is deleted with its idea, and with its board', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    await expectInStep(post.id);
    await actors.member.collection('posts').delete(post.id);
    expect(await liveOf(post.id)).toBeNull();
    const board = await createBoard(pb, 'public');
    const onBoard = await createPost(pb, board, actors.member);
    await expectInStep(onBoard.id);
    await actors.admin.collection('boards').delete(board.id);
    expect(await liveOf(onBoard.id)).toBeNull();
  });
});

describe('a live copy matches its idea', () => {
  it('after votes, comments (hidden and internal ones not counted), status, lock and title', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    const vote = await actors['other member']
      .collection('votes')
      .create({ post: post.id, user: idOf(actors['other member']) });
    await actors.moderator.collection('votes').create({ post: post.id, user: idOf(actors.moderator) });
    await createComment(pb, post, actors.member);
    const hidden = await createComment(pb, post, actors['other member']);
    await createComment(pb, post, actors.moderator, { internal: true });
    await actors.moderator.collection('comments').update(hidden.id, { hidden: true });
    expect(await liveOf(post.id)).toMatchObject({ vote_count: 2, comment_count: 1 });
    await actors['other member'].collection('votes').delete(vote.id);
    const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
    await staffUpdate(post.id, { status: planned.id, locked: true, title: 'Renamed' });
    expect(await liveOf(post.id)).toMatchObject({
      vote_count: 1,
      comment_count: 1,
      status: planned.id,
      locked: true,
      title: 'Renamed',
    });
    await expectInStep(post.id);
  });

  it('after a merge: the duplicate points at its target, both recounted', async () => {
    const dup = await createPost(pb, publicBoard, actors.member);
    const target = await createPost(pb, publicBoard, actors['other member']);
    await actors.moderator.collection('votes').create({ post: dup.id, user: idOf(actors.moderator) });
    await actors.member.collection('votes').create({ post: target.id, user: idOf(actors.member) });
    await actors.moderator.send(`/api/chorus/posts/${dup.id}/merge`, { method: 'POST', body: { into: target.id } });
    expect(await liveOf(dup.id)).toMatchObject({ merged_into: target.id, vote_count: 0 });
    expect(await liveOf(target.id)).toMatchObject({ merged_into: '', vote_count: 2 });
    await expectInStep(dup.id);
    await expectInStep(target.id);
  });
});

describe('access', () => {
  const col = (actor: Actor) => actors[actor].collection('post_live');
  const EVERYONE = allowed(...ACTORS);
  const NOBODY = allowed();
  it('anyone lists and views a public idea’s live copy', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    await expectAccess((a) => col(a).getOne(post.id), EVERYONE);
    await expectAccess(async (a) => {
      const found = await col(a).getList(1, 5, { filter: `id = "${post.id}"` });
      expect(found.items.map((r) => r.id)).toEqual([post.id]);
    }, EVERYONE);
  });

  it('nobody creates, updates or deletes one (a superuser only)', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    await expectAccess((a) => col(a).update(post.id, { vote_count: 999 }), NOBODY);
    await expectAccess((a) => col(a).delete(post.id), NOBODY);
    const members = await createPost(pb, membersBoard, actors.member);
    await expectAccess(
      (a) => col(a).create({ id: members.id, board: membersBoard.id, title: 'Leaked', vote_count: 1 }),
      NOBODY,
    );
    await expectInStep(post.id);
    expect(await liveOf(members.id)).toBeNull();
  });

  it('no one finds a live copy of a non-public idea, staff included', async () => {
    const members = await createPost(pb, membersBoard, actors.member);
    const queued = await createPost(pb, publicBoard, actors.member, { approved: false });
    for (const id of [members.id, queued.id]) {
      await expectAccess((a) => col(a).getOne(id), NOBODY);
    }
  });
});

describe('realtime', () => {
  it('a signed-out subscriber hears a public idea live and nothing of a non-public one', async () => {
    const members = await createPost(pb, membersBoard, actors.member);
    const queued = await createPost(pb, publicBoard, actors.member, { approved: false });
    const open = await createPost(pb, publicBoard, actors.member);
    const visitor = await listenRealtime(pb.visitor(), [
      'post_live/*',
      `post_live/${members.id}`,
      `post_live/${queued.id}`,
      `post_live/${open.id}`,
    ]);
    try {
      // Non-public ideas change in every way a live copy would show, and a new one is posted.
      for (const id of [members.id, queued.id]) {
        await actors.moderator.collection('votes').create({ post: id, user: idOf(actors.moderator) });
        await createComment(pb, { id } as RecordModel, actors['other member']);
        await staffUpdate(id, { locked: true, title: 'Still private' });
      }
      const another = await createPost(pb, membersBoard, actors['other member']);
      // Then the public idea gets a vote: once it has arrived, everything before it has too.
      await actors['other member'].collection('votes').create({ post: open.id, user: idOf(actors['other member']) });
      // Both the wildcard and the idea's own topic deliver it (each its own message: wait for both).
      for (const topic of [`post_live/${open.id}`, 'post_live/*']) {
        const heard = await visitor.waitFor((e) => e.topic === topic && e.record?.id === open.id);
        expect(heard).toMatchObject({ action: 'update', record: { collectionName: 'post_live', vote_count: 1 } });
      }
      const leaked = visitor.events.filter((e) => [members.id, queued.id, another.id].includes(e.record?.id));
      expect(leaked).toEqual([]);
      expect(
        visitor.events
          .filter((e) => e.record?.id === open.id)
          .map((e) => e.topic)
          .sort(),
      ).toEqual([`post_live/${open.id}`, 'post_live/*'].sort());
    } finally {
      visitor.close();
    }
  });

  it('an idea that stops being public says so (a delete event), then goes quiet', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    const visitor = await listenRealtime(pb.visitor(), ['post_live/*']);
    try {
      await staffUpdate(post.id, { board: membersBoard.id });
      await visitor.waitFor((e) => e.record?.id === post.id && e.action === 'delete');
      await actors.moderator.collection('votes').create({ post: post.id, user: idOf(actors.moderator) });
      const sentinel = await createPost(pb, publicBoard, actors.member);
      await visitor.waitFor((e) => e.record?.id === sentinel.id && e.action === 'create');
      expect(visitor.events.filter((e) => e.record?.id === post.id).map((e) => e.action)).toEqual(['delete']);
    } finally {
      visitor.close();
    }
  });
});
