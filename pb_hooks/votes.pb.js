/// <reference path="../pb_data/types.d.ts" />
// A vote that counts recounts its post (vote_count, trending_score) in the same transaction, and its worth
// (post_insights) there too unless the idea is popular (then right after: lib/priority/insights-queue.js), and
// the voter follows the idea. Recounting from the rows (or, on a popular idea, moving the count by one inside
// the same serialised transaction: lib/ideas/vote-counts.js) keeps the count exact under concurrent votes. The server decides whether a vote counts (lib/counted.js: a confirmed email, the site's switch, or
// staff voting on a member's behalf); a held vote is kept and costs nothing more until it counts. A milestone
// webhook the count reaches is queued in the same transaction (lib/webhooks/milestones.js).
onRecordCreate((e) => {
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const { ensureSubscribed } = require(`${__hooks}/lib/notifications/subscriptions.js`);
  require(`${__hooks}/lib/ideas/counted.js`).decideCounted(e.app, e.record);
  withinTransaction(e, (txApp) => {
    if (e.record.getBool('counted')) {
      require(`${__hooks}/lib/ideas/vote-counts.js`).recountAfterVote(txApp, e.record, 1);
      const reached = e.record.get('chorus_votes_after');
      require(`${__hooks}/lib/webhooks/milestones.js`).queueVoteMilestone(txApp, e.record, reached);
    }
    ensureSubscribed(txApp, e.record.getString('post'), e.record.getString('user'));
  });
}, 'votes');

// A vote the operator writes (an import of another board's votes, the admin UI) is vouched for: it counts as it did
// there, whether or not the member has confirmed an email with this site yet. The mark is the request's alone (set
// whatever the body said) and never stored; decideCounted reads it in the create hook above, so the vote is written once.
onRecordCreateRequest((e) => {
  e.record.set('operator_vouched', e.hasSuperuserAuth());
  e.next();
}, 'votes');

// The member confirmed their email (or lost it): the vote starts (or stops) counting. A milestone the count
// reaches is queued in the same transaction (lib/webhooks/milestones.js), as for a new vote.
onRecordUpdate((e) => {
  if (e.record.getBool('counted') === e.record.original().getBool('counted')) return e.next();
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const delta = e.record.getBool('counted') ? 1 : -1;
  withinTransaction(e, (txApp) => {
    require(`${__hooks}/lib/ideas/vote-counts.js`).recountAfterVote(txApp, e.record, delta);
    if (delta > 0) require(`${__hooks}/lib/webhooks/milestones.js`).queueVoteMilestone(txApp, e.record, null);
  });
}, 'votes');

onRecordDelete((e) => {
  if (!e.record.getBool('counted')) return e.next();
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  withinTransaction(e, (txApp) => require(`${__hooks}/lib/ideas/vote-counts.js`).recountAfterVote(txApp, e.record, -1));
}, 'votes');

// Once a vote has committed: a popular idea's stale worth is recomputed beside the request, and a milestone
// it queued goes out.
function wakeJobs(e) {
  e.next();
  const { kickJob, kickWorker } = require(`${__hooks}/lib/webhooks/kick.js`);
  if (e.record.get('chorus_wake_insights')) kickJob(e.app, require(`${__hooks}/lib/priority/insights-queue.js`).JOB_ID);
  if (e.record.get('chorus_kick_webhooks')) kickWorker(e.app);
}
onRecordAfterCreateSuccess(wakeJobs, 'votes');
onRecordAfterUpdateSuccess(wakeJobs, 'votes');
onRecordAfterDeleteSuccess(wakeJobs, 'votes');
