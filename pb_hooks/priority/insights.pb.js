/// <reference path="../../pb_data/types.d.ts" />
// Keeps each idea's worth (post_insights: revenue, plans, reach, score) in step, in the writer's
// transaction: a new idea gets its row; a vote, a member's company, a company's revenue or plan, and the
// staff's impact, confidence and effort recompute what they change (pb_hooks/priority/insights.js). A vote on
// a popular idea marks it stale instead, for the job below (priority/insights-queue.js).
// (An idea that starts with its author's vote gets its row from that vote, author-vote.pb.js: computing it here
// too, with no vote yet, cost a new idea a second recount and its row's hooks.)
onRecordCreate((e) => {
  if (e.record.get(require(`${__hooks}/platform/contract/hook-hand-offs.js`).AUTHOR_VOTE_MARK)) return e.next();
  const { recomputeInsights } = require(`${__hooks}/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recomputeInsights(txApp, e.record.id));
}, 'posts');

onRecordUpdate((e) => {
  if (e.record.getString('board') === e.record.original().getString('board')) return e.next();
  const { recomputeInsights } = require(`${__hooks}/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recomputeInsights(txApp, e.record.id));
}, 'posts');

// A member's company changed: every idea they voted for is worth something else now.
onRecordCreate((e) => {
  const { recomputeVotedBy } = require(`${__hooks}/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recomputeVotedBy(txApp, [e.record.getString('user')]));
}, 'member_profiles');

onRecordUpdate((e) => {
  if (e.record.getString('company') === e.record.original().getString('company')) return e.next();
  const { recomputeVotedBy } = require(`${__hooks}/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recomputeVotedBy(txApp, [e.record.getString('user')]));
}, 'member_profiles');

onRecordUpdate((e) => {
  const before = e.record.original();
  const unchanged =
    e.record.getFloat('monthly_revenue') === before.getFloat('monthly_revenue') &&
    e.record.getString('plan') === before.getString('plan');
  if (unchanged) return e.next();
  const { recomputeVotedBy, membersOf } = require(`${__hooks}/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recomputeVotedBy(txApp, membersOf(txApp, e.record.id)));
}, 'companies');

// A deleted company leaves its members without one (PocketBase clears the relation), then their ideas
// are recomputed from what remains.
onRecordDelete((e) => {
  const { recomputeVotedBy, membersOf } = require(`${__hooks}/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const members = membersOf(e.app, e.record.id);
  withinTransaction(e, (txApp) => recomputeVotedBy(txApp, members));
}, 'companies');

// Staff sized the idea (impact, confidence, effort): its score follows in the same save. The server's own
// saves (every vote, priority/insights.js) already set the score they computed, so they skip this.
onRecordUpdate((e) => {
  const record = e.record;
  const before = record.original();
  const sized = ['impact', 'confidence', 'effort'].some((name) => record.getFloat(name) !== before.getFloat(name));
  if (!sized) return e.next();
  const { scoringOf, weightsOf, jsonField } = require(`${__hooks}/priority/insights.js`);
  const { formulaOf, scoreOf } = require(`${__hooks}/priority/score.js`);
  const plans = jsonField(record, 'plans');
  const votes = Object.values(plans).reduce((sum, plan) => sum + (Number(plan.votes) || 0), 0);
  const scoring = scoringOf(e.app);
  record.set(
    'score',
    scoreOf(
      {
        reach: record.getFloat('reach'),
        impact: record.getFloat('impact'),
        confidence: record.getFloat('confidence'),
        effort: record.getFloat('effort'),
        revenue: record.getFloat('revenue'),
        votes,
        revenueWeight: weightsOf(scoring).revenue,
      },
      formulaOf(scoring),
    ),
  );
  e.next();
}, 'post_insights');

// Stale worths (popular ideas' votes): woken by each vote that made one stale (it lets a second's votes gather
// first), and every minute.
cronAdd(require(`${__hooks}/platform/contract/hand-offs.js`).INSIGHTS_JOB, '* * * * *', () => {
  require(`${__hooks}/priority/insights-queue.js`).recomputeStale($app);
});
