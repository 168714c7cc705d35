// Comments as the island shows them, built on the server (with markdown) or in the browser (plain text).

import { cardAuthor, imageUrls } from '../../lib/pb/card-parts';
import type { PocketBase } from '../../lib/pb/client';
import type { CommentRecord, CommentView } from '../../lib/pb/post-types';
import { COMMENTS_PAGE } from './comments-data';

/** How many comments a page asks to see from the first (`?comments=`, what "Show more comments" links to without JavaScript). */
export function commentLimitOf(url: URL): number {
  const asked = Number.parseInt(url.searchParams.get('comments') ?? '', 10);
  return Number.isFinite(asked) ? Math.min(1000, Math.max(COMMENTS_PAGE, asked)) : COMMENTS_PAGE;
}

/** The link (on the page at `path`) that shows `shown` comments and the page after them, without JavaScript. */
export function moreCommentsHref(path: string, shown: number): string {
  return `${path}?comments=${Math.min(1000, shown + COMMENTS_PAGE)}#comments-more`;
}

/**
 * Comment text as typed. Comments are sent as multipart form data (they may carry images), whose
 * encoding turns every line break into CRLF, so PocketBase stores and sends back "\r\n".
 */
export function normalizeBody(body: string): string {
  return body.replace(/\r\n?/g, '\n');
}

export function toCommentView(
  pb: PocketBase,
  record: CommentRecord,
  render: ((body: string) => string) | null,
  age: string,
): CommentView {
  return {
    id: record.id,
    parent: record.parent ?? '',
    author: cardAuthor(pb, record),
    byStaff: Boolean(record.by_staff),
    body: normalizeBody(record.body),
    html: render ? render(record.body) : null,
    images: imageUrls(record),
    created: record.created,
    age,
    edited: Boolean(record.edited_at),
    internal: Boolean(record.internal),
    hidden: Boolean(record.hidden),
    held: Boolean(record.held_for),
  };
}
