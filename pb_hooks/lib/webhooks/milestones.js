// The vote milestone event (idea.vote_milestone) an idea's count has just reached, queued once per milestone.
const { enqueue } = require(`${__hooks}/lib/webhooks/queue.js`);
const { webhookConfig } = require(`${__hooks}/lib/webhooks/config.js`);
const { buildEvent, describeIdea, find } = require(`${__hooks}/lib/webhooks/payload.js`);

/** Called after a vote that counts committed, with the count that vote made inside its transaction
 * (`reached`, lib/ideas/vote-counts.js): under a burst, the count read after the commit may already be dozens
 * higher, so only the vote that made the count equal a milestone announces it. Without `reached` (a vote that
 * started counting later) the count read now decides, a milestone just below it still counting. The message
 * key sends each milestone once per idea. */
function enqueueMilestone(app, postId, reached = null) {
  const post = find(app, 'posts', postId);
  if (!post) return;
  const milestones = webhookConfig().voteMilestones;
  const votes = post.getInt('vote_count');
  const milestone =
    typeof reached === 'number'
      ? milestones.find((m) => m === reached)
      : milestones.filter((m) => m <= votes && m > votes - 3).pop();
  if (!milestone) return;
  const event = buildEvent('idea.vote_milestone', { idea: describeIdea(app, post), milestone });
  enqueue(app, event, `milestone_${post.id}_${milestone}`);
}

module.exports = { enqueueMilestone };
