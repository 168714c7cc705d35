// Which cached pages a committed write changes (tags named by the contract, src/contract/cache-tags.ts); the tags
// travel to the Worker with the live changes (platform/edge/edge-publish.js), which purges them within Cloudflare's
// budget. Counts purge nothing: open pages get them live. Pages also expire at the edge within a minute.
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const { SITE_TAG, CHANGELOG_TAG, boardTag, postTag, SHELL_COLLECTIONS, COUNTER_FIELDS } = require(
  `${__hooks}/platform/contract/cache-tags.js`,
);

/** The cache tags a write to `record` (before it: `original`, for updates) affects. */
function tagsFor(app, record, original) {
  const collection = record.collection().name;
  const tags = new Set();
  const postTags = (postId) => {
    if (!postId) return;
    tags.add(postTag(postId));
  };
  if (SHELL_COLLECTIONS.includes(collection)) tags.add(SITE_TAG);
  if (collection === 'boards') {
    tags.add(SITE_TAG);
    tags.add(boardTag(record.id));
  }
  if (collection === 'posts') {
    // Votes and comments recount the idea: its numbers reach open pages live, so nothing is purged for them.
    if (original && onlyCountersChanged(record, original)) return [];
    postTags(record.id);
    for (const version of [record, original]) {
      const board = version?.getString('board');
      if (board) tags.add(boardTag(board));
    }
    // The changelog shows the title and votes of the ideas an entry ships.
    const shippedIn = app.findRecordsByFilter('changelog_entries', 'posts ~ {:post}', '', 1, 0, { post: record.id });
    if (shippedIn.length > 0) tags.add(CHANGELOG_TAG);
  }
  if (collection === 'comments' || collection === 'status_events') postTags(record.getString('post'));
  // A board's custom fields (labels, options) show on its ideas' pages, which carry no board tag: like the
  // shell, a change to one purges every page (an admin's rare write; values it moves purge their ideas too).
  if (collection === 'custom_fields') tags.add(SITE_TAG);
  if (collection === 'changelog_entries') {
    tags.add(CHANGELOG_TAG);
    for (const version of [record, original]) for (const post of version?.getStringSlice('posts') ?? []) postTags(post);
  }
  return [...tags];
}

function onlyCountersChanged(record, original) {
  for (const field of record.collection().fields) {
    const name = field.getName();
    if (COUNTER_FIELDS.includes(name)) continue;
    if (JSON.stringify(record.get(name)) !== JSON.stringify(original.get(name))) return false;
  }
  return true;
}

/** The cached pages that show a user's name or avatar: their ideas, their boards' lists and the ideas they
 * commented on. (Never every page: a member renaming in a loop would empty the whole cache each time.) */
function authorPageTags(app, userId) {
  const tags = new Set();
  const rows = rowsOf(
    app,
    'SELECT id AS post, board FROM posts WHERE author = {:user} ' +
      "UNION SELECT DISTINCT post, '' AS board FROM comments WHERE author = {:user}",
    { post: '', board: '' },
    { user: userId },
  );
  for (const row of rows) {
    tags.add(postTag(row.post));
    if (row.board) tags.add(boardTag(row.board));
  }
  return [...tags];
}

/** Queues the tags for the Worker (platform/edge/edge-publish.js sends them beside the request, in its next call). */
function purge(app, tags) {
  require(`${__hooks}/platform/edge/edge-publish.js`).enqueue(app, { tags });
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
