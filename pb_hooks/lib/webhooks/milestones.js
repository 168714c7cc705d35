// The vote milestone event (idea.vote_milestone) an idea's count has just reached, queued once per milestone.
const { enqueue } = require(`${__hooks}/lib/webhooks/queue.js`);
const { webhookConfig } = require(`${__hooks}/lib/webhooks/config.js`);
const { buildEvent, describeIdea, find } = require(`${__hooks}/lib/webhooks/payload.js`);

/** Called after a vote that counts committed. The count is read after the commit, so concurrent votes may
 * both see 11: a milestone just below the count still counts, and the message key sends each one once per idea. */
function enqueueMilestone(app, postId) {
  const post = find(app, 'posts', postId);
  if (!post) return;
  const votes = post.getInt('vote_count');
  const milestone = webhookConfig()
    .voteMilestones.filter((m) => m <= votes && m > votes - 3)
    .pop();
  if (!milestone) return;
  const event = buildEvent('idea.vote_milestone', { idea: describeIdea(app, post), milestone });
  enqueue(app, event, `milestone_${post.id}_${milestone}`);
}

module.exports = { enqueueMilestone };
