// A member's own state in their browser's session refresh (issue 59, src/contract/own-state.ts): asked with ?own=,
// PocketBase answers every vote of theirs, their unread notifications and their follow of the idea named, each exactly
// what the votes, notifications and subscriptions list rules show them, for every actor; never anyone else's; a value
// that is no idea's id names none; and a refresh that does not ask (the Worker's one check per page view) gets none.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_META, OWN_QUERY, type OwnState } from '../../../src/contract/own-state';
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

/** The refresh as the browser makes it, asking for its own state with `own`. */
async function ownState(client: PocketBase, own: string | undefined): Promise<OwnState | undefined> {
  const { meta } = await refreshMemberAuthAnswer(client, own === undefined ? {} : { query: { [OWN_QUERY]: own } });
  return meta[OWN_META] as OwnState | undefined;
}

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

  it("is not in a refresh that does not ask (the Worker's check of a page view), nor for a visitor", async () => {
    expect(await ownState(actors.member, undefined)).toBeUndefined();
    await expect(refreshMemberAuthAnswer(pb.visitor(), { query: { [OWN_QUERY]: '' } })).rejects.toMatchObject({
      status: 401,
    });
  });
});
