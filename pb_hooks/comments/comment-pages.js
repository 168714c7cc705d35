// An idea's comments a page at a time, oldest first (issue 35): the idea page shows the first page and
// "Show more comments" asks for the next, so neither the page nor PocketBase reads every comment of an idea
// that holds thousands (the back-relation expand it replaces read at most 1,000, in no set order, and left
// the rest out). Keyset paging on (created, id) walks the comments (post, created, id) index, so the
// hundredth page costs what the first does. Who sees what is the comments' list rule: the idea must be one
// the caller may see (checked once, with the posts' view rule); internal comments are for staff, hidden
// ones for their author and staff, written here in SQL (tests/integration/comments/comment-pages.test.ts
// compares the two for every kind of caller).
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);
const { COMMENTS_PAGE: DEFAULT_LIMIT, COMMENTS_MOST: MAX_LIMIT } = require(
  `${__hooks}/platform/contract/comment-pages.js`,
);
/** A cursor: the last comment's created time and id ("2026-11-25 10:00:00.123Z_abc123def456ghi"). */
const CURSOR = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?Z)_([a-z0-9]{15})$/;

const cursorAfter = (row) => `${row.created}_${row.id}`;

/** Reads ?limit= and ?after=; null when `after` is not a cursor this route wrote. */
function readPageQuery(e) {
  const query = e.request.url.query();
  const limit = Math.min(MAX_LIMIT, Math.max(1, Number.parseInt(query.get('limit'), 10) || DEFAULT_LIMIT));
  const after = query.get('after');
  if (!after) return { limit, after: null };
  const match = CURSOR.exec(after);
  return match ? { limit, after: { created: match[1], id: match[2] } } : null;
}

/**
 * GET /api/chorus/posts/{id}/comments?limit=&after= → { items, next, newest? }: `next` is null on the last
 * page; the first page (no `after`) also carries `newest`, the cursor after the newest comment (null: none).
 */
function commentPage(e) {
  const { isStaff } = require(`${__hooks}/platform/access.js`);
  const { refusalText } = require(`${__hooks}/platform/refusals.js`);
  const paging = readPageQuery(e);
  if (!paging) throw new BadRequestError(refusalText('badCursor'));
  let post;
  try {
    post = e.app.findRecordById('posts', e.request.pathValue('id'));
  } catch {
    throw new NotFoundError();
  }
  const info = e.requestInfo();
  if (!e.app.canAccessRecord(post, info, post.collection().viewRule)) throw new NotFoundError();

  const params = {
    post: post.id,
    me: e.auth?.collection().name === 'users' ? e.auth.id : '',
    staff: isStaff(e) ? 1 : 0,
    n: paging.limit + 1,
    created: paging.after?.created ?? '',
    id: paging.after?.id ?? '',
  };
  const visible =
    'FROM comments WHERE post = {:post} ' +
    'AND (internal = FALSE OR {:staff} = 1) AND (hidden = FALSE OR author = {:me} OR {:staff} = 1) ';
  // The first page also names the newest comment the caller may see, read before the page itself: every
  // comment after it came after the page was made (a late island asks for exactly those; no clocks).
  let newest = null;
  if (!paging.after) {
    const last = rowsOf(
      e.app,
      `SELECT id, created ${visible}ORDER BY created DESC, id DESC LIMIT 1`,
      { id: '', created: '' },
      params,
    );
    newest = last.length ? cursorAfter(last[0]) : null;
  }
  const rows = rowsOf(
    e.app,
    `SELECT id, created ${visible}` +
      (paging.after ? 'AND (created > {:created} OR (created = {:created} AND id > {:id})) ' : '') +
      'ORDER BY created, id LIMIT {:n}',
    { id: '', created: '' },
    params,
  );
  const page = rows.slice(0, paging.limit);
  const byId = {};
  for (const record of e.app.findRecordsByIds(
    'comments',
    page.map((row) => row.id),
  ))
    byId[record.id] = record;
  const items = page.map((row) => byId[row.id]).filter(Boolean);
  $apis.enrichRecords(e, items);
  const next = rows.length > paging.limit ? cursorAfter(page[page.length - 1]) : null;
  return e.json(200, paging.after ? { items, next } : { items, next, newest });
}

module.exports = { commentPage };
