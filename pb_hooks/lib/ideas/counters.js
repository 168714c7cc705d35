// Server-owned numbers on a post: vote_count, comment_count and trending_score. Only votes that count are
// counted (a member's vote waits for their confirmed email, lib/ideas/counted.js).
//
// Trending ("hot") score, stored so lists can sort by an index:
//   score = log10(max(1, votes + comments / 2)) + (created_unix - EPOCH) / DECAY_SECONDS
// Age decay is expressed as a bonus for being newer instead of a penalty for being older, so the
// order it gives equals the Hacker-News-style "points decayed by age" order while a stored score never
// goes stale: a post DECAY_SECONDS (2 days) newer needs ten times fewer points to rank equally.
const EPOCH = 1763800000; // 2025-11-22, keeps scores small
const DECAY_SECONDS = 2 * 24 * 3600;

function trendingScore(votes, comments, createdUnix) {
  const points = Math.max(1, votes + comments / 2);
  return Math.round((Math.log10(points) + (createdUnix - EPOCH) / DECAY_SECONDS) * 1e6) / 1e6;
}

/** The public comments (index comments (post, internal, hidden)) and votes that count (index votes (post, counted,
 * created, id)) of an idea, as SQL. */
const COMMENTS_SQL = '(SELECT COUNT(*) FROM comments WHERE post = {:id} AND internal = FALSE AND hidden = FALSE)';
const VOTES_SQL = '(SELECT COUNT(*) FROM votes WHERE post = {:id} AND counted = TRUE)';

/** Recounts the idea's comments, and its votes with `votesFromRows` (else its vote_count stands), and saves it. */
function recount(app, postId, votesFromRows) {
  let post;
  try {
    post = app.findRecordById('posts', postId);
  } catch {
    return; // the post itself is being deleted (cascade)
  }
  const counts = new DynamicModel({ votes: 0, comments: 0 });
  app
    .db()
    .newQuery(`SELECT ${votesFromRows ? VOTES_SQL : '0'} AS votes, ${COMMENTS_SQL} AS comments`)
    .bind({ id: postId })
    .one(counts);
  return saveCounts(app, post, votesFromRows ? counts.votes : post.getInt('vote_count'), counts.comments);
}

// Recounts from the source rows (not +1/-1), inside the caller's transaction, and saves the post:
// that save is what delivers live counts to realtime subscribers of `posts`. Both counts read an index only,
// which still grows with the idea: 7–9 ms at 80,000 votes (a merge, an import, the worth job's repair).
// Returns { votes, comments }, or nothing when the post is being deleted.
const recountPost = (app, postId) => recount(app, postId, true);

/**
 * A comment was added, removed, hidden or made internal: recounts the idea's public comments only. Its vote_count
 * is exact already (every vote's transaction moves it, server/cmd/pocketbase/votes.go), and counting the votes
 * again read every vote of a popular idea on every comment (8 ms at 80,000). Returns as recountPost.
 */
const recountComments = (app, postId) => recount(app, postId, false);

/** Marks a save that changes only the counts (server/cmd/pocketbase/votes.go saveCountsOnly writes the count
 * columns and the live copy's counts; after-commit hooks and realtime events still run, the save's own hooks not). */
const COUNTS_ONLY = 'chorus_counts_only';

function saveCounts(app, post, votes, comments) {
  post.set('vote_count', votes);
  post.set('comment_count', comments);
  post.set('trending_score', trendingScore(votes, comments, post.getDateTime('created').unix()));
  post.set(COUNTS_ONLY, true);
  try {
    app.saveNoValidate(post);
  } finally {
    post.set(COUNTS_ONLY, null);
  }
  return { votes, comments };
}

module.exports = { trendingScore, recountPost, recountComments };
