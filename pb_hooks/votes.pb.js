/// <reference path="../pb_data/types.d.ts" />
// A vote that counts recounts its post (vote_count, trending_score) and its worth (post_insights) in the same
// transaction, and the voter follows the idea. Recounting from the rows keeps the count exact under concurrent
// votes. The server decides whether a vote counts (lib/counted.js: a confirmed email, the site's switch, or
// staff voting on a member's behalf); a held vote is kept and costs nothing more until it counts.
onRecordCreate((e) => {
  const { recountPost } = require(`${__hooks}/lib/ideas/counters.js`);
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const { ensureSubscribed } = require(`${__hooks}/lib/notifications/subscriptions.js`);
  const { recomputeInsights } = require(`${__hooks}/lib/priority/insights.js`);
  require(`${__hooks}/lib/ideas/counted.js`).decideCounted(e.app, e.record);
  withinTransaction(e, (txApp) => {
    if (e.record.getBool('counted')) {
      recountPost(txApp, e.record.getString('post'));
      recomputeInsights(txApp, e.record.getString('post'));
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

// The member confirmed their email (or lost it): the vote starts (or stops) counting.
onRecordUpdate((e) => {
  if (e.record.getBool('counted') === e.record.original().getBool('counted')) return e.next();
  const { recountPost } = require(`${__hooks}/lib/ideas/counters.js`);
  const { recomputeInsights } = require(`${__hooks}/lib/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  withinTransaction(e, (txApp) => {
    recountPost(txApp, e.record.getString('post'));
    recomputeInsights(txApp, e.record.getString('post'));
  });
}, 'votes');

onRecordDelete((e) => {
  if (!e.record.getBool('counted')) return e.next();
  const { recountPost } = require(`${__hooks}/lib/ideas/counters.js`);
  const { recomputeInsights } = require(`${__hooks}/lib/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  withinTransaction(e, (txApp) => {
    recountPost(txApp, e.record.getString('post'));
    recomputeInsights(txApp, e.record.getString('post'));
  });
}, 'votes');
