// Which cached pages a committed write changes (tags named as in src/lib/edge-cache/tags.ts), and the
// call that asks the Worker to purge them. A failed purge is logged and never fails the write: pages
// also expire at the edge within a minute.

const SHELL_COLLECTIONS = ['site', 'statuses', 'tags'];

/** The cache tags a write to `record` (before it: `original`, for updates) affects. */
function tagsFor(app, record, original) {
  const collection = record.collection().name;
  const tags = new Set();
  const postTags = (postId) => {
    if (!postId) return;
    tags.add(`post:${postId}`);
  };
  if (SHELL_COLLECTIONS.includes(collection)) tags.add('site');
  if (collection === 'boards') {
    tags.add('site');
    tags.add(`board:${record.id}`);
  }
  if (collection === 'posts') {
    postTags(record.id);
    for (const version of [record, original]) {
      const board = version?.getString('board');
      if (board) tags.add(`board:${board}`);
    }
    // The changelog shows the title and votes of the ideas an entry ships.
    const shippedIn = app.findRecordsByFilter('changelog_entries', 'posts ~ {:post}', '', 1, 0, { post: record.id });
    if (shippedIn.length > 0) tags.add('changelog');
  }
  if (collection === 'comments' || collection === 'status_events') postTags(record.getString('post'));
  if (collection === 'reactions') {
    const comment = app.findRecordById('comments', record.getString('comment'));
    postTags(comment.getString('post'));
  }
  if (collection === 'changelog_entries') {
    tags.add('changelog');
    for (const version of [record, original]) for (const post of version?.getStringSlice('posts') ?? []) postTags(post);
  }
  return [...tags];
}

/** The Worker's most tags per purge (src/lib/edge-cache/purge.ts MAX_TAGS). */
const MAX_TAGS = 100;

/** The cached pages that show a user's name or avatar: their ideas, their boards' lists and the ideas they
 * commented on. (Never every page: a member renaming in a loop would empty the whole cache each time.) */
function authorPageTags(app, userId) {
  const tags = new Set();
  const rows = arrayOf(new DynamicModel({ post: '', board: '' }));
  app
    .db()
    .newQuery(
      'SELECT id AS post, board FROM posts WHERE author = {:user} ' +
        "UNION SELECT DISTINCT post, '' AS board FROM comments WHERE author = {:user}",
    )
    .bind({ user: userId })
    .all(rows);
  for (const row of rows) {
    tags.add(`post:${row.post}`);
    if (row.board) tags.add(`board:${row.board}`);
  }
  return [...tags];
}

/** POSTs the tags to the Worker's purge route, at most MAX_TAGS per call; logs (never throws) a failure. */
function purge(app, tags) {
  const url = $os.getenv('EDGE_PURGE_URL');
  const secret = $os.getenv('EDGE_PURGE_SECRET');
  if (!url || !secret) return;
  for (let start = 0; start < tags.length; start += MAX_TAGS) {
    const some = tags.slice(start, start + MAX_TAGS);
    try {
      const response = $http.send({
        url,
        method: 'POST',
        body: JSON.stringify({ tags: some }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        timeout: 5,
      });
      if (response.statusCode !== 200) {
        app.logger().warn('Edge cache purge refused', 'status', response.statusCode, 'tags', some.join(','));
      }
    } catch (error) {
      app.logger().warn('Edge cache purge failed', 'error', String(error), 'tags', some.join(','));
    }
  }
}

/** After a write commits: purges what it changed. Reading a deleted comment's post may fail: logged. */
function purgeAfterWrite(e) {
  e.next();
  let tags = [];
  try {
    tags = tagsFor(e.app, e.record, e.record.original());
  } catch (error) {
    e.app.logger().warn('Edge cache tags failed', 'error', String(error), 'collection', e.record.collection().name);
  }
  purge(e.app, tags);
}

module.exports = { tagsFor, authorPageTags, purge, purgeAfterWrite };
