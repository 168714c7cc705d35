// The composer's draft, kept in localStorage per board so it survives a failed submit,
// a sign-in detour and a reload. (Images cannot be kept there: they are re-attached.) In the widget's
// panel without third-party storage, the frame keeps it (lib/frame-state.ts); where neither is available,
// the draft lives as long as the page.
import { readLocal, writeLocal } from '../../lib/frame-state';

export interface Draft {
  title: string;
  body: string;
}

const key = (boardId: string) => `chorus:draft:${boardId}`;
const memory = new Map<string, string>();

export function loadDraft(boardId: string): Draft {
  try {
    const value = JSON.parse(readLocal(key(boardId)) ?? memory.get(key(boardId)) ?? 'null') as Partial<Draft> | null;
    return { title: String(value?.title ?? ''), body: String(value?.body ?? '') };
  } catch {
    return { title: '', body: '' };
  }
}

export function saveDraft(boardId: string, draft: Draft): void {
  const value = draft.title || draft.body ? JSON.stringify(draft) : null;
  if (value) memory.set(key(boardId), value);
  else memory.delete(key(boardId));
  try {
    writeLocal(key(boardId), value);
  } catch {
    // Storage full or disabled: the copy in memory lasts as long as the page.
  }
}

export function clearDraft(boardId: string): void {
  saveDraft(boardId, { title: '', body: '' });
}

export function hasDraft(boardId: string): boolean {
  const draft = loadDraft(boardId);
  return Boolean(draft.title || draft.body);
}
