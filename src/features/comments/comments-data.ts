// Comments on an idea (one level of replies) and their reactions.

import { COMMENTS_PAGE } from '../../contract/comment-pages';
import type { PocketBase } from '../../lib/pb/client';
import type { CommentRecord, Emoji, ReactionRecord } from '../../lib/pb/post-types';

export { COMMENTS_PAGE };

export interface CommentPage {
  items: CommentRecord[];
  /** Where the next page starts; null when this page is the last. Opaque: pass it back as `after`. */
  next: string | null;
  /**
   * On the first page only: the cursor after the newest comment the caller may see, read just before the
   * page (null: none yet). Every comment after it came after the page was made.
   */
  newest?: string | null;
}

/**
 * One page of an idea's comments, oldest first, as the viewer may see them (pb_hooks/comments/comment-pages.js, read
 * in server/cmd/pocketbase/idea_reads.go: keyset paging, so a late page costs what the first does). `after`: the
 * `next` of the page before.
 */
export function listCommentPage(
  pb: PocketBase,
  postId: string,
  { after = null, limit = COMMENTS_PAGE }: { after?: string | null; limit?: number } = {},
): Promise<CommentPage> {
  const query: Record<string, string | number> = { limit };
  if (after) query.after = after;
  return pb.send<CommentPage>(`/api/chorus/posts/${encodeURIComponent(postId)}/comments`, { query });
}

/** The first `limit` comments members may see (hidden ones left out), oldest first, without their images. */
export async function listVisibleComments(pb: PocketBase, postId: string, limit: number) {
  const page = await pb.collection('comments').getList<CommentRecord>(1, limit, {
    filter: pb.filter('post = {:id} && hidden = false', { id: postId }),
    sort: 'created',
    fields: 'id,body,author_name,internal,parent,created',
    skipTotal: true, // a count would read every comment of a popular idea on each call
  });
  return page.items;
}

export function createComment(
  pb: PocketBase,
  fields: { post: string; author: string; body: string; parent?: string; images?: File[]; internal?: boolean },
): Promise<CommentRecord> {
  const form = new FormData();
  form.set('post', fields.post);
  form.set('author', fields.author);
  form.set('body', fields.body);
  form.set('parent', fields.parent ?? '');
  if (fields.internal) form.set('internal', 'true');
  for (const file of fields.images ?? []) form.append('images', file);
  return pb.collection('comments').create<CommentRecord>(form);
}

export function updateComment(pb: PocketBase, id: string, body: string): Promise<CommentRecord> {
  return pb.collection('comments').update<CommentRecord>(id, { body });
}

/** Staff hide a comment from everyone but its author and staff, or show it again. */
export function setCommentHidden(pb: PocketBase, id: string, hidden: boolean): Promise<CommentRecord> {
  return pb.collection('comments').update<CommentRecord>(id, { hidden });
}

export async function deleteComment(pb: PocketBase, id: string): Promise<void> {
  await pb.collection('comments').delete(id);
}

export function listReactions(pb: PocketBase, postId: string): Promise<ReactionRecord[]> {
  return pb.collection('reactions').getFullList<ReactionRecord>({
    filter: pb.filter('comment.post = {:post}', { post: postId }),
    fields: 'id,comment,user,emoji',
  });
}

export function createReaction(pb: PocketBase, comment: string, user: string, emoji: Emoji): Promise<ReactionRecord> {
  return pb.collection('reactions').create<ReactionRecord>({ comment, user, emoji });
}

export async function deleteReaction(pb: PocketBase, id: string): Promise<void> {
  await pb.collection('reactions').delete(id);
}
