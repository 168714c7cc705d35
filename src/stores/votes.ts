// The viewer's votes and the vote toggle: optimistic, rolled back with a toast if the server refuses.
import { map } from 'nanostores';
import { getBrowserClient } from '../lib/pb/client';
import { toAppError } from '../lib/pb/errors';
import { createVote, deleteVote, listMyVotes } from '../lib/pb/votes';
import { $posts, bumpVoteCount } from './posts';
import { onReconnect } from './realtime';
import { showToast } from './toast';
import { checkCanWrite, getViewer, LOCKED_MESSAGE } from './viewer';

/** Post id → the viewer's vote id ("pending" while being saved). Absent: not voted. */
export const $myVotes = map<Record<string, string | undefined>>({});
const PENDING = 'pending';

let queued = new Set<string>();
const loaded = new Set<string>();

/** Asks (batched per tick) whether the viewer voted for these ideas. */
export function requestMyVote(postId: string): void {
  if (loaded.has(postId) || !getViewer()) return;
  queued.add(postId);
  if (queued.size === 1) queueMicrotask(() => void loadMyVotes());
}

async function loadMyVotes(ids = [...queued]): Promise<void> {
  queued = new Set();
  const viewer = getViewer();
  if (!viewer || ids.length === 0) return;
  try {
    const votes = await listMyVotes(getBrowserClient(), viewer.id, ids);
    for (const id of ids) {
      loaded.add(id);
      if ($myVotes.get()[id] !== PENDING) $myVotes.setKey(id, votes.find((v) => v.post === id)?.id);
    }
  } catch {
    // The buttons stay in their signed-out look; a reconnect retries.
  }
}

onReconnect(() => void loadMyVotes([...loaded]));

export async function toggleVote(postId: string): Promise<void> {
  const viewer = checkCanWrite(showToast);
  if (!viewer) return;
  if ($posts.get()[postId]?.locked) return showToast(LOCKED_MESSAGE);
  const existing = $myVotes.get()[postId];
  if (existing === PENDING) return;
  const pb = getBrowserClient();
  if (existing) {
    $myVotes.setKey(postId, undefined);
    bumpVoteCount(postId, -1);
    try {
      await deleteVote(pb, existing);
    } catch (error) {
      $myVotes.setKey(postId, existing);
      bumpVoteCount(postId, 1);
      showToast(`Your vote could not be removed. ${toAppError(error).message}`);
    }
    return;
  }
  $myVotes.setKey(postId, PENDING);
  bumpVoteCount(postId, 1);
  try {
    $myVotes.setKey(postId, (await createVote(pb, postId, viewer.id)).id);
  } catch (error) {
    $myVotes.setKey(postId, undefined);
    bumpVoteCount(postId, -1);
    showToast(`Your vote was not counted. ${toAppError(error).message}`);
  }
}
