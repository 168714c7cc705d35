// An idea's comments a page at a time, oldest first (issue 35): the idea page shows the first page and
// "Show more comments" asks for the next, so neither the page nor PocketBase reads every comment of an idea
// that holds thousands (the back-relation expand it replaces read at most 1,000, in no set order, and left
// the rest out). Keyset paging on (created, id) walks the comments (post, created, id) index, so the
// hundredth page costs what the first does. Who sees what is the comments' list rule: the idea must be one
// the caller may see (checked once, with the posts' view rule); internal comments are for staff, hidden
// ones for their author and staff, written in SQL in server/cmd/pocketbase/idea_reads.go
// (tests/integration/comments/comment-pages.test.ts compares the two for every kind of caller).
const { COMMENTS_PAGE: DEFAULT_LIMIT, COMMENTS_MOST: MAX_LIMIT } = require(
  `${__hooks}/platform/contract/comment-pages.js`,
);
/** A cursor: the last comment's created time and id ("2026-11-25 10:00:00.123Z_abc123def456ghi"). */
const CURSOR = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?Z)_([a-z0-9]{15})$/;

/** Reads ?limit= and ?after=; null when `after` is not a cursor this route wrote. */
function readPageQuery(e) {
  const { boundedNumber } = require(`${__hooks}/platform/paging.js`);
  const limit = boundedNumber(e, 'limit', DEFAULT_LIMIT, MAX_LIMIT);
  const after = e.request.url.query().get('after');
  if (!after) return { limit, after: null };
  const match = CURSOR.exec(after);
  return match ? { limit, after: { created: match[1], id: match[2] } } : null;
}

/**
 * GET /api/chorus/posts/{id}/comments?limit=&after= → { items, next, newest? }: `next` is null on the last
 * page; the first page (no `after`) also carries `newest`, the cursor after the newest comment (null: none).
 * Here the request is read, the caller named and a refusal made; the page is read and answered in Go
 * ($ideaReads, server/cmd/pocketbase/idea_reads.go), where its SQL is written.
 */
function commentPage(e) {
  const { isStaff, memberOf } = require(`${__hooks}/platform/access.js`);
  const { refusalText } = require(`${__hooks}/platform/refusals.js`);
  const paging = readPageQuery(e);
  if (!paging) throw new BadRequestError(refusalText('badCursor'));
  const post = require(`${__hooks}/platform/posts.js`).findVisiblePost(e, e.request.pathValue('id'));
  const me = memberOf(e)?.id ?? '';
  $ideaReads.commentPage(e, post, me, isStaff(e), paging.limit, paging.after?.created ?? '', paging.after?.id ?? '');
}

module.exports = { commentPage };
