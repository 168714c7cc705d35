// Words and numbers the server gets right: repeated changes to one idea group into one unread
// notification that names the latest actor, emails carry the board's name, and an idea's author
// votes for it by default (a site setting).
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

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

const site = () => pb.admin.collection('site').getFirstListItem('');

describe('notifications about one idea', () => {
  it('group while unread: three status changes leave one notification, naming the latest actor', async () => {
    const post = await createPost(pb, board, actors.member);
    await actors.moderator.collection('posts').update(post.id, { status: status.planned });
    await actors.admin.collection('posts').update(post.id, { status: status['in-progress'] });
    const filter = `post = "${post.id}" && kind = "status"`;
    const [first] = await actors.member.collection('notifications').getFullList({ filter });
    await actors.moderator.collection('posts').update(post.id, { status: status.done });
    const rows = await actors.member.collection('notifications').getFullList({ filter, expand: 'post.status' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first?.id, actor: idOf(actors.moderator), read_at: '' });
    expect(rows[0]?.expand?.post?.expand?.status?.name).toBe('Done');
  });

  it('start a new one once the member has read the last', async () => {
    const post = await createPost(pb, board, actors.member);
    await actors.moderator.collection('posts').update(post.id, { status: status.planned });
    const filter = `post = "${post.id}" && kind = "comment"`;
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'One' });
    await actors.moderator
      .collection('comments')
      .create({ post: post.id, author: idOf(actors.moderator), body: 'Two' });
    const [grouped] = await actors.member.collection('notifications').getFullList({ filter });
    expect(grouped?.actor).toBe(idOf(actors.moderator));
    await actors.member.collection('notifications').update(grouped?.id ?? '', { read_at: new Date().toISOString() });
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Three' });
    expect(await actors.member.collection('notifications').getFullList({ filter })).toHaveLength(2);
  });
});

describe('the board’s name', () => {
  it('is the app and sender name of every email, and follows a rename', async () => {
    const before = await pb.admin.settings.getAll();
    expect(before.meta.appName).toBe('Chorus');
    await pb.admin.collection('site').update((await site()).id, { name: 'Lumen' });
    const after = await pb.admin.settings.getAll();
    expect(after.meta).toMatchObject({ appName: 'Lumen', senderName: 'Lumen' });
  });
});

describe('the author’s own vote', () => {
  it('counts on a member’s new idea by default, and they follow it', async () => {
    const idea = await actors.member
      .collection('posts')
      .create({ board: board.id, author: idOf(actors.member), title: 'Mine' });
    const post = await pb.admin.collection('posts').getOne(idea.id);
    expect(post.vote_count).toBe(1);
    const votes = await pb.admin.collection('votes').getFullList({ filter: `post = "${idea.id}"` });
    expect(votes.map((v) => v.user)).toEqual([idOf(actors.member)]);
  });

  it('not when the site turns it off, nor for ideas the operator imports', async () => {
    const imported = await createPost(pb, board, actors.member);
    expect((await pb.admin.collection('posts').getOne(imported.id)).vote_count).toBe(0);
    await pb.admin.collection('site').update((await site()).id, { author_votes: false });
    const idea = await actors.member
      .collection('posts')
      .create({ board: board.id, author: idOf(actors.member), title: 'Mine' });
    expect((await pb.admin.collection('posts').getOne(idea.id)).vote_count).toBe(0);
    await pb.admin.collection('site').update((await site()).id, { author_votes: true });
  });

  it('a member cannot turn the setting off', async () => {
    const id = (await site()).id;
    await expect(actors.member.collection('site').update(id, { author_votes: false })).rejects.toMatchObject({
      status: 404,
    });
    expect((await site()).author_votes).toBe(true);
  });
});
