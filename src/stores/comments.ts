// The open idea's comments: live (new ones marked), optimistic add/edit/delete with rollback.
import { atom } from 'nanostores';
import { getBrowserClient } from '../lib/pb/client';
import { normalizeBody, toCommentView } from '../lib/pb/comment-views';
import {
  createComment,
  deleteComment,
  getComment,
  listComments,
  setCommentHidden,
  updateComment,
} from '../lib/pb/comments';
import { toAppError } from '../lib/pb/errors';
import type { CommentRecord, CommentView } from '../lib/pb/post-types';
import { listen, onReconnect } from './realtime';
import { showToast } from './toast';
import { checkCanWrite, getViewer } from './viewer';

export const $comments = atom<CommentView[]>([]);
/** The idea whose comments $comments holds ("" before the island starts). */
export const $commentsPost = atom('');

const view = (record: CommentRecord) => toCommentView(getBrowserClient(), record, null, 'just now');
const replace = (id: string, next: CommentView | null) =>
  $comments.set($comments.get().flatMap((c) => (c.id === id ? (next ? [next] : []) : [c])));

export function startComments(postId: string, initial: CommentView[]): () => void {
  $comments.set(initial);
  $commentsPost.set(postId);
  const stopLive = listen<CommentRecord>('comments', '*', (e) => void receive(e.action, e.record), {
    filter: `post = "${postId.replace(/[^a-z0-9]/g, '')}"`,
    expand: 'author',
  });
  const stopCatchUp = onReconnect(() => void catchUp(postId));
  return () => {
    stopLive();
    stopCatchUp();
  };
}

async function receive(action: string, record: CommentRecord): Promise<void> {
  const list = $comments.get();
  if (action === 'delete') return $comments.set(list.filter((c) => c.id !== record.id && c.parent !== record.id));
  const known = list.find((c) => c.id === record.id);
  const body = normalizeBody(record.body);
  if (action === 'update') {
    if (!known) return;
    const changedText = known.body !== body;
    replace(record.id, {
      ...known,
      body,
      html: changedText ? null : known.html,
      edited: Boolean(record.edited_at),
      hidden: Boolean(record.hidden),
      internal: Boolean(record.internal),
    });
    return;
  }
  if (known) return;
  const full = record.expand?.author ? record : await getComment(getBrowserClient(), record.id).catch(() => record);
  // Our own comment may arrive live before its save returns: it replaces the pending copy.
  const pending = $comments.get().find((c) => c.pending && c.body === body && c.parent === (record.parent ?? ''));
  if (pending && record.author === getViewer()?.id) return replace(pending.id, view(full));
  if (!$comments.get().some((c) => c.id === record.id))
    $comments.set([...$comments.get(), { ...view(full), isNew: true }]);
}

async function catchUp(postId: string): Promise<void> {
  try {
    const records = await listComments(getBrowserClient(), postId);
    const before = new Map($comments.get().map((c) => [c.id, c]));
    $comments.set(
      records.map((r) => {
        const old = before.get(r.id);
        if (old && old.body === normalizeBody(r.body)) return old;
        return { ...view(r), isNew: !old, ...(old ? { age: old.age } : {}) };
      }),
    );
  } catch {
    // Still offline: the next reconnect tries again.
  }
}

/** Posts a comment (or a reply); resolves false when it was refused, so the text can be restored. */
export async function addComment(body: string, parent = '', images: File[] = [], internal = false): Promise<boolean> {
  const viewer = checkCanWrite(showToast);
  const post = $commentsPost.get();
  if (!viewer || !body.trim()) return false;
  const tempId = `pending-${Date.now()}`;
  const author = { id: viewer.id, name: viewer.name, avatarUrl: viewer.avatarUrl };
  const optimistic: CommentView = {
    id: tempId,
    parent,
    author,
    body,
    html: null,
    images: images.map((file) => ({ thumb: URL.createObjectURL(file), full: '' })),
    created: '',
    age: 'just now',
    edited: false,
    internal,
    hidden: false,
    pending: true,
  };
  $comments.set([...$comments.get(), optimistic]);
  try {
    const saved = await createComment(getBrowserClient(), { post, author: viewer.id, body, parent, images, internal });
    if ($comments.get().some((c) => c.id === saved.id)) replace(tempId, null);
    else replace(tempId, view(saved));
    return true;
  } catch (error) {
    replace(tempId, null);
    showToast(`Your comment was not posted. ${toAppError(error).message}`);
    return false;
  }
}

export async function editComment(id: string, body: string): Promise<boolean> {
  const before = $comments.get().find((c) => c.id === id);
  if (!before || !checkCanWrite(showToast)) return false;
  replace(id, { ...before, body, html: null, edited: true });
  try {
    await updateComment(getBrowserClient(), id, body);
    return true;
  } catch (error) {
    replace(id, before);
    showToast(`Your change was not saved. ${toAppError(error).message}`);
    return false;
  }
}

export async function removeComment(id: string): Promise<void> {
  const before = $comments.get();
  if (!checkCanWrite(showToast)) return;
  $comments.set(before.filter((c) => c.id !== id && c.parent !== id));
  try {
    await deleteComment(getBrowserClient(), id);
  } catch (error) {
    $comments.set(before);
    showToast(`The comment was not deleted. ${toAppError(error).message}`);
  }
}

/** Staff: hide a comment from members (its author still sees it), or show it again. */
export async function toggleCommentHidden(id: string): Promise<void> {
  const before = $comments.get().find((c) => c.id === id);
  if (!before || !checkCanWrite(showToast)) return;
  replace(id, { ...before, hidden: !before.hidden });
  try {
    await setCommentHidden(getBrowserClient(), id, !before.hidden);
  } catch (error) {
    replace(id, before);
    showToast(`The comment was not changed. ${toAppError(error).message}`);
  }
}
