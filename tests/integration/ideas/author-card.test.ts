// The copy of an idea's or comment's author on the record (author_name, author_avatar;
// pb_hooks/ideas/author-card.js), which lets lists, idea pages and live comments skip `expand=author`: exact
// after a create, a rename, an avatar change or removal, an author change by a superuser; never writable by
// a client; and nothing in it that users' view rule does not already show to the same reader.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blackPng } from '../../support/images';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { createBoard, createComment, createPost, idOf } from '../../support/world';

let pb: TestPocketBase;
let board: RecordModel;
let membersBoard: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  board = await createBoard(pb, 'public');
  membersBoard = await createBoard(pb, 'members');
});
afterAll(() => pb?.stop());

const avatarForm = (name: string) => {
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(blackPng(8, 8))], name, { type: 'image/png' }));
  return form;
};

/** What an idea (or comment) carries of its author, as stored. */
async function copyOf(id: string, collection = 'posts'): Promise<{ author_name: string; author_avatar: string }> {
  const { author_name, author_avatar } = await pb.admin.collection(collection).getOne(id);
  return { author_name, author_avatar };
}

/** The user's own name and avatar, as stored. */
async function userCard(client: PocketBase): Promise<{ author_name: string; author_avatar: string }> {
  const user = await pb.admin.collection('users').getOne(idOf(client));
  return { author_name: user.name, author_avatar: user.avatar };
}

