// Following an idea (notifications): loaded for the viewer, toggled optimistically.
import { atom } from 'nanostores';
import { getBrowserClient } from '../lib/pb/client';
import { toAppError } from '../lib/pb/errors';
import { createSubscription, deleteSubscription, findSubscription } from '../lib/pb/subscriptions';
import { showToast } from './toast';
import { checkCanWrite } from './viewer';

/** undefined: not known yet; null: not following; "pending" while saving; otherwise the subscription id. */
export const $follow = atom<string | null | undefined>(undefined);

/** Loads whether the viewer follows the idea (again whenever who is signed in changes). */
export async function loadFollow(postId: string, userId: string | undefined): Promise<void> {
  if (!userId) return $follow.set(null);
  try {
    $follow.set(await findSubscription(getBrowserClient(), postId, userId));
  } catch {
    $follow.set(null);
  }
}

export async function toggleFollow(postId: string): Promise<void> {
  const viewer = checkCanWrite(showToast);
  const current = $follow.get();
  if (!viewer || current === 'pending' || current === undefined) return;
  const pb = getBrowserClient();
  $follow.set(current ? null : 'pending');
  try {
    if (current) await deleteSubscription(pb, current);
    else $follow.set(await createSubscription(pb, postId, viewer.id));
  } catch (error) {
    $follow.set(current);
    showToast(`${current ? 'Unfollowing' : 'Following'} did not work. ${toAppError(error).message}`);
  }
}
