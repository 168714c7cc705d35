// Spam held for review (issue 38): a new member's first idea or comment with a link waits, an established
// member's does not, blocked words and domains hold anyone's but staff's, and only a moderator releases or deletes.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { attempt, createBoard, createPost, idOf } from '../../support/world';

let pb: TestPocketBase;
let board: RecordModel;
let moderator: PocketBase;
let admin: PocketBase;
let visitor: PocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
  board = await createBoard(pb, 'public');
  [moderator, admin] = await Promise.all([pb.actor('moderator'), pb.actor('admin')]);
  // An endpoint that takes comment.posted (never answering: only what is queued matters here).
  await pb.admin
    .collection('webhooks')
    .create({ name: 'Comments', url: 'http://127.0.0.1:9/hook', kind: 'standard', events: ['comment.posted'] });
  visitor = pb.visitor();
  const guard = await admin.collection('spam_guard').getFirstListItem('');
  await admin.collection('spam_guard').update(guard.id, {
    blocked_words: 'casino\nviagra, 激安',
    blocked_domains: 'spam.example\nhttps://www.bad-pills.ru/',
  });
});
afterAll(() => pb?.stop());

const idea = (who: PocketBase, title: string, body = 'Details') =>
  who.collection('posts').create({ board: board.id, author: idOf(who), title, body });
const comment = (who: PocketBase, post: RecordModel, body: string) =>
  who.collection('comments').create({ post: post.id, author: idOf(who), body });
const seenBy = (who: PocketBase, collection: string, id: string) =>
  attempt(() => who.collection(collection).getOne(id));

