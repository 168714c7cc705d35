// The staff duplicate queue's form: what a button asked (merge either way, or dismiss) and doing it.
import type { PocketBase } from '../../lib/pb/client';
import { dismissDuplicate, type MergeDirection, mergeDuplicate } from './duplicates-data';

export type DuplicateDecision = 'merged' | 'dismissed';

/** Reads the posted form (suggestion id, intent: merge-candidate | merge-post | dismiss) and decides; null when unreadable. */
export async function decideFromForm(pb: PocketBase, form: FormData): Promise<DuplicateDecision | null> {
  const id = String(form.get('suggestion') ?? '');
  const intent = String(form.get('intent') ?? '');
  if (!id) return null;
  if (intent === 'dismiss') {
    await dismissDuplicate(pb, id);
    return 'dismissed';
  }
  const into: MergeDirection | null =
    intent === 'merge-candidate' ? 'candidate' : intent === 'merge-post' ? 'post' : null;
  if (!into) return null;
  await mergeDuplicate(pb, id, into);
  return 'merged';
}

/** A score of 0–1 as a whole percentage (0.834 → 83). */
export const percent = (score: number): number => Math.round(score * 100);
