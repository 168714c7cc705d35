/// <reference path="../pb_data/types.d.ts" />
// A vote recounts its post (vote_count, trending_score) and its worth (post_insights) in the same transaction, and the voter
// follows the idea. Recounting from the rows keeps the count exact under concurrent votes.
onRecordCreate((e) => {
  const { recountPost } = require(`${__hooks}/lib/counters.js`);
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const { ensureSubscribed } = require(`${__hooks}/lib/subscriptions.js`);
  const { recomputeInsights } = require(`${__hooks}/lib/insights.js`);
  withinTransaction(e, (txApp) => {
    recountPost(txApp, e.record.getString('post'));
    recomputeInsights(txApp, e.record.getString('post'));
    ensureSubscribed(txApp, e.record.getString('post'), e.record.getString('user'));
  });
}, 'votes');

onRecordDelete((e) => {
  const { recountPost } = require(`${__hooks}/lib/counters.js`);
  const { recomputeInsights } = require(`${__hooks}/lib/insights.js`);
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  withinTransaction(e, (txApp) => {
    recountPost(txApp, e.record.getString('post'));
    recomputeInsights(txApp, e.record.getString('post'));
  });
}, 'votes');
