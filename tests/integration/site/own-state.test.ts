// A member's own state in their browser's session refresh (issue 59, src/contract/own-state.ts): asked with ?own=,
// PocketBase answers their votes on the ideas ?ownPosts= names (at most OWN_POSTS_MOST, never every vote of theirs),
// their unread notifications and their follow of the idea named, each exactly what the votes, notifications and
// subscriptions list rules show them, for every actor; never anyone else's; a value that is no idea's id names none;
// and a refresh that does not ask (the Worker's one check per page view) gets none. GET /api/chorus/own-votes answers
// the same votes for ideas shown later.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OWN_META,
  OWN_POSTS_MOST,
  OWN_POSTS_QUERY,
  OWN_QUERY,
  type OwnState,
  type OwnVote,
} from '../../../src/contract/own-state';
import { refreshMemberAuthAnswer } from '../../../src/lib/pb/auth-refresh';
import { ownRowId } from '../../../src/lib/pb/own-row';
import { heldSession, startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf, SIGNED_IN } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let ideas: RecordModel[];
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  const board = await createBoard(pb, 'public');
  // By an author none of the actors is (an author follows their own idea).
  const author = await pb.actor('member');
  ideas = await Promise.all([1, 2, 3].map(() => createPost(pb, board, author)));
  // Each signed-in actor votes for the second idea or the second and third (a vote follows its idea), every other
  // one follows the first, and each has notifications, some read.
  for (const [index, actor] of SIGNED_IN.entries()) {
    const user = idOf(actors[actor]);
    for (const idea of ideas.slice(1, 2 + (index % 2)))
      await pb.admin.collection('votes').create({ post: idea.id, user });
    if (index % 2 === 0) await pb.admin.collection('subscriptions').create({ post: ideas[0]?.id, user });
    for (let n = 0; n <= index % 3; n++) {
      await pb.admin
        .collection('notifications')
        .create({ user, kind: 'status', post: ideas[0]?.id, read_at: n === 0 ? '' : new Date().toISOString() });
    }
  }
}, 120_000);
afterAll(() => pb?.stop());

/** The refresh as the browser makes it, asking for its own state with `own` and the votes on `posts` (the page's
 * ideas: all three by default). */
async function ownState(
  client: PocketBase,
  own: string | undefined,
  posts: string[] = ideas.map((idea) => idea.id),
): Promise<OwnState | undefined> {
  const query = own === undefined ? undefined : { [OWN_QUERY]: own, [OWN_POSTS_QUERY]: posts.join(',') };
  const { meta } = await refreshMemberAuthAnswer(client, query ? { query } : {});
  return meta[OWN_META] as OwnState | undefined;
}

/** The route's answer for ideas shown after the refresh. */
const ownVotes = (client: PocketBase, posts: string) =>
  client.send<{ posts: string[]; votes: OwnVote[] }>('/api/chorus/own-votes', { query: { posts } });

/** An idea's id that names no idea. */
const madeUpId = (n: number) => `zz${String(n).padStart(13, '0')}`;

/** What the list rules show the actor, request by request (what the stores asked for before). */
async function listed(client: PocketBase, post: string) {
  const votes = await client
    .collection('votes')
    .getFullList({ filter: `user = "${idOf(client)}"`, fields: 'id,post,counted' });
  const unread = (await client.collection('notifications').getList(1, 1, { filter: 'read_at = ""' })).totalItems;
  return { votes, unread, follow: await ownRowId(client, 'subscriptions', post, idOf(client)) };
}

const byPost = (votes: { id: string; post: string; counted: boolean }[]) =>
  votes.map(({ id, post, counted }) => ({ id, post, counted })).sort((a, b) => a.post.localeCompare(b.post));

