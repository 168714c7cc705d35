// The open idea's comments: live (new ones marked, hidden and deleted ones leave), rendered through the
// server's markdown renderer (loaded on demand), optimistic add/edit/delete/hide with rollback, a page at a
// time (the page shows the first; "Show more comments" adds the next, oldest first, whatever came live).

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { isStaff } from '../../lib/access';
import { formatAge } from '../../lib/dates';
import type { CommentRecord, CommentView } from '../../lib/pb/post-types';
import { act, type Result, refuse, succeed } from '../../stores/action';
import { getClient } from '../../stores/client';
import { listenPublic, onReconnect } from '../../stores/realtime';
import { checkCanWrite, getViewer } from '../../stores/viewer';
import { followIdea } from '../ideas/idea-live';
import { $posts } from '../ideas/posts';
import { normalizeBody, toCommentView } from './comment-views';
import {
  type CommentPage,
  createComment,
  deleteComment,
  listCommentPage,
  setCommentHidden,
  updateComment,
} from './comments-data';

export const $comments = atom<CommentView[]>([]);
/** The idea whose comments $comments holds ("" before the island starts). */
export const $commentsPost = atom('');
/** Where the next page of comments starts; null once every page is shown. */
export const $commentsNext = atom<string | null>(null);
/** How many comments came from pages (not live): what a catch-up asks for again. */
let pagedCount = 0;
/** While pages are unshown, a catch-up also asks for every comment since the page was made (after this cursor). */
let tailSince = '';

type Render = (body: string) => string;
let render: Render | null = null;
/** The same sanitizing renderer the server uses, fetched once when a page first shows live comments. */
export function loadRenderer(): Promise<Render> {
  return import('../../lib/markdown').then((m) => {
    render = m.renderMarkdown;
    return render;
  });
}

const view = (record: CommentRecord) => toCommentView(getClient(), record, render, 'just now');
const replace = (id: string, next: CommentView | null) =>
  $comments.set($comments.get().flatMap((c) => (c.id === id ? (next ? [next] : []) : [c])));
const safe = (id: string) => id.replace(/[^a-z0-9]/g, '');

export interface CommentsStart {
  /** The idea's board is public and it is approved, when the page knows (see features/ideas/idea-live.ts). */
  isPublic?: boolean | undefined;
  /** Where the page's comments stop when the idea has more (null: the page shows them all). */
  next?: string | null;
  /** The idea's public comment count when the page was made. */
  commentCount?: number;
  /** A cursor from just before the page was made: comments after it came since (features/comments/comments-data.ts cursorAt). */
  since?: string;
}

export function startComments(
  postId: string,
  initial: CommentView[],
  { isPublic, next = null, commentCount, since = '' }: CommentsStart = {},
): () => void {
  $comments.set(initial);
  $commentsPost.set(postId);
  $commentsNext.set(next);
  pagedCount = initial.length;
  tailSince = since;
  void loadRenderer().catch(() => {});
  // The idea's public comment count as the page showed it.
  let publicCount = commentCount ?? initial.filter((c) => !c.internal && !c.hidden).length;
  // Staff also see internal and hidden comments: theirs come from PocketBase, everyone else's from the edge.
  const onComment = (e: { action: string; record: CommentRecord }) => void receive(e.action, e.record);
  const stopLive = listenPublic<CommentRecord>(`comments:${safe(postId)}`, onComment, {
    pocketBase: !isPublic || isStaff(getViewer()),
  });
  // A comment hidden by staff sends members no event (they may no longer see it), but its idea's
  // public comment count drops: then ask again which comments this viewer may see.
  const stopCounts = followIdea(postId, isPublic, ({ action, record }) => {
    if (action === 'delete') return;
    if (record.comment_count < publicCount) void catchUp(postId);
    publicCount = record.comment_count;
  });
  const stopCatchUp = onReconnect(() => void catchUp(postId));
  // Started late (the island hydrated when a comment arrived): ask for what came since the page's copy.
  const live = $posts.get()[postId];
  if (live && live.comment_count !== publicCount) void catchUp(postId);
  return () => {
    stopLive();
    stopCounts();
    stopCatchUp();
  };
}

