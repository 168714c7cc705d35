// Reactions and subscriptions: readable as their parent allows, written only for oneself.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  ACTORS,
  type Actor,
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
let comment: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  const post = await createPost(pb, board, actors.member);
  comment = await pb.admin.collection('comments').create({ post: post.id, author: idOf(actors.member), body: 'Hi' });
});
afterAll(() => pb?.stop());

const WRITERS = allowed('member', 'other member', 'moderator', 'admin');
const reactions = (name: Actor) => actors[name].collection('reactions');
const subscriptions = (name: Actor) => actors[name].collection('subscriptions');

describe('reactions', () => {
  it.each(ACTORS)('%s reacts as themselves, once per emoji, from the set only', async (name) => {
    const react = (emoji: string, user = idOf(actors[name])) =>
      reactions(name).create({ comment: comment.id, user, emoji });
    expect(await attempt(() => react('🎉'))).toBe(WRITERS[name]);
    expect(await attempt(() => react('🎉'))).toBe(false);
    expect(await attempt(() => react('🤡'))).toBe(false);
    expect(await attempt(() => react('👀', idOf(actors[name === 'other member' ? 'member' : 'other member'])))).toBe(
      false,
    );
  });
  it.each(ACTORS)("%s: list, view, update and delete the member's reaction", async (name) => {
    const reaction = await reactions('member').create({ comment: comment.id, user: idOf(actors.member), emoji: '👍' });
    expect(await attempt(() => reactions(name).getOne(reaction.id))).toBe(true);
    expect(await attempt(() => reactions(name).update(reaction.id, { emoji: '❤️' }))).toBe(false);
    expect(await attempt(() => reactions(name).delete(reaction.id))).toBe(allowed('member')[name]);
    if (name !== 'member') await reactions('member').delete(reaction.id);
  });
  it('reactions on an internal comment are staff-only', async () => {
    const note = await pb.admin
      .collection('comments')
      .create({ post: comment.post, author: idOf(actors.moderator), body: 'Staff note', internal: true });
    const reaction = await reactions('admin').create({ comment: note.id, user: idOf(actors.admin), emoji: '👀' });
    for (const name of ACTORS) {
      expect(await attempt(() => reactions(name).getOne(reaction.id)), name).toBe(allowed('moderator', 'admin')[name]);
    }
    expect(
      await attempt(() => reactions('member').create({ comment: note.id, user: idOf(actors.member), emoji: '👍' })),
    ).toBe(false);
  });
});

describe('subscriptions', () => {
  it.each(ACTORS)('%s follows and unfollows for themselves only', async (name) => {
    const post = await createPost(pb, board, actors[name === 'admin' ? 'moderator' : 'admin']);
    const follow = (user: string) => subscriptions(name).create({ post: post.id, user });
    const someone = idOf(actors[name === 'other member' ? 'member' : 'other member']);
    expect(await attempt(() => follow(someone))).toBe(false);
    expect(await attempt(() => follow(idOf(actors[name])))).toBe(WRITERS[name]);
    const mine = await subscriptions(name).getFullList({ filter: `post = "${post.id}"` });
    expect(mine.every((s) => s.user === idOf(actors[name]))).toBe(true);
    for (const follow of mine) expect(await attempt(() => subscriptions(name).delete(follow.id))).toBe(true);
  });
  it.each(ACTORS)("%s cannot see, change or delete the author's subscription", async (name) => {
    const post = await createPost(pb, board, actors.admin);
    const authorFollow = await pb.admin.collection('subscriptions').getFirstListItem(`post = "${post.id}"`);
    const own = name === 'admin';
    expect(await attempt(() => subscriptions(name).getOne(authorFollow.id))).toBe(own);
    expect(await attempt(() => subscriptions(name).update(authorFollow.id, { post: post.id }))).toBe(false);
    if (!own) expect(await attempt(() => subscriptions(name).delete(authorFollow.id))).toBe(false);
  });
  it('nobody follows a post they cannot see', async () => {
    const hidden = await createPost(pb, await createBoard(pb, 'staff'), actors.admin);
    expect(await attempt(() => subscriptions('member').create({ post: hidden.id, user: idOf(actors.member) }))).toBe(
      false,
    );
  });
});
