// Public profiles and the staff mark (issue 42), as an attacker tries them: who is staff or blocked is asked of
// the users list, of lists that reach users through a relation, of expands and of realtime; a member takes a
// staff member's name or writes the staff mark onto their own comment. A profile answers a name and an avatar
// to everyone but the member themself and staff, and the Team mark is the server's word.
import { readFileSync } from 'node:fs';
import type PocketBase from 'pocketbase';
import type { ClientResponseError, RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime } from '../../support/realtime';
import { type Actors, createActors, createBoard, createComment, createPost, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let post: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  post = await createPost(pb, await createBoard(pb, 'public'), actors.admin, { title: 'The admin’s idea' });
  await createComment(pb, post, actors.moderator, { body: 'A moderator answers' });
  await createComment(pb, post, actors.member, { body: 'A member asks' });
  await createComment(pb, post, actors['blocked member'], { body: 'Written before the block' });
});
afterAll(() => pb?.stop());

/** What a profile may show anyone: the record's address and the public fields. */
const PUBLIC_KEYS = ['avatar', 'avatar_url', 'collectionId', 'collectionName', 'id', 'name'];
const PRIVATE_FIELDS = ['role', 'blocked', 'verified', 'emailVisibility', 'locale', 'created', 'updated'];
const english = JSON.parse(readFileSync('locales/en.json', 'utf8')).pbErrors;
const french = JSON.parse(readFileSync('locales/fr.json', 'utf8')).pbErrors;

/** A list's answer, as an attacker reads it: how many records, or the refusal. */
const listAnswer = (client: PocketBase, collection: string, options: Record<string, string>) =>
  client
    .collection(collection)
    .getFullList(options)
    .then(
      (rows) => `listed ${rows.length}`,
      (error: ClientResponseError) => `refused ${error.status}`,
    );

describe('who is staff or blocked is nobody else’s business', () => {
  it("a visitor lists users filtered by role='admin' and learns nothing", async () => {
    const visitor = pb.visitor();
    expect(await listAnswer(visitor, 'users', { filter: "role = 'admin'" })).toBe('listed 0');
    // The same question through relations (PocketBase holds the join to the users list rule: self and staff):
    // a filter that matches staff and one that matches nobody answer alike.
    const questions: [string, string, string][] = [
      ['posts', "author.role = 'admin'", "author.role = 'nobody'"],
      ['comments', "author.role = 'moderator'", "author.role = 'nobody'"],
      ['comments', 'author.blocked = true', 'author.blocked = true && author.blocked = false'],
      ['boards', "posts_via_board.author.role ?= 'admin'", "posts_via_board.author.role ?= 'nobody'"],
    ];
    for (const viewer of [visitor, actors.member]) {
      for (const [collection, staff, nobody] of questions) {
        const asked = await listAnswer(viewer, collection, { filter: staff });
        expect(asked, `${collection}: ${staff}`).toBe(await listAnswer(viewer, collection, { filter: nobody }));
        expect(asked, `${collection}: ${staff}`).toBe('listed 0');
      }
    }
    // Nor by looking each author up: the records answer a name and an avatar.
    const comments = await visitor.collection('comments').getFullList({ filter: `post = "${post.id}"` });
    for (const comment of comments) {
      const author = await visitor.collection('users').getOne(comment.author);
      expect(Object.keys(author).sort(), comment.body).toEqual(PUBLIC_KEYS);
    }
    // Staff still ask by role (the alert rules' staff list).
    const staffList = await actors.moderator.collection('users').getFullList({ filter: "role = 'admin'" });
    expect(staffList.map((u) => u.id)).toContain(idOf(actors.admin));
  });

  it('a visitor subscribes to users realtime and sees no role/blocked/verified change', async () => {
    const target = await pb.actor('member');
    const id = idOf(target);
    const topics = [`users/${id}`, 'users/*'];
    const strangers = [
      await listenRealtime(pb.visitor(), topics),
      await listenRealtime(actors['other member'], topics),
    ];
    const self = await listenRealtime(target, topics);
    const staff = await listenRealtime(actors.moderator, topics);
    // A subscription asking the question in its filter hears nothing (the join is held to the users list rule).
    const asking = { query: { filter: 'author.role = "moderator"' } };
    strangers.push(
      await listenRealtime(pb.visitor(), [`comments/*?options=${encodeURIComponent(JSON.stringify(asking))}`]),
    );
    try {
      await createComment(pb, post, actors.moderator, { body: 'Heard by staff-askers?' });
      await pb.admin.collection('users').update(id, { verified: false });
      await pb.admin.collection('users').update(id, { blocked: true });
      await self.waitFor((e) => e.record.id === id && e.record.blocked === true);
      const seen = await staff.waitFor((e) => e.record.id === id && e.record.blocked === true);
      expect(seen.record).toMatchObject({ role: 'member', verified: false });
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const stranger of strangers) expect(stranger.events).toEqual([]);
    } finally {
      for (const listener of [...strangers, self, staff]) listener.close();
    }
  });

  it("a member expands a comment's author and sees name and avatar only", async () => {
    for (const viewer of [actors.member, pb.visitor()]) {
      const comments = await viewer
        .collection('comments')
        .getFullList({ filter: `post = "${post.id}"`, expand: 'author,post.author' });
      const authors = comments.map((comment) => comment.author);
      expect(authors).toEqual(expect.arrayContaining([idOf(actors.moderator), idOf(actors['blocked member'])]));
      for (const comment of comments) {
        const author = comment.expand?.author as RecordModel;
        if (author.id === idOf(viewer)) continue;
        expect(Object.keys(author).sort(), comment.body).toEqual(PUBLIC_KEYS);
        expect(Object.keys(comment.expand?.post.expand.author).sort()).toEqual(PUBLIC_KEYS);
      }
      const admin = await viewer.collection('users').getOne(idOf(actors.admin));
      expect(Object.keys(admin).sort()).toEqual(PUBLIC_KEYS);
    }
  });

  it("the member sees their own role; staff see everyone's", async () => {
    const subject = idOf(actors.member);
    await pb.admin.collection('users').update(subject, { emailVisibility: true });
    const viewers = ['visitor', 'member', 'other member', 'moderator', 'admin'] as const;
    const seen: Record<string, Record<string, boolean>> = {};
    const expected: Record<string, Record<string, boolean>> = {};
    for (const viewer of viewers) {
      const client = viewer === 'visitor' ? pb.visitor() : actors[viewer];
      const record = await client.collection('users').getOne(subject);
      seen[viewer] = Object.fromEntries(['name', ...PRIVATE_FIELDS, 'email'].map((f) => [f, f in record]));
      const mayKnow = ['member', 'moderator', 'admin'].includes(viewer);
      expected[viewer] = { name: true, ...Object.fromEntries(PRIVATE_FIELDS.map((f) => [f, mayKnow])), email: mayKnow };
    }
    expect(seen).toEqual(expected);
    // The site's own pages that show roles: the account menu (the member's auth record) and the members list.
    const refreshed = await actors.member.collection('users').authRefresh();
    expect(refreshed.record).toMatchObject({ role: 'member', blocked: false, verified: true });
    const members = await actors.admin
      .collection('users')
      .getList(1, 50, { filter: `id = "${idOf(actors.moderator)}"`, fields: 'id,name,role,blocked' });
    expect(members.items[0]).toMatchObject({ role: 'moderator', blocked: false });
  });
});