async function receive(action: string, record: CommentRecord): Promise<void> {
  const list = $comments.get();
  if (action === 'delete') return $comments.set(list.filter((c) => c.id !== record.id && c.parent !== record.id));
  const known = list.find((c) => c.id === record.id);
  const body = normalizeBody(record.body);
  if (action === 'update' && known) {
    replace(record.id, {
      ...known,
      body,
      html: known.body !== body || known.html === null ? (render?.(body) ?? null) : known.html,
      edited: Boolean(record.edited_at),
      hidden: Boolean(record.hidden),
      internal: Boolean(record.internal),
    });
    return;
  }
  if (!render) await loadRenderer().catch(() => null);
  // Our own comment may arrive live before its save returns: it replaces the pending copy.
  const pending = $comments.get().find((c) => c.pending && c.body === body && c.parent === (record.parent ?? ''));
  if (pending && record.author === getViewer()?.id) return replace(pending.id, view(record));
  // An update of a comment we did not show (shown to members again) adds it where it belongs.
  if (!$comments.get().some((c) => c.id === record.id)) {
    const next = [...$comments.get(), { ...view(record), isNew: action === 'create' }];
    $comments.set(next.sort((a, b) => (a.created < b.created || a.pending ? -1 : 1)));
  }
}

const byTime = (a: { created: string; id: string }, b: { created: string; id: string }) =>
  a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

/** Pages from `after` ('' for the first comment) until `count` comments (at least one page), and where the next would start. */
async function pagesFrom(postId: string, after: string, count: number): Promise<CommentPage> {
  const items: CommentRecord[] = [];
  let next: string | null = after || null;
  do {
    const limit = Math.min(500, Math.max(1, count - items.length));
    const page = await listCommentPage(getClient(), postId, { after: next, limit });
    items.push(...page.items);
    next = page.next;
  } while (next && items.length < count);
  return { items, next };
}
const pagesThrough = (postId: string, count: number) => pagesFrom(postId, '', count);

/**
 * Asks again for the comments the viewer may see, as far as the pages shown reach (after a reconnect, or a
 * comment was hidden). What came live beyond them stays.
 */
export async function catchUp(postId: string): Promise<void> {
  const asked = new Set($comments.get().map((c) => c.id));
  try {
    // New comments show as they will after a reload: with the renderer (a late start may not have it yet).
    const [{ items: paged, next }] = await Promise.all([
      // Every page shown: to the end; pages unshown: as far as those shown reach.
      pagesThrough(postId, $commentsNext.get() === null ? Number.POSITIVE_INFINITY : pagedCount),
      render ?? loadRenderer().catch(() => null),
    ]);
    // Pages still unshown: what came since the page was made comes too, after them.
    const tail = next && tailSince ? (await pagesFrom(postId, tailSince, 2000)).items : [];
    const pagedIds = new Set(paged.map((r) => r.id));
    const records = [...paged, ...tail.filter((r) => !pagedIds.has(r.id))];
    const before = new Map($comments.get().map((c) => [c.id, c]));
    const answered = new Set(records.map((r) => r.id));
    const last = paged.at(-1);
    // What live events changed while the answer was on its way is newer than it: a comment removed
    // meanwhile stays removed, one that arrived meanwhile stays.
    const fresh = records
      .filter((r) => before.has(r.id) || !asked.has(r.id))
      .map((r) => {
        const old = before.get(r.id);
        if (old && old.body === normalizeBody(r.body) && old.hidden === Boolean(r.hidden)) return old;
        return { ...view(r), isNew: !old, ...(old ? { age: old.age } : {}) };
      });
    // Comments past the last page asked for (came live, or shown by an earlier "Show more") were not asked about.
    const beyond = (c: CommentView) => next !== null && (!last || byTime(c, last) > 0);
    const kept = $comments.get().filter((c) => !c.pending && !answered.has(c.id) && (!asked.has(c.id) || beyond(c)));
    const pending = $comments.get().filter((c) => c.pending);
    $comments.set([...[...fresh, ...kept].sort(byTime), ...pending]);
    $commentsNext.set(next);
    pagedCount = records.length;
  } catch {
    // Still offline: the next reconnect tries again.
  }
}

