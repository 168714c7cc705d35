// What a vote that counts (or stops counting) changes, inside its transaction: the idea's counts, and its worth
// now or, on a popular idea, marked stale for the `chorus_insights` job (the vote then carries
// `chorus_wake_insights`, which pb_hooks/votes.pb.js reads once the write commits to wake the job).
function recountAfterVote(app, vote) {
  const { recountPost } = require(`${__hooks}/lib/ideas/counters.js`);
  const { refreshInsights } = require(`${__hooks}/lib/priority/insights-queue.js`);
  const post = vote.getString('post');
  const counts = recountPost(app, post);
  if (counts && refreshInsights(app, post, counts.votes)) vote.set('chorus_wake_insights', true);
}

module.exports = { recountAfterVote };
