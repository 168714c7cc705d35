// The live copy of a public idea in `post_live` (same id as the post): what every visitor of a public
// idea may see and what open pages show live. Its view rule is empty, so PocketBase sends its realtime
// events to any number of subscribers without one rule query each. It exists exactly while its idea is
// public (pb_hooks/platform/access.js isPublicPost) and is kept in step inside the caller's transaction.
const { isPublicPost, publicPostSql } = require(`${__hooks}/platform/access.js`);

const COLLECTION = 'post_live';
/** The fields copied from the post, each with how to read it. */
const FIELDS = {
  board: 'getString',
  title: 'getString',
  status: 'getString',
  merged_into: 'getString',
  vote_count: 'getInt',
  comment_count: 'getInt',
  locked: 'getBool',
};

function findLive(app, id) {
  try {
    return app.findRecordById(COLLECTION, id);
  } catch {
    return null;
  }
}

/** Creates, updates or deletes the live copy of `post` so that it matches; saves only on a change.
 * `board`: the post's board when the caller already read it. */
function syncPostLive(app, post, board = null) {
  const live = findLive(app, post.id);
  if (!isPublicPost(app, post, board)) {
    if (live) app.delete(live);
    return;
  }
  const record = live ?? new Record(app.findCachedCollectionByNameOrId(COLLECTION));
  if (!live) record.set('id', post.id);
  let changed = !live;
  for (const [field, read] of Object.entries(FIELDS)) {
    const value = post[read](field);
    if (live && live[read](field) === value) continue;
    record.set(field, value);
    changed = true;
  }
  if (!changed) return;
  // The idea's version (server/cmd/pocketbase/votes.go stampUpdated), so open pages compare either's events.
  record.set('updated', post.get('updated'));
  app.saveNoValidate(record); // copied from a post that was just validated
}

/** Does this update of a post (before it is saved) change its live copy or whether it is public? */
function liveFieldsChanged(post) {
  const original = post.original();
  return ['approved', ...Object.keys(FIELDS)].some((field) => String(post.get(field)) !== String(original.get(field)));
}

/** Removes the live copy of a deleted idea (if it had one). */
function deletePostLive(app, postId) {
  const live = findLive(app, postId);
  if (live) app.delete(live);
}

/** Brings the live copies of every idea on a board in step (its visibility changed): the board is read
 * once, not once per idea. */
function syncBoardLive(app, board) {
  for (const post of app.findRecordsByFilter('posts', 'board = {:board}', '', 0, 0, { board: board.id })) {
    syncPostLive(app, post, board);
  }
}

/** SQL filling `post_live` from the public ideas in one statement (the migration's back-fill). */
const BACKFILL_SQL =
  `INSERT INTO ${COLLECTION} (id, board, title, status, merged_into, vote_count, comment_count, locked, created, updated) ` +
  'SELECT p.id, p.board, p.title, p.status, p.merged_into, p.vote_count, p.comment_count, p.locked, p.created, p.updated ' +
  `FROM posts p JOIN boards b ON b.id = p.board WHERE ${publicPostSql()}`;

module.exports = { COLLECTION, FIELDS, syncPostLive, liveFieldsChanged, deletePostLive, syncBoardLive, BACKFILL_SQL };
