// The vote milestone event (idea.vote_milestone) an idea's count has just reached, queued once per milestone.
const { enqueue } = require(`${__hooks}/webhooks/queue.js`);
const { webhookConfig } = require(`${__hooks}/webhooks/config.js`);
const { buildEvent, describeIdea, find } = require(`${__hooks}/webhooks/payload.js`);

/** Called inside the transaction of a vote that counts (pb_hooks/votes/votes.pb.js, `kick: false`), with the count that vote made inside its transaction
 * (`reached`, server/cmd/pocketbase/votes.go): under a burst, the count read after the commit may already be dozens
 * higher, so only the vote that made the count equal a milestone announces it. Without `reached` (a vote that
 * started counting later) the count read now decides, a milestone just below it still counting. The message
 * key sends each milestone once per idea. */
function enqueueMilestone(app, postId, reached = null, options = {}) {
  const milestones = webhookConfig().voteMilestones;
  // Most votes make no milestone: those read nothing more.
  if (typeof reached === 'number' && !milestones.includes(reached)) return false;
  const post = find(app, 'posts', postId);
  if (!post) return false;
  const votes = post.getInt('vote_count');
  const milestone = typeof reached === 'number' ? reached : milestones.filter((m) => m <= votes && m > votes - 3).pop();
  if (!milestone) return false;
  const event = buildEvent('idea.vote_milestone', { idea: describeIdea(app, post), milestone });
  return enqueue(app, event, `milestone_${post.id}_${milestone}`, options);
}

/**
 * Queues the milestone a vote's count reached in the vote's own transaction (pb_hooks/votes/votes.pb.js), so a
 * PocketBase killed right after the commit still sends it; marks the vote KICK_WEBHOOKS_MARK for the
 * after-commit hook to wake the worker. Votes the importer writes (X-Chorus-Import) send nothing.
 */
function queueVoteMilestone(txApp, vote, reached) {
  const { IMPORT_MARK, KICK_WEBHOOKS_MARK } = require(`${__hooks}/platform/contract/hand-offs.js`);
  if (vote.get(IMPORT_MARK)) return;
  const count = typeof reached === 'number' ? reached : null;
  if (enqueueMilestone(txApp, vote.getString('post'), count, { kick: false })) vote.set(KICK_WEBHOOKS_MARK, true);
}

module.exports = { enqueueMilestone, queueVoteMilestone };
