// Emoji reactions on the open idea's comments: loaded once, live, toggled optimistically.

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { isStaff } from '../../lib/access';
import type { Emoji, ReactionRecord } from '../../lib/pb/post-types';
import { act, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { listenPublic, onReconnect } from '../../stores/realtime';
import { checkCanWrite, getViewer } from '../../stores/viewer';
import { createReaction, deleteReaction, listReactions } from './comments-data';

export type Reaction = Pick<ReactionRecord, 'id' | 'comment' | 'user' | 'emoji'>;
export const $reactions = atom<Reaction[]>([]);

const without = (id: string) => $reactions.get().filter((r) => r.id !== id);

let reading = false;
let again = false;
/** Reads every reaction, one read at a time: one heard meanwhile asks for one more read, and the answer the server
 * may have given before it is not set (it would undo it). */
async function load(postId: string): Promise<void> {
  if (reading) {
    again = true;
    return;
  }
  reading = true;
  do {
    again = false;
    try {
      const fresh = await listReactions(getClient(), postId);
      if (!again) $reactions.set(fresh);
    } catch {
      // Reactions are a garnish: the comments still show.
    }
  } while (again);
  reading = false;
}

export function startReactions(postId: string, isPublic?: boolean): () => void {
  void load(postId);
  const safe = postId.replace(/[^a-z0-9]/g, '');
  const onReaction = ({ action, record }: { action: string; record: ReactionRecord }) => {
    if (reading) again = true;
    if (action === 'delete') return $reactions.set(without(record.id));
    const mine = $reactions
      .get()
      .find(
        (r) =>
          r.id.startsWith('pending') &&
          r.user === record.user &&
          r.comment === record.comment &&
          r.emoji === record.emoji,
      );
    const rest = mine ? without(mine.id) : $reactions.get();
    if (!rest.some((r) => r.id === record.id)) $reactions.set([...rest, record]);
  };
  // Reactions on a public idea's public comments come from the edge; staff's (internal comments too) from PocketBase.
  const stopLive = listenPublic<ReactionRecord>(`reactions:${safe}`, onReaction, {
    pocketBase: !isPublic || isStaff(getViewer()),
  });
  const stopCatchUp = onReconnect(() => void load(postId));
  return () => {
    stopLive();
    stopCatchUp();
  };
}

export async function toggleReaction(comment: string, emoji: Emoji): Promise<Result<void>> {
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  const pb = getClient();
  const user = viewer.value.id;
  const mine = $reactions.get().find((r) => r.comment === comment && r.user === user && r.emoji === emoji);
  if (mine?.id.startsWith('pending')) return refuse(translate('comments', 'reactionSaving'));
  if (mine) {
    return act({
      apply: () => {
        $reactions.set(without(mine.id));
        return () => $reactions.set([...$reactions.get(), mine]);
      },
      send: () => deleteReaction(pb, mine.id),
      failure: translate('comments', 'reactionNotRemoved'),
    });
  }
  const pending = { id: `pending-${emoji}-${comment}`, comment, user, emoji };
  return act({
    apply: () => {
      $reactions.set([...$reactions.get(), pending]);
      return () => $reactions.set(without(pending.id));
    },
    send: () => createReaction(pb, comment, user, emoji),
    confirm: (saved) => {
      const rest = without(pending.id);
      $reactions.set(rest.some((r) => r.id === saved.id) ? rest : [...rest, saved]);
    },
    failure: translate('comments', 'reactionNotSaved'),
  }).then((result) => (result.ok ? { ok: true, value: undefined } : result));
}