describe('a member cannot pass for staff', () => {
  it("a member renames themself to the admin's name / to a Cyrillic look-alike and is refused", async () => {
    await pb.admin.collection('users').update(idOf(actors.admin), { name: 'Alice Martin' });
    const users = actors['other member'].collection('users');
    const me = idOf(actors['other member']);
    for (const name of [
      'Alice Martin',
      'alice   MARTIN',
      'Аlice Маrtin',
      'AIice Martin',
      'Al\u200bice Martin',
      'Álice Martin.',
    ]) {
      const error = await users.update(me, { name }).then(
        () => null,
        (e: ClientResponseError) => e,
      );
      expect(error?.status, name).toBe(400);
      expect(error?.response.data.name.code, name).toBe('validation_staff_name');
      expect(error?.response.message, name).toBe(english.staffNameTaken);
    }
    const inFrench = await users
      .update(me, { name: 'Alice Martin' }, { headers: { 'Accept-Language': 'fr' } })
      .catch((e: ClientResponseError) => e.response.message);
    expect(inFrench).toBe(french.staffNameTaken);
    // Sign-up takes the same check.
    const signUp = await pb
      .visitor()
      .collection('users')
      .create({
        email: `alice-${Date.now()}@chorus.test`,
        password: TEST_PASSWORD,
        passwordConfirm: TEST_PASSWORD,
        name: 'ALICE MARTlN',
      })
      .then(
        () => 'created',
        (e: ClientResponseError) => e.response.data?.name?.code,
      );
    expect(signUp).toBe('validation_staff_name');
    // A name that merely resembles is kept, and staff may use their own (or a colleague's).
    expect((await users.update(me, { name: 'Alice Martinez' })).name).toBe('Alice Martinez');
    expect((await actors.admin.collection('users').update(idOf(actors.admin), { name: 'Alice  Martin' })).name).toBe(
      'Alice  Martin',
    );
  });

  it('a member cannot set by_staff on their comment', async () => {
    const mine = await actors.member
      .collection('comments')
      .create({ post: post.id, author: idOf(actors.member), body: 'I am the team', by_staff: true });
    expect(mine.by_staff).toBe(false);
    const edited = await actors.member
      .collection('comments')
      .update(mine.id, { body: 'Still the team', by_staff: true });
    expect(edited.by_staff).toBe(false);
    const staff = await actors.moderator
      .collection('comments')
      .create({ post: post.id, author: idOf(actors.moderator), body: 'Official', by_staff: false });
    expect(staff.by_staff).toBe(true);
    expect((await actors.moderator.collection('comments').update(staff.id, { by_staff: false })).by_staff).toBe(true);
  });
});
