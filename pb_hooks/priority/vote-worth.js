// What a vote's JavaScript still does once Go (server/cmd/pocketbase/votes.go) has counted it, inside the vote's transaction: the idea's worth (priority/insights-queue.js) and the milestone webhook (webhooks/milestones.js). Go leaves VOTES_NOW_MARK on a vote that moved the count and reads WAKE_INSIGHTS_MARK and KICK_WEBHOOKS_MARK after the commit (src/contract/hand-offs.ts).
const { VOTES_NOW_MARK, WAKE_INSIGHTS_MARK } = require(`${__hooks}/platform/contract/hand-offs.js`);

/** Runs the write (e.next()), then the worth and, when `milestone` is given, the milestone it returns (a count, or null: the count read now). */
function afterCount(e, milestone) {
  e.next();
  const votes = e.record.get(VOTES_NOW_MARK);
  if (typeof votes !== 'number') return; // the count did not move (held, or its idea is being deleted)
  const { refreshInsights } = require(`${__hooks}/priority/insights-queue.js`);
  if (refreshInsights(e.app, e.record.getString('post'), votes)) e.record.set(WAKE_INSIGHTS_MARK, true);
  if (milestone) require(`${__hooks}/webhooks/milestones.js`).queueVoteMilestone(e.app, e.record, milestone());
}

module.exports = { afterCount };