describe("a member's own state in their session refresh", () => {
  it.each(SIGNED_IN)('is what the list rules show %s, request by request', async (actor) => {
    const client = actors[actor];
    const post = ideas[0]?.id ?? '';
    const own = await ownState(client, post);
    const expected = await listed(client, post);
    expect(expected.votes.length).toBeGreaterThan(0);
    expect(own).toBeDefined();
    expect(own?.user).toBe(idOf(client));
    expect(byPost(own?.votes ?? [])).toEqual(byPost(expected.votes as never));
    expect(own?.unread).toBe(expected.unread);
    expect(own?.post).toBe(post);
    expect(own?.follow).toBe(expected.follow);
  });

  it("never holds another member's votes, notifications or follow", async () => {
    const own = await ownState(actors.member, ideas[0]?.id ?? '');
    const others = await pb.admin.collection('votes').getFullList({ filter: `user != "${idOf(actors.member)}"` });
    expect(others.length).toBeGreaterThan(0);
    const mine = new Set((own?.votes ?? []).map((vote) => vote.id));
    expect(others.filter((vote) => mine.has(vote.id))).toEqual([]);
    // 'other member' (index 1) follows nothing; the member (index 0) follows the first idea.
    expect((await ownState(actors['other member'], ideas[0]?.id ?? ''))?.follow).toBeNull();
  });

  it('names no idea for a value that is no idea id, and no follow for an idea not followed', async () => {
    for (const hostile of [
      '',
      `${ideas[0]?.id}" OR 1=1`,
      '../../etc',
      'x'.repeat(5000),
      ideas[0]?.id.toUpperCase() ?? '',
    ]) {
      const own = await ownState(actors.member, hostile);
      expect(own?.post, hostile).toBe('');
      expect(own?.follow, hostile).toBeNull();
      expect(own?.votes.length, hostile).toBeGreaterThan(0);
    }
    expect((await ownState(actors.member, ideas[2]?.id ?? ''))?.follow).toBeNull();
  });

  it('shows a vote held until the member confirms their email as not counted', async () => {
    const client = pb.visitor();
    const email = `held-own-${Date.now()}@chorus.test`;
    await pb.admin
      .collection('users')
      .create({ email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, role: 'member' });
    await heldSession(pb, client, email, TEST_PASSWORD);
    await client.collection('votes').create({ post: ideas[1]?.id, user: idOf(client) });
    const own = await ownState(client, '');
    expect(own?.votes).toEqual([expect.objectContaining({ post: ideas[1]?.id, counted: false })]);
  });

  it('holds the votes on the ideas named only, at most OWN_POSTS_MOST of them, never every vote of theirs', async () => {
    const [first, second, third] = ideas.map((idea) => idea.id) as [string, string, string];
    // The member voted for the second idea only (index 0 of SIGNED_IN).
    const none = await ownState(actors.member, '', [first]);
    expect(none?.posts).toEqual([first]);
    expect(none?.votes).toEqual([]);
    expect((await ownState(actors.member, '', []))?.votes).toEqual([]);
    const named = await ownState(actors.member, '', [second, first, second]);
    expect(named?.posts).toEqual([second, first]);
    expect(named?.votes).toEqual([expect.objectContaining({ post: second, counted: true })]);
    // Past the bound, the rest are left out (and said to be: `posts` is what was read); hostile parts name nothing.
    const many = [...Array.from({ length: OWN_POSTS_MOST + 20 }, (_, n) => madeUpId(n)), third];
    const bounded = await ownState(actors['other member'], '', [`${first}" OR 1=1`, '../x', ...many]);
    expect(bounded?.posts).toHaveLength(OWN_POSTS_MOST);
    expect(bounded?.posts).not.toContain(third);
    expect(bounded?.votes).toEqual([]);
  });

  it("is not in a refresh that does not ask (the Worker's check of a page view), nor for a visitor", async () => {
    expect(await ownState(actors.member, undefined)).toBeUndefined();
    await expect(refreshMemberAuthAnswer(pb.visitor(), { query: { [OWN_QUERY]: '' } })).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('GET /api/chorus/own-votes', () => {
  it.each(SIGNED_IN)("answers %s's votes on the ideas named, as the refresh does", async (actor) => {
    const client = actors[actor];
    const posts = ideas.map((idea) => idea.id);
    const answer = await ownVotes(client, posts.join(','));
    expect(answer.posts).toEqual(posts);
    expect(byPost(answer.votes)).toEqual(byPost((await ownState(client, '', posts))?.votes ?? []));
    expect(answer.votes.every((vote) => posts.includes(vote.post))).toBe(true);
  });

  it("refuses a visitor, and answers nobody else's votes, within bounds, whatever the ids sent", async () => {
    await expect(ownVotes(pb.visitor(), ideas.map((idea) => idea.id).join(','))).rejects.toMatchObject({
      status: 401,
    });
    const theirs = await ownVotes(actors['other member'], ideas.map((idea) => idea.id).join(','));
    const mine = new Set(
      (await ownVotes(actors.member, ideas.map((idea) => idea.id).join(','))).votes.map((v) => v.id),
    );
    expect(theirs.votes.length).toBeGreaterThan(0);
    expect(theirs.votes.filter((vote) => mine.has(vote.id))).toEqual([]);
    for (const hostile of [
      '',
      `${ideas[1]?.id}') OR 1=1 --`,
      'x'.repeat(5000),
      ',,,',
      ideas[1]?.id.toUpperCase() ?? '',
    ]) {
      const answer = await ownVotes(actors.member, hostile);
      expect(answer, hostile).toEqual({ posts: [], votes: [] });
    }
    const many = Array.from({ length: OWN_POSTS_MOST * 3 }, (_, n) => madeUpId(n)).join(',');
    expect((await ownVotes(actors.member, `${many},${ideas[1]?.id}`)).posts).toHaveLength(OWN_POSTS_MOST);
  });
});
