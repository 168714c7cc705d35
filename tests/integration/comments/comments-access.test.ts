// Comments: who may read and write them, internal staff notes, replies, edited marker, comment_count.
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
let post: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  post = await createPost(pb, board, actors.member);
});
afterAll(() => pb?.stop());

const comments = (name: Actor) => actors[name].collection('comments');
const commentAs = (name: Actor, fields: Record<string, unknown> = {}, on = post) =>
  comments(name).create({ post: on.id, author: idOf(actors[name]), body: `From ${name}`, ...fields });
const WRITERS = allowed('member', 'other member', 'moderator', 'admin');

describe('comments access', () => {
  it.each(ACTORS)('%s comments as themselves, not as someone else', async (name) => {
    expect(await attempt(() => commentAs(name))).toBe(WRITERS[name]);
    const forged = () => comments(name).create({ post: post.id, author: idOf(actors.member), body: 'Forged' });
    expect(await attempt(forged)).toBe(allowed('member')[name]);
  });
  it.each(ACTORS)("%s: list, view, update and delete the member's comment", async (name) => {
    const comment = await commentAs('member');
    const listed = await comments(name).getFullList({ filter: `id = "${comment.id}"` });
    expect(listed).toHaveLength(1);
    expect(await attempt(() => comments(name).getOne(comment.id))).toBe(true);
    expect(await attempt(() => comments(name).update(comment.id, { body: 'Edited' }))).toBe(allowed('member')[name]);
    expect(await attempt(() => comments(name).delete(comment.id))).toBe(allowed('member', 'moderator', 'admin')[name]);
  });
  it.each(ACTORS)('%s: internal comments are staff-only to write and to read', async (name) => {
    expect(await attempt(() => commentAs(name, { internal: true }))).toBe(allowed('moderator', 'admin')[name]);
    const note = await commentAs('moderator', { internal: true });
    expect(await attempt(() => comments(name).getOne(note.id))).toBe(allowed('moderator', 'admin')[name]);
  });
  it.each(ACTORS)('%s cannot comment on a locked post or a hidden board', async (name) => {
    const locked = await createPost(pb, board, actors.member, { locked: true });
    expect(await attempt(() => commentAs(name, {}, locked))).toBe(false);
    const hidden = await createPost(pb, await createBoard(pb, 'staff'), actors.admin);
    expect(await attempt(() => commentAs(name, {}, hidden))).toBe(allowed('moderator', 'admin')[name]);
  });
  it('the author cannot move a comment, flip it internal or set edited_at', async () => {
    const comment = await commentAs('member');
    const elsewhere = await createPost(pb, board, actors.member);
    for (const change of [{ post: elsewhere.id }, { internal: true }, { edited_at: '2030-01-01 00:00:00Z' }]) {
      expect(await attempt(() => comments('member').update(comment.id, change)), JSON.stringify(change)).toBe(false);
    }
    expect(await attempt(() => commentAs('member', { edited_at: '2030-01-01 00:00:00Z' }))).toBe(false);
  });
});

describe('replies, edits and counts', () => {
  it('allows one level of replies within the same post', async () => {
    const top = await commentAs('member');
    const reply = await commentAs('other member', { parent: top.id });
    expect(await attempt(() => commentAs('member', { parent: reply.id }))).toBe(false);
    const elsewhere = await createPost(pb, board, actors.member);
    expect(await attempt(() => commentAs('member', { parent: top.id }, elsewhere))).toBe(false);
  });
  it('marks an edited body with edited_at', async () => {
    const comment = await commentAs('member');
    expect(comment.edited_at).toBe('');
    const edited = await comments('member').update(comment.id, { body: 'Better words' });
    expect(edited.edited_at).not.toBe('');
  });
  it('counts public comments only, and follows commenters', async () => {
    const fresh = await createPost(pb, board, actors.admin);
    const made = await Promise.all([
      commentAs('member', {}, fresh),
      commentAs('other member', {}, fresh),
      commentAs('moderator', { internal: true }, fresh),
    ]);
    expect((await pb.visitor().collection('posts').getOne(fresh.id)).comment_count).toBe(2);
    await comments('other member').delete(made[1].id);
    expect((await pb.visitor().collection('posts').getOne(fresh.id)).comment_count).toBe(1);
    const followers = await pb.admin.collection('subscriptions').getFullList({ filter: `post = "${fresh.id}"` });
    expect(followers.map((s) => s.user).sort()).toEqual(
      [idOf(actors.admin), idOf(actors.member), idOf(actors['other member']), idOf(actors.moderator)].sort(),
    );
  });
  it('a comment hidden, made internal, shown again or edited moves the public count only when members see less or more', async () => {
    const fresh = await createPost(pb, board, actors.admin);
    const [first] = await Promise.all([commentAs('member', {}, fresh), commentAs('other member', {}, fresh)]);
    const count = async () => (await pb.visitor().collection('posts').getOne(fresh.id)).comment_count;
    const staff = actors.moderator.collection('comments');
    expect(await count()).toBe(2);
    await staff.update(first.id, { hidden: true });
    expect(await count()).toBe(1);
    await staff.update(first.id, { hidden: false });
    expect(await count()).toBe(2);
    await staff.update(first.id, { internal: true });
    expect(await count()).toBe(1);
    await staff.update(first.id, { internal: false });
    const edited = await comments('member').update(first.id, { body: 'Edited words' });
    expect(edited.edited_at).not.toBe('');
    expect(await count()).toBe(2);
  });
});
