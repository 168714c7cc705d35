// Live state of the ideas shown in this tab (counts, status, lock), fed by the tab's idea feed
// (stores/idea-live.ts), and the ideas posted since the page loaded (the "N new ideas" bar).

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

function receive({ action, record }: RealtimeEvent<IdeaLive>): void {
  if (action === 'update' && $posts.get()[record.id]) $posts.setKey(record.id, pick(record));
}

/** Once live, and after a reconnect, the shown ideas ask again for what they may have missed (registered once). */
let catchUpRegistered = false;

/** `publicToo`: also public ideas (after a gap, or without an edge); once live, the edge has sent their latest state. */
async function catchUpPosts({ publicToo }: { publicToo: boolean }): Promise<void> {
  const shown = followedIdeas();
  for (const [id, isPublic] of shown) if (!$posts.get()[id] || (isPublic && !publicToo)) shown.delete(id);
  if (shown.size === 0) return;
  const asked = { ...$posts.get() };
  try {
    const { listIdeaLive } = await import('../lib/live/idea-live-catch-up');
    for (const post of await listIdeaLive(getClient(), shown)) {
      // Changed while the answer was on its way (a live event, this tab's own vote): that is newer than it.
      if ($posts.get()[post.id] === asked[post.id]) $posts.setKey(post.id, pick(post));
    }
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
