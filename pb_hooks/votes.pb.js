/// <reference path="../pb_data/types.d.ts" />
// A vote that counts recounts its post (vote_count, trending_score) in the same transaction, and its worth
// (post_insights) there too unless the idea is popular (then right after: lib/priority/insights-queue.js), and
// the voter follows the idea. Recounting from the rows (or, on a popular idea, moving the count by one inside
// the same serialised transaction: lib/ideas/vote-counts.js) keeps the count exact under concurrent votes. The server decides whether a vote counts (lib/counted.js: a confirmed email, the site's switch, or
// staff voting on a member's behalf); a held vote is kept and costs nothing more until it counts.
onRecordCreate((e) => {
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const { ensureSubscribed } = require(`${__hooks}/lib/notifications/subscriptions.js`);
  require(`${__hooks}/lib/ideas/counted.js`).decideCounted(e.app, e.record);
  withinTransaction(e, (txApp) => {
    if (e.record.getBool('counted'))
      require(`${__hooks}/lib/ideas/vote-counts.js`).recountAfterVote(txApp, e.record, 1);
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

// The member confirmed their email (or lost it): the vote starts (or stops) counting.
onRecordUpdate((e) => {
  if (e.record.getBool('counted') === e.record.original().getBool('counted')) return e.next();
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const delta = e.record.getBool('counted') ? 1 : -1;
  withinTransaction(e, (txApp) =>
    require(`${__hooks}/lib/ideas/vote-counts.js`).recountAfterVote(txApp, e.record, delta),
  );
}, 'votes');

onRecordDelete((e) => {
  if (!e.record.getBool('counted')) return e.next();
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  withinTransaction(e, (txApp) => require(`${__hooks}/lib/ideas/vote-counts.js`).recountAfterVote(txApp, e.record, -1));
}, 'votes');

// Once a vote on a popular idea has committed, its stale worth is recomputed beside the request.
function wakeInsights(e) {
  e.next();
  if (!e.record.get('chorus_wake_insights')) return;
  const { JOB_ID } = require(`${__hooks}/lib/priority/insights-queue.js`);
  require(`${__hooks}/lib/webhooks/kick.js`).kickJob(e.app, JOB_ID);
}
onRecordAfterCreateSuccess(wakeInsights, 'votes');
onRecordAfterUpdateSuccess(wakeInsights, 'votes');
onRecordAfterDeleteSuccess(wakeInsights, 'votes');
