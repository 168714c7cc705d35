// An idea page's reads in one request (GET /api/chorus/posts/{id}/page, pb_hooks/ideas/idea-page.js, issue 59):
// for every actor and every kind of idea, the idea equals PocketBase's records API view of it with the same expands
// (404 where that API says 404), the voters and comments equal the voters and comments routes' first pages, and the
// caller's own state (vote, follow, unanswered question) is theirs alone. Its bounds, hostile numbers and API keys.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTERS_MOST, VOTERS_PAGE } from '../../../src/contract/voter-pages';
import { createApiKey, keyClient } from '../../support/api-keys';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actor, type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

/** What the idea page asks for (staff's expands included: the rules decide what each caller gets of them). */
const EXPAND = 'status_events_via_post.actor,board,board.custom_fields_via_board,post_insights_via_post';

let pb: TestPocketBase;
let actors: Actors;
const ideas = {} as Record<'public' | 'members' | 'staff' | 'unapproved', RecordModel>;

const pagePath = (id: string) => `/api/chorus/posts/${id}/page`;

/** The records API's 404 and the route's, alike: null when the caller may not see the idea. */
async function orNotFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  const boards = {
    public: await createBoard(pb, 'public'),
    members: await createBoard(pb, 'members'),
    staff: await createBoard(pb, 'staff'),
  };
  const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
  ideas.public = await createPost(pb, boards.public, actors['other member'], { title: 'Public, with history' });
  await actors.moderator.collection('posts').update(ideas.public.id, { status: planned.id });
  ideas.members = await createPost(pb, boards.members, actors.member, { title: 'Members only' });
  ideas.staff = await createPost(pb, boards.staff, actors.moderator, { title: 'Staff only' });
  ideas.unapproved = await createPost(pb, boards.public, actors.member, { title: 'Waiting', approved: false });
  for (const idea of Object.values(ideas)) {
    await pb.admin
      .collection('post_insights')
      .create({ post: idea.id, revenue: 1200 })
      .catch(() => undefined);
    for (const [n, author] of [actors.member, actors['other member'], actors.moderator].entries())
      await pb.admin.collection('comments').create({ post: idea.id, author: idOf(author), body: `Comment ${n}` });
    await pb.admin
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.moderator), body: 'Staff note', internal: true });
    await pb.admin
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.member), body: 'Hidden', hidden: true });
  }
  for (const name of ['member', 'moderator', 'admin'] as const)
    await actors[name].collection('votes').create({ post: ideas.public.id, user: idOf(actors[name]) });
}, 120_000);
afterAll(() => pb?.stop());

