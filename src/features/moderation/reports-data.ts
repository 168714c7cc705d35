// Reports and held comments in PocketBase (issue 38): a member's report of an idea or a comment, and what the
// moderation queue lists: comments held for review and open reports, counted per item (reporters left out).
import type { PocketBase } from '../../lib/pb/client';

export const REPORT_REASONS = ['spam', 'abuse', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type HeldFor = 'links' | 'blocked_word' | 'blocked_domain';

export interface HeldComment {
  id: string;
  postId: string;
  postTitle: string;
  author: string;
  excerpt: string;
  heldFor: HeldFor;
}

/** Open reports of one idea or comment: how many, for which reasons, and their ids (to close them). */
export interface ReportedItem {
  postId: string;
  commentId: string;
  title: string;
  excerpt: string;
  /** The comment is hidden / the idea unapproved already. */
  hidden: boolean;
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  reportIds: string[];
}

interface ReportRow {
  id: string;
  post: string;
  comment: string;
  reason: ReportReason;
  expand?: {
    post?: { title: string; approved: boolean };
    comment?: { body: string; hidden: boolean };
  };
}

const excerptOf = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);

export function createReport(
  pb: PocketBase,
  report: { post: string; comment: string; reporter: string; reason: string; note: string },
) {
  return pb.collection('reports').create(report);
}

/** The member's own report of the item, if any (they see no one else's). */
/**
 * Whether the idea (or its comment `commentId`) was written by `userId`: their own item, which no one reports.
 * A comment that is not on this idea, or not there at all, is not theirs (the report is refused on submit).
 */
export async function isOwnItem(
  pb: PocketBase,
  post: { id: string; author: string },
  commentId: string,
  userId: string,
): Promise<boolean> {
  if (!commentId) return post.author === userId;
  const comment = await pb
    .collection('comments')
    .getOne<{ author: string; post: string }>(commentId, { fields: 'author,post' })
    .catch(() => null);
  return comment?.post === post.id && comment.author === userId;
}

export function findOwnReport(pb: PocketBase, postId: string, commentId: string, userId: string) {
  return pb
    .collection('reports')
    .getFirstListItem(
      pb.filter('post = {:p} && comment = {:c} && reporter = {:u}', { p: postId, c: commentId, u: userId }),
    )
    .catch(() => null);
}

export async function listHeldComments(pb: PocketBase): Promise<HeldComment[]> {
  const rows = await pb.collection('comments').getFullList<{
    id: string;
    post: string;
    body: string;
    author_name: string;
    held_for: HeldFor;
    expand?: { post?: { title: string } };
  }>({
    filter: 'held_for != ""',
    sort: 'created',
    expand: 'post',
    fields: 'id,post,body,author_name,held_for,expand.post.title',
  });
  return rows.map((row) => ({
    id: row.id,
    postId: row.post,
    postTitle: row.expand?.post?.title ?? '',
    author: row.author_name,
    excerpt: excerptOf(row.body),
    heldFor: row.held_for,
  }));
}

/** Open reports grouped by item, the most reported first. */
export async function listReportedItems(pb: PocketBase): Promise<ReportedItem[]> {
  const rows = await pb.collection('reports').getFullList<ReportRow>({
    filter: 'outcome = ""',
    sort: 'created',
    expand: 'post,comment',
    fields: 'id,post,comment,reason,expand.post.title,expand.post.approved,expand.comment.body,expand.comment.hidden',
  });
  const items = new Map<string, ReportedItem>();
  for (const row of rows) {
    const key = `${row.post}/${row.comment}`;
    const item = items.get(key) ?? {
      postId: row.post,
      commentId: row.comment,
      title: row.expand?.post?.title ?? '',
      excerpt: row.comment ? excerptOf(row.expand?.comment?.body ?? '') : '',
      hidden: row.comment ? Boolean(row.expand?.comment?.hidden) : row.expand?.post?.approved === false,
      count: 0,
      reasons: {},
      reportIds: [],
    };
    item.count += 1;
    item.reasons[row.reason] = (item.reasons[row.reason] ?? 0) + 1;
    item.reportIds.push(row.id);
    items.set(key, item);
  }
  return [...items.values()].sort((a, b) => b.count - a.count);
}

/** Closes the given reports: dismissed (nothing to do) or acted on. */
export function closeReports(pb: PocketBase, ids: string[], outcome: 'dismissed' | 'acted') {
  return Promise.all(ids.map((id) => pb.collection('reports').update(id, { outcome })));
}

// A comment's moderation from the queue: here rather than through the comments' own module, so the idea page's
// shared code never carries the queue's (and the queue never the comments' island code).
export function setCommentHidden(pb: PocketBase, id: string, hidden: boolean) {
  return pb.collection('comments').update(id, { hidden });
}

export function deleteComment(pb: PocketBase, id: string) {
  return pb.collection('comments').delete(id);
}
