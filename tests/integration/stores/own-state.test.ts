// A member's own state on the page they opened (issue 59): their vote, their follow of the idea and the bell's count
// arrive in the page's one session refresh, so a member's idea page asks PocketBase for nothing else of theirs; a
// page the refresh did not name keeps asking for the follow itself, and a reconnect asks each again, fresh.
import type { RecordModel } from 'pocketbase';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';
import { countRequests, openTab, type Tab, waitFor } from './tab';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
const tabs: Tab[] = [];

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterEach(() => vi.unstubAllGlobals());
afterAll(async () => {
  for (const t of tabs) t.close();
  await pb?.stop();
});

/** A tab of the member's on `path`, as the browser's page at that address. */
async function tabOn(path: string): Promise<Tab> {
  vi.stubGlobal('location', { pathname: path });
  const t = await openTab(pb.url, actors.member);
  tabs.push(t);
  return t;
}

/** What a member's idea page's islands ask for as they hydrate: the session, their votes, the follow, the bell. */
async function hydrate(t: Tab, postId: string): Promise<void> {
  t.session.$session.listen(() => {});
  t.notifications.followNotifications();
  t.follow.startFollow(postId, idOf(actors.member));
  await t.votes.requestMyVote([postId]);
}

const personal = (sent: string[]) => sent.filter((request) => !request.endsWith('/api/realtime'));

describe("a member's own state on their page", () => {
  it.each([
    ['the idea page', '', ''],
    ['the idea page at its address with a trailing slash', '', '/'],
    ["the widget panel's idea page", '/embed', ''],
  ])(
    "comes in %s's one session refresh: their vote, their follow and the bell's count, nothing asked apart",
    async (_page, prefix, suffix) => {
      const post = await createPost(pb, board, actors['other member']);
      await actors.member.collection('votes').create({ post: post.id, user: idOf(actors.member) }); // follows it too
      await pb.admin.collection('notifications').create({ user: idOf(actors.member), kind: 'status', post: post.id });
      const unread = (await actors.member.collection('notifications').getList(1, 1, { filter: 'read_at = ""' }))
        .totalItems;
      const t = await tabOn(`${prefix}/p/${post.id}${suffix}`);
      const sent = countRequests(t.client);
      await hydrate(t, post.id);
      await waitFor(() => typeof t.follow.$follow.get() === 'string' && t.notifications.$unreadCount.get() === unread);
      expect(t.votes.$myVotes.get()[post.id]).toMatch(/^[a-z0-9]{15}$/);
      expect(personal(sent)).toEqual(['POST /api/collections/users/auth-refresh']);
    },
  );

  it('asks for the follow itself on a page that names another idea, and shows the truth', async () => {
    const [shown, followed] = await Promise.all([1, 2].map(() => createPost(pb, board, actors['other member'])));
    await actors.member.collection('subscriptions').create({ post: followed?.id, user: idOf(actors.member) });
    const t = await tabOn(`/p/${shown?.id}`);
    const sent = countRequests(t.client);
    await hydrate(t, followed?.id ?? '');
    await waitFor(() => typeof t.follow.$follow.get() === 'string');
    // The idea followed is not on the page: its follow and the member's vote on it are asked for apart.
    expect(personal(sent).sort()).toEqual([
      'GET /api/chorus/own-votes',
      'GET /api/collections/subscriptions/records',
      'POST /api/collections/users/auth-refresh',
    ]);
  });

  it('shows not following and not voted when the member has neither, from the refresh alone', async () => {
    const post = await createPost(pb, board, actors['other member']);
    const t = await tabOn(`/p/${post.id}`);
    const sent = countRequests(t.client);
    await hydrate(t, post.id);
    await waitFor(() => t.follow.$follow.get() === null);
    expect(t.votes.$myVotes.get()[post.id]).toBeNull(); // known: not voted (the refresh read the idea the page shows)
    expect(personal(sent)).toEqual(['POST /api/collections/users/auth-refresh']);
  });
});
