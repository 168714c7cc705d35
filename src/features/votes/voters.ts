// The open idea's voters (names and avatars), live: asked again whenever the idea's vote count changes.
import { atom } from 'nanostores';
import type { Voter } from '../../lib/pb/post-types';
import { getClient } from '../../stores/client';
import { followIdea } from '../../stores/idea-live';
import { $posts } from '../../stores/posts';
import { onReconnect } from '../../stores/realtime';
import { listVoters } from './votes-data';

/** null until the island starts: it renders the server's voters until then. */
export const $voters = atom<Voter[] | null>(null);

/** `isPublic`: the idea's board is public and it is approved, when the page knows (see stores/idea-live.ts). */
export function startVoters(postId: string, initial: Voter[], initialCount: number, isPublic?: boolean): () => void {
  $voters.set(initial);
  let count = initialCount;
  let asked = 0;
  const reload = async () => {
    asked += 1;
    const mine = asked;
    try {
      const voters = await listVoters(getClient(), postId);
      if (mine === asked) $voters.set(voters);
    } catch {
      // The list stays as it was; the next change or reconnect asks again.
    }
  };
  const stopLive = followIdea(postId, isPublic, ({ action, record }) => {
    if (action === 'delete' || record.vote_count === count) return;
    count = record.vote_count;
    void reload();
  });
  const stopCatchUp = onReconnect(() => void reload());
  // Started late (the island hydrated when a vote arrived): ask for the voters since the page's copy.
  const live = $posts.get()[postId];
  if (live && live.vote_count !== initialCount) {
    count = live.vote_count;
    void reload();
  }
  return () => {
    stopLive();
    stopCatchUp();
  };
}
