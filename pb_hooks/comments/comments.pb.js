/// <reference path="../../pb_data/types.d.ts" />
// A comment recounts its post (comment_count counts public comments only, trending_score) in the
// same transaction; the commenter follows the idea; an edited body is marked with edited_at.
onRecordCreate((e) => {
  const { recountComments } = require(`${__hooks}/ideas/counters.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { ensureSubscribed } = require(`${__hooks}/notifications/subscriptions.js`);
  e.record.set('edited_at', '');
  withinTransaction(e, (txApp) => {
    recountComments(txApp, e.record.getString('post'));
    ensureSubscribed(txApp, e.record.getString('post'), e.record.getString('author'));
  });
}, 'comments');

onRecordUpdate((e) => {
  const { recountComments } = require(`${__hooks}/ideas/counters.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const original = e.record.original();
  if (e.record.getString('body') !== original.getString('body')) {
    e.record.set('edited_at', new Date().toISOString());
  }
  const visibilityChanged = e.record.getBool('internal') !== original.getBool('internal');
  withinTransaction(e, (txApp) => {
    if (visibilityChanged) recountComments(txApp, e.record.getString('post'));
  });
}, 'comments');

onRecordDelete((e) => {
  const { recountComments } = require(`${__hooks}/ideas/counters.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recountComments(txApp, e.record.getString('post')));
}, 'comments');

// An idea's comments a page at a time, oldest first, as the comments' list rule lets the caller see them.
routerAdd(
  'GET',
  '/api/chorus/posts/{id}/comments',
  (e) => require(`${__hooks}/comments/comment-pages.js`).commentPage(e),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
