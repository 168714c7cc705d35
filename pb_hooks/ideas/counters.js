// Server-owned numbers on a post: vote_count, comment_count and trending_score. Only votes that count are
// counted (a member's vote waits for their confirmed email, votes/counted.js).
//
// The trending ("hot") score is the contract's (src/contract/vote-rules.ts), which Go's vote recount answers alike.
const { trendingScore } = require(`${__hooks}/platform/contract/vote-rules.js`);
const { COUNTS_ONLY_MARK } = require(`${__hooks}/platform/contract/hand-offs.js`);

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

// COUNTS_ONLY_MARK marks a save that changes only the counts (server/cmd/pocketbase/votes.go saveCountsOnly writes
// the count columns and the live copy's counts; after-commit hooks and realtime events still run, the save's own
// hooks not).
function saveCounts(app, post, votes, comments) {
  post.set('vote_count', votes);
  post.set('comment_count', comments);
  post.set('trending_score', trendingScore(votes, comments, post.getDateTime('created').unix()));
  post.set(COUNTS_ONLY_MARK, true);
  try {
    app.saveNoValidate(post);
  } finally {
    post.set(COUNTS_ONLY_MARK, null);
  }
  return { votes, comments };
}

module.exports = { trendingScore, recountPost, recountComments };
