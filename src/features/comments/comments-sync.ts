// The comments' catch-ups and "Show more comments": asking PocketBase again after a reconnect or a hidden
// comment, and the next page. Loaded when first needed (most page views never need either), so the idea page
// does not carry it up front.

import { COMMENTS_MOST } from '../../contract/comment-pages';
import { translate } from '../../i18n/current';
import type { CommentView } from '../../lib/pb/post-types';
import { type Result, refuse, succeed } from '../../stores/action';
import { getClient } from '../../stores/client';
import type { CommentsIsland } from './comments';

const byTime = (a: { created: string; id: string }, b: { created: string; id: string }) =>
  a.created.localeCompare(b.created) || a.id.localeCompare(b.id);
/** Shows `settled` in time order, then the comments still being sent, and where the next page starts. */
function showInOrder({ $comments, $commentsNext }: CommentsIsland, settled: CommentView[], next: string | null) {
  $comments.set([...settled.sort(byTime), ...$comments.get().filter((c) => c.pending)]);
  $commentsNext.set(next);
}

/**
 * Asks again for the comments the viewer may see, as far as the pages shown reach (after a reconnect, or a
 * comment was hidden). What came live beyond them stays.
 */
export async function catchUp(postId: string, island: CommentsIsland): Promise<void> {
  const { $comments, $commentsNext, pages, clock, view, listCommentPage, normalizeBody } = island;
  const asked = new Set($comments.get().map((c) => c.id));
  const mark = clock.mark();
  try {
    // New comments show as they will after a reload: with the renderer (a late start may not have it yet).
    // Every page shown: to the end (as many as one answer holds); pages unshown: as far as those shown reach.
    const limit = $commentsNext.get() === null ? COMMENTS_MOST : Math.min(COMMENTS_MOST, Math.max(1, pages.paged));
    const [{ items: paged, next }] = await Promise.all([
      listCommentPage(getClient(), postId, { limit }),
      island.render() ?? island.loadRenderer().catch(() => null),
    ]);
    // Pages still unshown: everything that came since the page was made comes too, after them (as many as
    // one answer holds, however few pages are shown).
    const tail =
      next && pages.since
        ? (await listCommentPage(getClient(), postId, { after: pages.since, limit: COMMENTS_MOST })).items
        : [];
    const pagedIds = new Set(paged.map((r) => r.id));
    const records = [...paged, ...tail.filter((r) => !pagedIds.has(r.id))];
    const before = new Map($comments.get().map((c) => [c.id, c]));
    const answered = new Set(records.map((r) => r.id));
    const last = paged.at(-1);
    // What live events (or this viewer) changed while the answer was on its way is newer than it: a comment
    // removed meanwhile stays removed, one that arrived or was edited or hidden meanwhile stays as it is.
    const fresh = records
      .filter((r) => before.has(r.id) || !asked.has(r.id))
      .map((r) => {
        const old = before.get(r.id);
        const same = old && old.body === normalizeBody(r.body) && old.hidden === Boolean(r.hidden);
        if (old && (same || !clock.unchangedSince(r.id, mark))) return old;
        return { ...view(r), isNew: !old, ...(old ? { age: old.age } : {}) };
      });
    // Comments past the last page asked for (came live, or shown by an earlier "Show more") were not asked about.
    const beyond = (c: CommentView) => next !== null && (!last || byTime(c, last) > 0);
    const kept = $comments.get().filter((c) => !c.pending && !answered.has(c.id) && (!asked.has(c.id) || beyond(c)));
    showInOrder(island, [...fresh, ...kept], next);
    pages.paged = paged.length;
  } catch {
    // Still offline: the next reconnect tries again.
  }
}

/** Shows the next page of comments, in order among those already shown (some may have come live). */
export async function loadMoreComments(island: CommentsIsland): Promise<Result<void>> {
  const { $comments, $commentsNext, $commentsPost, pages, listCommentPage, toCommentView } = island;
  const after = $commentsNext.get();
  const post = $commentsPost.get();
  if (!after || !post) return succeed(undefined);
  try {
    // Ages as the server writes them; the date formatting comes with the first "Show more".
    const [page, , { formatAge }] = await Promise.all([
      listCommentPage(getClient(), post, { after }),
      island.render() ?? island.loadRenderer(),
      import('../../lib/dates'),
    ]);
    if ($commentsPost.get() !== post) return succeed(undefined);
    const shown = new Set($comments.get().map((c) => c.id));
    const added = page.items
      .filter((r) => !shown.has(r.id))
      .map((r) => toCommentView(getClient(), r, island.render(), formatAge(r.created)));
    showInOrder(island, [...$comments.get().filter((c) => !c.pending), ...added], page.next);
    pages.paged += page.items.length;
    return succeed(undefined);
  } catch {
    return refuse(translate('comments', 'moreFailed'), { toast: true });
  }
}
