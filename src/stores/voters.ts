// The open idea's voters (names and avatars), live: asked again whenever the idea's vote count changes.
import { atom } from 'nanostores';
import type { PostRecord, Voter } from '../lib/pb/post-types';
import { listVoters } from '../lib/pb/votes';
import { getClient } from './client';
import { listen, onReconnect } from './realtime';

/** null until the island starts: it renders the server's voters until then. */
export const $voters = atom<Voter[] | null>(null);

const safe = (id: string) => id.replace(/[^a-z0-9]/g, '');

export function startVoters(postId: string, initial: Voter[], initialCount: number): () => void {
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
  const stopLive = listen<PostRecord>('posts', safe(postId), ({ record }) => {
    if (record.vote_count === count) return;
    count = record.vote_count;
    void reload();
  });
  const stopCatchUp = onReconnect(() => void reload());
  return () => {
    stopLive();
    stopCatchUp();
  };
}
