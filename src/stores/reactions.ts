// Emoji reactions on the open idea's comments: loaded once, live, toggled optimistically.
import { atom } from 'nanostores';
import { getBrowserClient } from '../lib/pb/client';
import { createReaction, deleteReaction, listReactions } from '../lib/pb/comments';
import { toAppError } from '../lib/pb/errors';
import type { Emoji, ReactionRecord } from '../lib/pb/post-types';
import { listen, onReconnect } from './realtime';
import { showToast } from './toast';
import { checkCanWrite } from './viewer';

export type Reaction = Pick<ReactionRecord, 'id' | 'comment' | 'user' | 'emoji'>;
export const $reactions = atom<Reaction[]>([]);

const without = (id: string) => $reactions.get().filter((r) => r.id !== id);

async function load(postId: string): Promise<void> {
  try {
    $reactions.set(await listReactions(getBrowserClient(), postId));
  } catch {
    // Reactions are a garnish: the comments still show.
  }
}

export function startReactions(postId: string): () => void {
  void load(postId);
  const stopLive = listen<ReactionRecord>(
    'reactions',
    '*',
    ({ action, record }) => {
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
    },
    { filter: `comment.post = "${postId.replace(/[^a-z0-9]/g, '')}"` },
  );
  const stopCatchUp = onReconnect(() => void load(postId));
  return () => {
    stopLive();
    stopCatchUp();
  };
}

export async function toggleReaction(comment: string, emoji: Emoji): Promise<void> {
  const viewer = checkCanWrite(showToast);
  if (!viewer) return;
  const pb = getBrowserClient();
  const mine = $reactions.get().find((r) => r.comment === comment && r.user === viewer.id && r.emoji === emoji);
  if (mine?.id.startsWith('pending')) return;
  if (mine) {
    $reactions.set(without(mine.id));
    try {
      await deleteReaction(pb, mine.id);
    } catch (error) {
      $reactions.set([...$reactions.get(), mine]);
      showToast(`Your reaction was not removed. ${toAppError(error).message}`);
    }
    return;
  }
  const pending = { id: `pending-${emoji}-${comment}`, comment, user: viewer.id, emoji };
  $reactions.set([...$reactions.get(), pending]);
  try {
    const saved = await createReaction(pb, comment, viewer.id, emoji);
    const rest = without(pending.id);
    $reactions.set(rest.some((r) => r.id === saved.id) ? rest : [...rest, saved]);
  } catch (error) {
    $reactions.set(without(pending.id));
    showToast(`Your reaction was not saved. ${toAppError(error).message}`);
  }
}