describe('holds', () => {
  it("a new member's first idea with a link waits; its author sees it, other members and visitors do not", async () => {
    const [author, other] = await Promise.all([pb.actor('member'), pb.actor('member')]);
    const held = await idea(author, 'Cheap watches', 'Look at https://watches.example.net/deal');
    expect(held).toMatchObject({ approved: false, held_for: 'links' });
    expect(await seenBy(author, 'posts', held.id)).toBe(true);
    expect(await seenBy(other, 'posts', held.id)).toBe(false);
    expect(await seenBy(visitor, 'posts', held.id)).toBe(false);
    expect(await seenBy(moderator, 'posts', held.id)).toBe(true);
    // The author cannot release it: approved and held_for are not theirs.
    expect(await attempt(() => author.collection('posts').update(held.id, { approved: true }))).toBe(false);
    await author.collection('posts').update(held.id, { held_for: '', body: 'no link now' });
    expect(await moderator.collection('posts').getOne(held.id)).toMatchObject({ approved: false, held_for: 'links' });
    // A moderator approves it: published, no longer held.
    const approved = await moderator.collection('posts').update(held.id, { approved: true });
    expect(approved).toMatchObject({ approved: true, held_for: '' });
    expect(await seenBy(visitor, 'posts', held.id)).toBe(true);
  });

  it("an established member's second idea with a link is published", async () => {
    const author = await pb.actor('member');
    await createPost(pb, board, author);
    const post = await idea(author, 'See the docs', 'As in www.example.org/guide and docs.example.com');
    expect(post).toMatchObject({ approved: true, held_for: '' });
  });

  it("a new member's first idea without a link is published; their first comment with a link waits", async () => {
    const author = await pb.actor('member');
    const post = await idea(author, 'Dark mode', 'Please add a dark theme. Node.js and notes.txt are not links.');
    expect(post).toMatchObject({ approved: true, held_for: '' });
    const newcomer = await pb.actor('member');
    const held = await comment(newcomer, post, 'Free money at [this site](http://free-money.example.com)');
    expect(held).toMatchObject({ hidden: true, held_for: 'links' });
    expect(await seenBy(newcomer, 'comments', held.id)).toBe(true);
    expect(await seenBy(author, 'comments', held.id)).toBe(false);
    expect(await seenBy(visitor, 'comments', held.id)).toBe(false);
    // Not counted nor announced while held: the idea's author (a follower) hears nothing yet.
    expect((await visitor.collection('posts').getOne(post.id)).comment_count).toBe(0);
    const notices = () => author.collection('notifications').getFullList({ filter: `comment = "${held.id}"` });
    expect(await notices()).toHaveLength(0);
    const posted = () =>
      pb.admin
        .collection('webhook_deliveries')
        .getFullList({ filter: `event = "comment.posted" && payload ~ "${held.id}"` });
    expect(await posted()).toHaveLength(0);
    expect(await attempt(() => newcomer.collection('comments').update(held.id, { hidden: false }))).toBe(false);
    const shown = await moderator.collection('comments').update(held.id, { hidden: false });
    expect(shown).toMatchObject({ hidden: false, held_for: '' });
    expect(await seenBy(visitor, 'comments', held.id)).toBe(true);
    expect((await visitor.collection('posts').getOne(post.id)).comment_count).toBe(1);
    // Published, it is announced as a new comment would have been.
    expect(await notices()).toMatchObject([{ kind: 'comment', actor: idOf(newcomer) }]);
    expect(await posted()).toHaveLength(1);
  });

  it('a blocked word or domain holds even an established member, in any case or script', async () => {
    const author = await pb.actor('member');
    const post = await createPost(pb, board, author);
    expect(await idea(author, 'Best CASINO bonus', 'Win big')).toMatchObject({
      approved: false,
      held_for: 'blocked_word',
    });
    expect(await idea(author, 'Sale', '激安ブランド品')).toMatchObject({ held_for: 'blocked_word' });
    expect(await comment(author, post, 'go to shop.spam.example now')).toMatchObject({
      hidden: true,
      held_for: 'blocked_domain',
    });
    expect(await comment(author, post, 'Visit https://bad-pills.ru/x')).toMatchObject({ held_for: 'blocked_domain' });
    // Words stand whole: "occasional" holds nothing.
    expect(await comment(author, post, 'An occasional glitch')).toMatchObject({ hidden: false, held_for: '' });
  });

  it('an edit that brings a blocked word holds a published comment again', async () => {
    const author = await pb.actor('member');
    const post = await createPost(pb, board, author);
    const clean = await comment(author, post, 'Nice idea');
    const edited = await author.collection('comments').update(clean.id, { body: 'Nice idea, try viagra' });
    expect(edited).toMatchObject({ hidden: true, held_for: 'blocked_word' });
  });

  it('staff are never held, nor is what the operator imports', async () => {
    const post = await idea(moderator, 'Casino night', 'https://spam.example');
    expect(post).toMatchObject({ approved: true, held_for: '' });
    expect(await comment(admin, post, 'casino at https://spam.example')).toMatchObject({ hidden: false, held_for: '' });
    const imported = await createPost(pb, board, await pb.actor('member'), { body: 'https://spam.example' });
    expect(imported).toMatchObject({ approved: true, held_for: '' });
  });

  it('the lists are admins only: moderators, members and visitors cannot read or change them', async () => {
    const member = await pb.actor('member');
    for (const who of [moderator, member, visitor]) {
      expect(await attempt(() => who.collection('spam_guard').getFirstListItem(''))).toBe(false);
    }
    const guard = await admin.collection('spam_guard').getFirstListItem('');
    expect(await attempt(() => moderator.collection('spam_guard').update(guard.id, { blocked_words: '' }))).toBe(false);
    expect(await attempt(() => admin.collection('spam_guard').create({}))).toBe(false);
    expect(await attempt(() => admin.collection('spam_guard').delete(guard.id))).toBe(false);
  });

  it('nothing held is deleted except by a moderator: held records stay until decided', async () => {
    const newcomer = await pb.actor('member');
    const held = await idea(newcomer, 'Link', 'https://example.net');
    expect((await moderator.collection('posts').getFullList({ filter: `id = "${held.id}"` })).length).toBe(1);
    await moderator.collection('posts').delete(held.id);
    expect(await seenBy(moderator, 'posts', held.id)).toBe(false);
  });
});
