/// <reference path="../../pb_data/types.d.ts" />
// Hiding or showing a comment recounts its idea (comment_count counts what members see), in the same
// transaction; the idea's save is also how open pages learn a comment left (members get no comment event).
onRecordUpdate((e) => {
  const { recountComments } = require(`${__hooks}/ideas/counters.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const hiddenChanged = e.record.getBool('hidden') !== e.record.original().getBool('hidden');
  if (!hiddenChanged) return e.next();
  withinTransaction(e, (txApp) => recountComments(txApp, e.record.getString('post')));
}, 'comments');
