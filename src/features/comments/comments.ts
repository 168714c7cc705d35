// The open idea's comments: live (new ones marked, hidden and deleted ones leave), rendered through the
// server's markdown renderer (loaded on demand), optimistic add/edit/delete/hide with rollback, a page at a
// time (the page shows the first; "Show more comments" adds the next, oldest first, whatever came live).

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { isStaff } from '../../lib/access';
import type { CommentRecord, CommentView } from '../../lib/pb/post-types';
import { act, createChangeClock, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { followIdea } from '../../stores/idea-live';
import { $posts } from '../../stores/posts';
import { listenPublic, onReconnect } from '../../stores/realtime';
import { checkCanWrite, getViewer } from '../../stores/viewer';
import { normalizeBody, toCommentView } from './comment-views';
import { createComment, deleteComment, listCommentPage, setCommentHidden, updateComment } from './comments-data';

export const $comments = atom<CommentView[]>([]);
/** The idea whose comments $comments holds ("" before the island starts). */
export const $commentsPost = atom('');
/** Where the next page of comments starts; null once every page is shown. */
export const $commentsNext = atom<string | null>(null);
/**
 * `paged`: how many comments came from pages (not live), what a catch-up asks for again; `since`: while pages
 * are unshown, a catch-up also asks for every comment after this cursor (from just before the page was made).
 */
export const pages = { paged: 0, since: '' };

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
/** Comments changed live or here: a catch-up asked for before keeps them as they are now. */
const clock = createChangeClock();

export interface CommentsStart {
  /** The idea's board is public and it is approved, when the page knows (see stores/idea-live.ts). */
  isPublic?: boolean | undefined;
  /** Where the page's comments stop when the idea has more (null: the page shows them all). */
  next?: string | null;
  /** The idea's public comment count when the page was made. */
  commentCount?: number;
  /** The cursor after the newest comment the page knew: comments after it came since (comments-data.ts `newest`). */
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
  pages.paged = initial.length;
  pages.since = since;
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
    clock.touch(record.id);
    replace(record.id, {
      ...known,
      body,
      html: known.body !== body || known.html === null ? (render?.(body) ?? null) : known.html,
      edited: Boolean(record.edited_at),
      hidden: Boolean(record.hidden),
      held: Boolean(record.held_for),
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

/**
 * Asks again for the comments the viewer may see, as far as the pages shown reach (after a reconnect, or a
 * comment was hidden); what came live beyond them stays. Loaded when first needed (comments-sync.ts).
 */
export const catchUp = (postId: string): Promise<void> =>
  import('./comments-sync').then((sync) => sync.catchUp(postId, island));

/** Shows the next page of comments ("Show more comments"), loaded when first asked (comments-sync.ts). */
export const loadMoreComments = (): Promise<Result<void>> =>
  import('./comments-sync').then((sync) => sync.loadMoreComments(island));

/**
 * What comments-sync.ts works on, handed to it rather than imported: this store and its data modules then
 * stay in the island's own file instead of a chunk shared with the lazy one.
 */
const island = {
  $comments,
  $commentsNext,
  $commentsPost,
  pages,
  clock,
  view,
  render: () => render,
  loadRenderer,
  listCommentPage,
  normalizeBody,
  toCommentView,
};
export type CommentsIsland = typeof island;

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

/**
 * Changes one comment at once, as `change` makes it from the comment as it was, and back if `send` fails
 * (`failure` is the toast then).
 */
async function changeComment(
  id: string,
  change: (before: CommentView) => CommentView,
  send: (before: CommentView) => Promise<unknown>,
  failure: string,
): Promise<Result<void>> {
  const before = $comments.get().find((c) => c.id === id);
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  if (!before) return refuse(translate('comments', 'gone'), { toast: true });
  return act({
    apply: () => {
      clock.touch(id);
      replace(id, change(before));
      return () => replace(id, before);
    },
    send: () => send(before).then(() => undefined),
    failure,
  });
}

export function editComment(id: string, body: string): Promise<Result<void>> {
  return changeComment(
    id,
    (before) => ({ ...before, body, html: render?.(body) ?? null, edited: true }),
    () => updateComment(getClient(), id, body),
    translate('comments', 'notSaved'),
  );
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
export function toggleCommentHidden(id: string): Promise<Result<void>> {
  return changeComment(
    id,
    (before) => ({ ...before, hidden: !before.hidden }),
    (before) => setCommentHidden(getClient(), id, !before.hidden),
    translate('comments', 'notChanged'),
  );
}
