// Live state of the ideas shown in this tab (counts, status, lock), fed by stores/idea-live.ts, newest wins (the
// tab's own vote stands until answered), and the ideas posted since the page loaded (the "N new ideas" bar).

import { atom, map, onMount, type ReadableAtom } from 'nanostores';
import type { IdeaLive } from '../lib/live/idea-live-data';
import type { PostLive } from '../lib/pb/post-types';
import type { RealtimeEvent } from '../lib/pb/realtime';
import { getClient } from './client';
import { followEveryIdea, followedIdeas, followIdea } from './idea-live';
import { hasEdge, onceSubscribed, onReconnect } from './realtime';

export const $posts = map<Record<string, PostLive>>({});
/** Ideas created since this page was loaded, with their board. */
export const $createdPosts = atom<{ id: string; board: string }[]>([]);

const pick = (r: PostLive): PostLive => ({
  vote_count: r.vote_count,
  comment_count: r.comment_count,
  status: r.status,
  locked: r.locked,
});

/**
 * Each idea's version the tab holds: the server's `updated` of the newest state it took, which moves on with every
 * save of the idea, by a millisecond at least, and is the same on its live copy (server/cmd/pocketbase/votes.go).
 * Only for ideas $posts holds: one it drops (setKey to undefined, or a set() without it) loses its version too.
 */
const versions = new Map<string, string>();
$posts.listen((posts, _old, changedKey) => {
  // A live event changes one key: only a key that left takes its version along; a whole set() checks them all.
  if (changedKey !== undefined) {
    if (!(changedKey in posts)) versions.delete(changedKey);
    return;
  }
  for (const id of versions.keys()) if (!(id in posts)) versions.delete(id);
});
/** Ideas with this tab's own vote writes on their way: how many, and the newest count the server sent meanwhile. */
const writing = new Map<string, { left: number; count?: number }>();

/** Whether `version` is newer than the idea's the tab holds (then held); one not sent is taken as newer. */
function advance(id: string, version: string | undefined): boolean {
  const held = versions.get(id);
  if (held && version && version <= held) return false;
  if (version) versions.set(id, version);
  return true;
}

/** The server's state of an idea, unless older than the tab's; while its own vote is on its way, not its count. */
function take(id: string, state: PostLive, version: string | undefined): void {
  const current = $posts.get()[id];
  if (!current || !advance(id, version)) return;
  const own = writing.get(id);
  if (own) own.count = state.vote_count;
  $posts.setKey(id, own ? { ...state, vote_count: current.vote_count } : state);
}

function receive({ action, record }: RealtimeEvent<IdeaLive>): void {
  if (action === 'update') take(record.id, pick(record), record.updated);
}

/** Once live, and after a reconnect, the shown ideas ask again for what they may have missed (registered once). */
let catchUpRegistered = false;

/** `publicToo`: also public ideas (after a gap, or without an edge); once live, the edge has sent their latest state. */
async function catchUpPosts({ publicToo }: { publicToo: boolean }): Promise<void> {
  const shown = followedIdeas();
  for (const [id, isPublic] of shown) if (!$posts.get()[id] || (isPublic && !publicToo)) shown.delete(id);
  if (shown.size === 0) return;
  try {
    const { listIdeaLive } = await import('../lib/live/idea-live-catch-up');
    // A live event or this tab's own vote while the answer was on its way may be newer than it: take() decides.
    for (const post of await listIdeaLive(getClient(), shown)) take(post.id, pick(post), post.updated);
  } catch {
    // Still offline: the next reconnect tries again.
  }
}

/**
 * Registers an idea the page shows, with the values the server rendered (first one wins), and follows it
 * live. `isPublic`: its board is public and it is approved (lib/live/idea-live-data.ts isPublicIdea), when the page knows.
 */
export function trackPost(id: string, initial: PostLive, isPublic?: boolean): void {
  if ($posts.get()[id]) return;
  $posts.setKey(id, initial);
  followIdea(id, isPublic, receive);
  if (catchUpRegistered) return;
  catchUpRegistered = true;
  onceSubscribed(() => void catchUpPosts({ publicToo: !hasEdge() }));
  onReconnect(() => void catchUpPosts({ publicToo: true }));
}

/** Changes an idea's vote count locally (optimistic votes and their rollback). */
export function bumpVoteCount(id: string, delta: number): void {
  const current = $posts.get()[id];
  if (current) $posts.setKey(id, { ...current, vote_count: Math.max(0, current.vote_count + delta) });
}

/**
 * This tab's own vote (or take-back) on an idea is on its way: until the server answers, the count stays as the
 * tab shows it (a live event meanwhile may not count the write yet). Call what it returns with the server's
 * answer, the idea's count and version after the write, or with none (refused, or not known): then the newest
 * count the server sent shows, once no other write of the tab's is on its way.
 */
export function voteOnItsWay(id: string): (answer?: { vote_count: number; updated: string } | null) => void {
  const own = writing.get(id) ?? { left: 0 };
  own.left += 1;
  writing.set(id, own);
  let answered = false;
  return (answer) => {
    if (answered) return;
    answered = true;
    // An idea the tab does not show keeps no version (nothing would ever drop it).
    if (answer && $posts.get()[id] && advance(id, answer.updated)) own.count = answer.vote_count;
    own.left -= 1;
    if (own.left > 0) return;
    writing.delete(id);
    const current = $posts.get()[id];
    if (current && own.count !== undefined) $posts.setKey(id, { ...current, vote_count: own.count });
  };
}

function countCreated({ action, record }: RealtimeEvent<IdeaLive>): void {
  if (action !== 'create' || record.approved === false || $posts.get()[record.id]) return;
  if ($createdPosts.get().some((p) => p.id === record.id)) return;
  $createdPosts.set([...$createdPosts.get(), { id: record.id, board: record.board }]);
}

const newIdeaStores = new Map<string, ReadableAtom<number>>();

/**
 * How many ideas were posted since load on a board ("" for every board), counted while shown.
 * `isPublic`: the list shows public boards only (then it follows the public copies).
 */
export function newIdeasOn(boardId: string, isPublic?: boolean): ReadableAtom<number> {
  const key = `${boardId}:${isPublic}`;
  let store = newIdeaStores.get(key);
  if (!store) {
    // A plain atom kept in step by hand: nanostores' computed() would be the only user of its module here.
    const count = () => $createdPosts.get().filter((p) => !boardId || p.board === boardId).length;
    const counted = atom(count());
    onMount(counted, () => {
      counted.set(count());
      const stopCounting = $createdPosts.listen(() => counted.set(count()));
      const stopFollowing = followEveryIdea(isPublic, countCreated);
      return () => {
        stopCounting();
        stopFollowing();
      };
    });
    store = counted;
    newIdeaStores.set(key, store);
  }
  return store;
}
