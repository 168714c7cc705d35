// What a vote that counts (or stops counting) changes, inside its transaction: the idea's counts, and its worth
// now or, on a popular idea, marked stale for the `chorus_insights` job (the vote then carries
// `chorus_wake_insights`, which pb_hooks/votes.pb.js reads once the write commits to wake the job). An idea
// with fewer than INLINE_VOTES counted votes is recounted from its rows; a more popular one moves by `delta`
// (lib/ideas/counters.js addVotes), so neither the count nor the worth grows with its votes. The vote also
// carries the count it made (`chorus_votes_after`), which decides its milestone webhook.
function votesOf(app, postId) {
  const row = new DynamicModel({ votes: 0 });
  try {
    app.db().newQuery('SELECT vote_count AS votes FROM posts WHERE id = {:id}').bind({ id: postId }).one(row);
  } catch {
    return 0; // the post itself is being deleted (cascade)
  }
  return row.votes;
}

/** `delta`: +1 for a vote that now counts, -1 for one that no longer does. */
function recountAfterVote(app, vote, delta) {
  const { recountPost, addVotes } = require(`${__hooks}/lib/ideas/counters.js`);
  const { INLINE_VOTES, refreshInsights } = require(`${__hooks}/lib/priority/insights-queue.js`);
  const post = vote.getString('post');
  const counts = votesOf(app, post) >= INLINE_VOTES ? addVotes(app, post, delta) : recountPost(app, post);
  if (!counts) return;
  // The exact count this vote made, for the milestone webhook after commit (pb_hooks/webhooks-events.pb.js).
  if (delta > 0) vote.set('chorus_votes_after', counts.votes);
  if (refreshInsights(app, post, counts.votes)) vote.set('chorus_wake_insights', true);
}

module.exports = { recountAfterVote };