describe('the idea page in one request', () => {
  it('gives every actor the records API view of each idea, its voters and its comments, or 404 as that API does', async () => {
    let seen = 0;
    for (const actor of ACTORS) {
      const client = actors[actor];
      for (const [kind, idea] of Object.entries(ideas)) {
        const at = `${actor} on the ${kind} idea`;
        const record = await orNotFound(() => client.collection('posts').getOne(idea.id, { expand: EXPAND }));
        const page = await orNotFound(() =>
          client.send(pagePath(idea.id), { query: { expand: EXPAND, comments: 100, voters: 50 } }),
        );
        if (!record) {
          expect(page, at).toBeNull();
          continue;
        }
        seen++;
        expect(page.idea, at).toEqual(record);
        expect(page.voters, at).toEqual(
          await client.send(`/api/chorus/posts/${idea.id}/voters`, { query: { perPage: 50 } }),
        );
        expect(page.comments, at).toEqual(
          await client.send(`/api/chorus/posts/${idea.id}/comments`, { query: { limit: 100 } }),
        );
      }
    }
    // Every actor sees the public idea; members the members' one; staff everything.
    expect(seen).toBeGreaterThan(ACTORS.length + 4);
    // What the rules hide stays hidden: a member gets no staff-only insights, nor an internal or hidden comment not theirs.
    const asOther = await actors['other member'].send(pagePath(ideas.public.id), { query: { expand: EXPAND } });
    expect(asOther.idea.expand?.post_insights_via_post).toBeUndefined();
    expect(asOther.comments.items.map((c: { body: string }) => c.body)).toEqual([
      'Comment 0',
      'Comment 1',
      'Comment 2',
    ]);
    const asStaff = await actors.moderator.send(pagePath(ideas.public.id), { query: { expand: EXPAND } });
    expect(asStaff.idea.expand?.post_insights_via_post).toMatchObject({ post: ideas.public.id });
    expect(asStaff.idea.expand?.status_events_via_post).toHaveLength(1);
    expect(asStaff.comments.items).toHaveLength(5);
  });

  it('reads the first `comments` comments and `voters` voters, within bounds, whatever the numbers sent', async () => {
    const id = ideas.public.id;
    const read = (query: Record<string, string | number>) => actors.member.send(pagePath(id), { query });
    const two = await read({ comments: 2, voters: 1 });
    expect(two.comments.items).toHaveLength(2);
    expect(two.comments.next).toEqual(expect.any(String));
    expect(two.voters).toMatchObject({ page: 1, perPage: 1, totalItems: 3 });
    expect(two.voters.items).toHaveLength(1);
    for (const hostile of ['-5', '0', 'abc', '1e9', '99999999999999999999', "1' OR 1=1"]) {
      const page = await read({ comments: hostile, voters: hostile });
      expect(page.comments.items.length, hostile).toBeGreaterThan(0);
      expect(page.voters.perPage, hostile).toBeGreaterThanOrEqual(1);
      expect(page.voters.perPage, hostile).toBeLessThanOrEqual(500);
    }
    expect((await read({ voters: 100_000 })).voters.perPage).toBe(VOTERS_MOST);
    // Asked for none (or 0), both routes give the first page the idea page shows.
    for (const query of [{}, { voters: 0 }]) expect((await read(query)).voters.perPage).toBe(VOTERS_PAGE);
    expect((await actors.member.send(`/api/chorus/posts/${id}/voters`, {})).perPage).toBe(VOTERS_PAGE);
  });

  it('answers 404 for an idea the caller may not see, as the records API does', async () => {
    for (const name of ['visitor', 'member', 'blocked member'] as const) {
      await expect(actors[name].send(pagePath(ideas.staff.id), {}), name).rejects.toMatchObject({ status: 404 });
      await expect(actors[name].collection('posts').getOne(ideas.staff.id), name).rejects.toMatchObject({
        status: 404,
      });
    }
    await expect(actors.visitor.send(pagePath(ideas.members.id), {})).rejects.toMatchObject({ status: 404 });
    expect((await actors.moderator.send(pagePath(ideas.staff.id), {})).idea.id).toBe(ideas.staff.id);
  });

  it('answers 404 for an idea that does not exist, and expands only what the caller may read of a relation', async () => {
    expect(await orNotFound(() => actors.member.send(pagePath('nosuchidea00000'), {}))).toBeNull();
    expect(await orNotFound(() => actors.member.send(pagePath('../../health'), {}))).toBeNull();
    const page = await actors.visitor.send(pagePath(ideas.public.id), { query: { expand: 'author' } });
    // The author's private fields stay private, as in the records API (public-profile.js).
    expect(Object.keys(page.idea.expand?.author ?? {}).sort()).toEqual(
      Object.keys(
        (await actors.visitor.collection('posts').getOne(ideas.public.id, { expand: 'author' })).expand?.author ?? {},
      ).sort(),
    );
    expect(page.idea.expand?.author?.email).toBeUndefined();
  });

  it("an API key's request counts against its own limit, and a key in the address is refused", async () => {
    const key = await createApiKey(actors.admin, 'read', { rate_limit: 2 });
    const client = keyClient(pb.url, key.token);
    await client.send(pagePath(ideas.public.id), {});
    await client.send(pagePath(ideas.public.id), {});
    await expect(client.send(pagePath(ideas.public.id), {})).rejects.toMatchObject({ status: 429 });
    await expect(actors.visitor.send(pagePath(ideas.public.id), { query: { token: key.token } })).rejects.toMatchObject(
      { status: 400 },
    );
  });
});

describe("the caller's own state beside the voters", () => {
  const mineOf = async (name: Actor, post: RecordModel) => (await actors[name].send(pagePath(post.id), {})).mine;
  const voteAs = (name: Actor, post: RecordModel) =>
    actors[name].collection('votes').create({ post: post.id, user: idOf(actors[name]) });

  it("gives each caller their own vote, follow and unanswered question, nobody else's", async () => {
    const board = await createBoard(pb, 'public');
    const post = await createPost(pb, board, actors['other member']);
    const vote = await voteAs('member', post);
    const follow = await actors.member.collection('subscriptions').getFirstListItem(`post = "${post.id}"`);
    await voteAs('admin', post);
    const question = await pb.admin.collection('idea_questions').create({
      post: post.id,
      author: idOf(actors.moderator),
      body: 'Which paper size?',
      sent_count: 3,
    });
    for (const name of ['member', 'blocked member', 'moderator'] as const)
      await pb.admin.collection('question_recipients').create({ question: question.id, user: idOf(actors[name]) });

    const mine = await mineOf('member', post);
    expect(mine).toMatchObject({ vote: vote.id, subscription: follow.id, question: { id: question.id } });
    expect(mine.question.body).toBe('Which paper size?');
    // Another member gets their own (none), a visitor nothing.
    expect(await mineOf('other member', post)).toEqual({
      vote: null,
      subscription: expect.any(String), // the author follows their idea
      question: null,
    });
    expect(await mineOf('visitor', post)).toBeNull();
    // The voters route itself carries no one's own state.
    expect('mine' in (await actors.member.send(`/api/chorus/posts/${post.id}/voters`, { query: { mine: 1 } }))).toBe(
      false,
    );
    // Staff and blocked members are offered no question (the page offers none to them); staff get their vote.
    expect((await mineOf('admin', post)).vote).toEqual(expect.any(String));
    expect((await mineOf('moderator', post)).question).toBeNull();
    expect((await mineOf('blocked member', post)).question).toBeNull();
    // Answered, the question is no longer offered.
    await actors.member
      .collection('idea_answers')
      .create({ question: question.id, user: idOf(actors.member), body: 'A4' });
    expect((await mineOf('member', post)).question).toBeNull();
  });
});
