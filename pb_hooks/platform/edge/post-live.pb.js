/// <reference path="../../../pb_data/types.d.ts" />
// Keeps `post_live` (the live copy of each public idea, pb_hooks/platform/edge/post-live.js) in step with every write
// that changes it, in the write's own transaction: an idea created, edited, recounted (votes, comments),
// approved, moved to another board, merged or deleted, and a board's visibility changed. (A deleted board
// takes its ideas' live copies with it: post_live.board cascades.) A save of an idea's counts alone (a vote's or
// a comment's recount) runs no hook here: server/cmd/pocketbase/votes.go syncLiveCounts copies the counts.
onRecordCreate((e) => {
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { syncPostLive } = require(`${__hooks}/platform/edge/post-live.js`);
  withinTransaction(e, (txApp) => syncPostLive(txApp, e.record));
}, 'posts');

// Edits that touch nothing the live copy holds (body, images, tags, score…) cost nothing more.
onRecordUpdate((e) => {
  const { liveFieldsChanged, syncPostLive } = require(`${__hooks}/platform/edge/post-live.js`);
  if (!liveFieldsChanged(e.record)) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => syncPostLive(txApp, e.record));
}, 'posts');

onRecordDelete((e) => {
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { deletePostLive } = require(`${__hooks}/platform/edge/post-live.js`);
  withinTransaction(e, (txApp) => deletePostLive(txApp, e.record.id));
}, 'posts');

onRecordUpdate((e) => {
  if (e.record.getString('visibility') === e.record.original().getString('visibility')) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { syncBoardLive } = require(`${__hooks}/platform/edge/post-live.js`);
  withinTransaction(e, (txApp) => syncBoardLive(txApp, e.record));
}, 'boards');
