// Following an idea (notifications): loaded for the viewer, live (voting or commenting subscribes the
// member on the server, and other tabs may follow or unfollow), toggled optimistically.

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import type { SubscriptionRecord } from '../../lib/pb/post-types';
import { act, createChangeClock, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { ownStateOf } from '../../stores/own-state';
import { listen, onReconnect } from '../../stores/realtime';
import { checkCanWrite } from '../../stores/viewer';
import { createSubscription, deleteSubscription, findSubscription } from './subscriptions';

/** undefined: not known yet; null: not following; "pending" while saving; otherwise the subscription id. */
export const $follow = atom<string | null | undefined>(undefined);
const clock = createChangeClock();
const safe = (id: string) => id.replace(/[^a-z0-9]/g, '');

function setFollow(value: string | null): void {
  clock.touch('follow');
  $follow.set(value);
}

/** `first`: the page's first load, which takes the follow the session's refresh brought (stores/own-state.ts). */
async function load(postId: string, userId: string, first = false): Promise<void> {
  const mark = clock.mark();
  try {
    const own = first ? await ownStateOf(userId) : null;
    const id = own?.post === postId ? own.follow : await findSubscription(getClient(), postId, userId);
    if (clock.unchangedSince('follow', mark)) $follow.set(id);
  } catch {
    if ($follow.get() === undefined) $follow.set(null);
  }
}

/**
 * Follows the viewer's subscription to the idea; returns a function to stop. Signed out: not following.
 * `known` is the server's answer when the page had one (then nothing is asked again).
 */
export function startFollow(postId: string, userId: string | undefined, known?: string | null): () => void {
  if (!userId) {
    $follow.set(null);
    return () => {};
  }
  if (known === undefined) {
    $follow.set(undefined);
    void load(postId, userId, true);
  } else $follow.set(known);
  const stopLive = listen<SubscriptionRecord>(
    'subscriptions',
    '*',
    ({ action, record }) => {
      if (record.post !== postId || record.user !== userId) return;
      const current = $follow.get();
      if (action === 'create' && current !== record.id) setFollow(record.id);
      if (action === 'delete' && current === record.id) setFollow(null);
    },
    { filter: `user = "${safe(userId)}" && post = "${safe(postId)}"` },
  );
  const stopCatchUp = onReconnect(() => void load(postId, userId));
  return () => {
    stopLive();
    stopCatchUp();
  };
}

export async function toggleFollow(postId: string): Promise<Result<string | null>> {
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  const current = $follow.get();
  if (current === 'pending' || current === undefined) return refuse(translate('ideas', 'stillLoading'));
  const pb = getClient();
  return act({
    apply: () => {
      setFollow(current ? null : 'pending');
      return () => setFollow(current);
    },
    send: async () => {
      if (current) await deleteSubscription(pb, current);
      return current ? null : await createSubscription(pb, postId, viewer.value.id);
    },
    confirm: (id) => {
      if (!current && $follow.get() === 'pending') setFollow(id);
    },
    failure: current ? translate('ideas', 'unfollowFailed') : translate('ideas', 'followFailed'),
  });
}