/** Shows the next page of comments, in order among those already shown (some may have come live). */
export async function loadMoreComments(): Promise<Result<void>> {
  const after = $commentsNext.get();
  const post = $commentsPost.get();
  if (!after || !post) return succeed(undefined);
  try {
    const [page] = await Promise.all([listCommentPage(getClient(), post, { after }), render ?? loadRenderer()]);
    if ($commentsPost.get() !== post) return succeed(undefined);
    const shown = new Set($comments.get().map((c) => c.id));
    const added = page.items
      .filter((r) => !shown.has(r.id))
      .map((r) => toCommentView(getClient(), r, render, formatAge(r.created)));
    const pending = $comments.get().filter((c) => c.pending);
    const settled = $comments.get().filter((c) => !c.pending);
    $comments.set([...[...settled, ...added].sort(byTime), ...pending]);
    $commentsNext.set(page.next);
    pagedCount += page.items.length;
    return succeed(undefined);
  } catch {
    return refuse(translate('comments', 'moreFailed'), { toast: true });
  }
}

/** Posts a comment (or a reply); an error result means it was refused, so the text can be restored. */
export async function addComment(
  body: string,
  parent = '',
  images: File[] = [],
  internal = false,
): Promise<Result<CommentView>> {
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  if (!body.trim())
    return refuse(translate('comments', 'writeFirst'), { fields: { body: translate('comments', 'writeFirst') } });
  const post = $commentsPost.get();
  const tempId = `pending-${Date.now()}`;
  const { id, name, avatarUrl } = viewer.value;
  const optimistic: CommentView = {
    id: tempId,
    parent,
    author: { id, name, avatarUrl },
    byStaff: isStaff(viewer.value),
    body,
    html: render?.(body) ?? null,
    images: images.map((file) => ({ thumb: URL.createObjectURL(file), full: '' })),
    created: new Date().toISOString(),
    age: 'just now',
    edited: false,
    internal,
    hidden: false,
    pending: true,
  };
  return act({
    apply: () => {
      $comments.set([...$comments.get(), optimistic]);
      return () => replace(tempId, null);
    },
    send: async () => view(await createComment(getClient(), { post, author: id, body, parent, images, internal })),
    confirm: (saved) => replace(tempId, $comments.get().some((c) => c.id === saved.id) ? null : saved),
    failure: translate('comments', 'notPosted'),
  });
}

export async function editComment(id: string, body: string): Promise<Result<void>> {
  const before = $comments.get().find((c) => c.id === id);
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  if (!before) return refuse(translate('comments', 'gone'), { toast: true });
  return act({
    apply: () => {
      replace(id, { ...before, body, html: render?.(body) ?? null, edited: true });
      return () => replace(id, before);
    },
    send: () => updateComment(getClient(), id, body).then(() => undefined),
    failure: translate('comments', 'notSaved'),
  });
}

export async function removeComment(id: string): Promise<Result<void>> {
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  const before = $comments.get();
  return act({
    apply: () => {
      $comments.set(before.filter((c) => c.id !== id && c.parent !== id));
      return () => $comments.set(before);
    },
    send: () => deleteComment(getClient(), id),
    failure: translate('comments', 'notDeleted'),
  });
}

/** Staff: hide a comment from members (its author still sees it), or show it again. */
export async function toggleCommentHidden(id: string): Promise<Result<void>> {
  const before = $comments.get().find((c) => c.id === id);
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  if (!before) return refuse(translate('comments', 'gone'), { toast: true });
  return act({
    apply: () => {
      replace(id, { ...before, hidden: !before.hidden });
      return () => replace(id, before);
    },
    send: () => setCommentHidden(getClient(), id, !before.hidden).then(() => undefined),
    failure: translate('comments', 'notChanged'),
  });
}
