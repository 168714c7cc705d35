// The duplicate suggestions staff decide (duplicate_suggestions, migration 1764870000): written by the job,
// one row per unordered pair for good (pair_low/pair_high, unique), so a dismissed pair never comes back;
// closed when one of its ideas is merged; declined when the chat model said they are not the same need
// (duplicates/confirm.js); read as the staff queue.
const STATES = ['open', 'merged', 'dismissed', 'closed', 'declined'];

const pairOf = (a, b) => (a < b ? [a, b] : [b, a]);

/** Was this pair ever suggested, whatever came of it? */
function isKnownPair(app, a, b) {
  const [low, high] = pairOf(a, b);
  const sql = 'SELECT COUNT(*) AS n FROM duplicate_suggestions WHERE pair_low = {:low} AND pair_high = {:high}';
  return require(`${__hooks}/platform/sql-count.js`).countOf(app, sql, { low, high }) > 0;
}

/** The newer of two posts records (the one to merge away by default), then the older: [newer, older]. */
function newerFirst(a, b) {
  const [ta, tb] = [a.getString('created'), b.getString('created')];
  if (ta !== tb) return ta > tb ? [a, b] : [b, a];
  return a.id > b.id ? [a, b] : [b, a];
}

/** Queues the pair of `post` and `other` (posts records) with its scores, unless it was ever suggested. */
function suggestPair(app, post, other, { lexical, semantic, score, shared, reason, confirmation = '' }) {
  if (isKnownPair(app, post.id, other.id)) return false;
  const [newer, older] = newerFirst(post, other);
  const [low, high] = pairOf(post.id, other.id);
  const row = new Record(app.findCachedCollectionByNameOrId('duplicate_suggestions'));
  row.load({ post: newer.id, candidate: older.id, pair_low: low, pair_high: high, lexical, semantic, score });
  row.set('reason', reason);
  row.set('words', shared);
  row.set('state', 'open');
  row.set('confirmation', confirmation);
  app.save(row);
  return true;
}

/** Closes the open suggestions naming idea `postId` (it was merged): state closed, by `staffId`. */
function closeSuggestionsOf(app, postId, staffId) {
  app
    .db()
    .newQuery(
      "UPDATE duplicate_suggestions SET state = 'closed', decided_by = {:staff}, updated = {:now} " +
        "WHERE state = 'open' AND (post = {:post} OR candidate = {:post})",
    )
    .bind({ post: postId, staff: staffId || '', now: new DateTime().string() })
    .execute();
}

/** Marks suggestion `row` decided (merged or dismissed) by `staffId`. */
function decide(app, row, state, staffId) {
  row.set('state', state);
  row.set('decided_by', staffId);
  app.save(row);
}

/** The shared words of a row (a JSON field reads as raw bytes: parsed from its text). */
function wordsOf(row) {
  try {
    const words = JSON.parse(row.getString('words') || '[]');
    return Array.isArray(words) ? words.map(String) : [];
  } catch {
    return [];
  }
}

const postSummary = (post, boards) => ({
  id: post.id,
  title: post.getString('title'),
  vote_count: post.getInt('vote_count'),
  board: post.getString('board'),
  board_name: boards[post.getString('board')] || '',
  merged_into: post.getString('merged_into'),
});

/**
 * A page of suggestions in `state`, best first, with both ideas as `canSee(post)` allows:
 * { items: [{ id, post, candidate, lexical, semantic, score, reason, words, confirmation, confirmation_reason, state,
 * created }], page, perPage, totalItems }.
 */
function listSuggestions(app, { state, page, perPage, offset }, canSee) {
  const filter = 'state = {:state}';
  const rows = app.findRecordsByFilter('duplicate_suggestions', filter, '-score,-created', perPage, offset, { state });
  const totalItems = app.countRecords('duplicate_suggestions', $dbx.hashExp({ state }));
  const postIds = Array.from(new Set(rows.flatMap((row) => [row.getString('post'), row.getString('candidate')])));
  const posts = {};
  for (const post of postIds.length ? app.findRecordsByIds('posts', postIds) : []) posts[post.id] = post;
  const boardIds = Array.from(new Set(Object.values(posts).map((post) => post.getString('board'))));
  const boards = {};
  for (const board of boardIds.length ? app.findRecordsByIds('boards', boardIds) : [])
    boards[board.id] = board.getString('name');
  const items = [];
  for (const row of rows) {
    const post = posts[row.getString('post')];
    const candidate = posts[row.getString('candidate')];
    if (!post || !candidate || !canSee(post) || !canSee(candidate)) continue;
    items.push({
      id: row.id,
      post: postSummary(post, boards),
      candidate: postSummary(candidate, boards),
      lexical: row.getFloat('lexical'),
      semantic: row.getFloat('semantic'),
      score: row.getFloat('score'),
      reason: row.getString('reason'),
      words: wordsOf(row),
      confirmation: row.getString('confirmation'),
      confirmation_reason: row.getString('confirmation_reason'),
      state: row.getString('state'),
      created: row.getString('created'),
    });
  }
  return { items, page: Math.floor(offset / perPage) + 1, perPage, totalItems };
}

module.exports = { STATES, isKnownPair, suggestPair, closeSuggestionsOf, decide, listSuggestions };
