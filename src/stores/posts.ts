// Live state of the ideas shown in this tab (counts, status, lock), fed by `posts` realtime updates,
// and the ideas posted since the page loaded (the "N new ideas" bar).

import { atom, computed, map, onMount, type ReadableAtom } from 'nanostores';
import type { PostLive, PostRecord } from '../lib/pb/post-types';
import { listPostLive } from '../lib/pb/posts';
import { getClient } from './client';
import { listen, onReconnect } from './realtime';

export const $posts = map<Record<string, PostLive>>({});
/** Ideas created since this page was loaded, with their board. */
export const $createdPosts = atom<{ id: string; board: string }[]>([]);

const pick = (r: PostLive): PostLive => ({
  vote_count: r.vote_count,
  comment_count: r.comment_count,
  status: r.status,
  locked: r.locked,
});

onMount($posts, () => {
  const stopListening = listen<PostRecord>('posts', '*', ({ action, record }) => {
    if (action === 'update' && $posts.get()[record.id]) $posts.setKey(record.id, pick(record));
    if (action === 'create' && record.approved && !$posts.get()[record.id]) {
      $createdPosts.set([...$createdPosts.get(), { id: record.id, board: record.board }]);
    }
  });
  const stopCatchUp = onReconnect(() => void catchUpPosts());
  return () => {
    stopListening();
    stopCatchUp();
  };
});

async function catchUpPosts(): Promise<void> {
  try {
    for (const post of await listPostLive(getClient(), Object.keys($posts.get()))) {
      $posts.setKey(post.id, pick(post));
    }
  } catch {
    // Still offline: the next reconnect tries again.
  }
}

/** Registers an idea the page shows, with the values the server rendered (first one wins). */
export function trackPost(id: string, initial: PostLive): void {
  if (!$posts.get()[id]) $posts.setKey(id, initial);
}

/** Changes an idea's vote count locally (optimistic votes and their rollback). */
export function bumpVoteCount(id: string, delta: number): void {
  const current = $posts.get()[id];
  if (current) $posts.setKey(id, { ...current, vote_count: Math.max(0, current.vote_count + delta) });
}

const newIdeaStores = new Map<string, ReadableAtom<number>>();

/** How many ideas were posted since load on a board ("" for every board). */
export function newIdeasOn(boardId: string): ReadableAtom<number> {
  let store = newIdeaStores.get(boardId);
  if (!store) {
    store = computed($createdPosts, (list) => list.filter((p) => !boardId || p.board === boardId).length);
    newIdeaStores.set(boardId, store);
  }
  return store;
}