describe('the copy follows the author', () => {
  it('is set on create, from the author, whatever the client sent', async () => {
    const author = await pb.actor('member', { name: 'Ada Lovelace' });
    const own = await author.collection('posts').create({
      board: board.id,
      author: idOf(author),
      title: 'Forged author',
      author_name: 'The Admin',
      author_avatar: 'someone-else.png',
    });
    expect(await copyOf(own.id)).toEqual({ author_name: 'Ada Lovelace', author_avatar: '' });
    const arranged = await createPost(pb, board, author);
    expect(await copyOf(arranged.id)).toEqual({ author_name: 'Ada Lovelace', author_avatar: '' });
  });

  it('cannot be rewritten by the author or staff through an update', async () => {
    const author = await pb.actor('member', { name: 'Grace Hopper' });
    const moderator = await pb.actor('moderator');
    const post = await author.collection('posts').create({ board: board.id, author: idOf(author), title: 'Mine' });
    await author.collection('posts').update(post.id, { title: 'Mine, edited', author_name: 'Someone else' });
    await moderator.collection('posts').update(post.id, { pinned: true, author_avatar: 'x.png' });
    expect(await copyOf(post.id)).toEqual({ author_name: 'Grace Hopper', author_avatar: '' });
    expect((await pb.admin.collection('posts').getOne(post.id)).title).toBe('Mine, edited');
  });

  it('on a comment, is set from the author on create and never from what the client sends', async () => {
    const author = await pb.actor('member', { name: 'Commenter' });
    const post = await createPost(pb, board, author);
    const comment = await author
      .collection('comments')
      .create({ post: post.id, author: idOf(author), body: 'Hi', author_name: 'Staff', author_avatar: 'x.png' });
    expect(await copyOf(comment.id, 'comments')).toEqual({ author_name: 'Commenter', author_avatar: '' });
    await author.collection('comments').update(comment.id, { body: 'Hi again', author_name: 'Staff' });
    expect(await copyOf(comment.id, 'comments')).toEqual({ author_name: 'Commenter', author_avatar: '' });
    expect((await pb.admin.collection('comments').getOne(comment.id)).body).toBe('Hi again');
  });

  it('follows a rename and an avatar change or removal onto every idea and comment of that user, and only theirs', async () => {
    const author = await pb.actor('member', { name: 'Old Name' });
    const other = await pb.actor('member', { name: 'Bystander' });
    const first = await createPost(pb, board, author);
    const second = await createPost(pb, membersBoard, author, { approved: false });
    const theirs = await createPost(pb, board, other);
    const comment = await createComment(pb, theirs, author);
    const hidden = await createComment(pb, first, author, { hidden: true });
    const theirComment = await createComment(pb, first, other);
    const updatedBefore = (await pb.admin.collection('posts').getOne(first.id)).updated;
    /** Every idea and comment of the author carries `card`. */
    const expectEverywhere = async (card: { author_name: string; author_avatar: string }) => {
      for (const post of [first, second]) expect(await copyOf(post.id)).toEqual(card);
      for (const c of [comment, hidden]) expect(await copyOf(c.id, 'comments')).toEqual(card);
    };

    await author.collection('users').update(idOf(author), { name: 'New Name' });
    await expectEverywhere({ author_name: 'New Name', author_avatar: '' });

    await author.collection('users').update(idOf(author), avatarForm('me.png'));
    const withAvatar = await userCard(author);
    expect(withAvatar.author_avatar).toMatch(/^me\w+\.png$/);
    await expectEverywhere(withAvatar);

    await author.collection('users').update(idOf(author), { 'avatar-': [withAvatar.author_avatar] });
    await expectEverywhere({ author_name: 'New Name', author_avatar: '' });

    expect(await copyOf(theirs.id)).toEqual({ author_name: 'Bystander', author_avatar: '' });
    expect(await copyOf(theirComment.id, 'comments')).toEqual({ author_name: 'Bystander', author_avatar: '' });
    // One statement, no post save: the idea's own `updated` (and its realtime subscribers) are untouched.
    expect((await pb.admin.collection('posts').getOne(first.id)).updated).toBe(updatedBefore);
  });

  it('follows a change of author made by a superuser', async () => {
    const first = await pb.actor('member', { name: 'First Author' });
    const second = await pb.actor('member', { name: 'Second Author' });
    await second.collection('users').update(idOf(second), avatarForm('face.png'));
    const post = await createPost(pb, board, first);
    await pb.admin.collection('posts').update(post.id, { author: idOf(second) });
    expect(await copyOf(post.id)).toEqual(await userCard(second));
  });

  // Members erase their account instead, keeping their posts (tests/integration/account/my-data.test.ts).
  it('goes with the user: a user record the operator deletes takes its posts', async () => {
    const author = await pb.actor('member', { name: 'Leaving' });
    const post = await createPost(pb, board, author);
    await pb.admin.collection('users').delete(idOf(author));
    await expect(pb.admin.collection('posts').getOne(post.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('nothing private is published', () => {
  it('a visitor reads on a post exactly the name and avatar the user record shows them', async () => {
    const author = await pb.actor('member', { name: 'Public Person' });
    await author.collection('users').update(idOf(author), avatarForm('pic.png'));
    const post = await createPost(pb, board, author);
    const visitor = pb.visitor();
    const shown = await visitor.collection('posts').getOne(post.id);
    const user = await visitor.collection('users').getOne(idOf(author));
    expect({ author_name: shown.author_name, author_avatar: shown.author_avatar }).toEqual({
      author_name: user.name,
      author_avatar: user.avatar,
    });
  });

  it('a hidden comment shows another member nothing of its author', async () => {
    const author = await pb.actor('member', { name: 'Hidden Author' });
    const reader = await pb.actor('member');
    const post = await createPost(pb, board, author);
    await createComment(pb, post, author, { hidden: true });
    const listed = await reader.collection('comments').getList(1, 50, { filter: `author_name = "Hidden Author"` });
    expect(listed.items).toEqual([]);
  });

  it('an idea a reader may not see shows them nothing of its author', async () => {
    const author = await pb.actor('member', { name: 'Members Only' });
    const post = await createPost(pb, membersBoard, author);
    const visitor = pb.visitor();
    await expect(visitor.collection('posts').getOne(post.id)).rejects.toMatchObject({ status: 404 });
    const listed = await visitor.collection('posts').getList(1, 50, { filter: `author_name = "Members Only"` });
    expect(listed.items).toEqual([]);
  });
});
