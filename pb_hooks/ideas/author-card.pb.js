/// <reference path="../../pb_data/types.d.ts" />
// Keeps each idea's and comment's copy of its author's name and avatar (pb_hooks/ideas/author-card.js) exact:
// set on every create, reset on an update that changes the author or touches the copy (a client cannot
// write it), and rewritten on all of a user's ideas and comments, in the same transaction, when they rename
// or change their avatar. (A deleted user's ideas and comments go with them: `author` cascades.)
onRecordCreate(
  (e) => {
    require(`${__hooks}/ideas/author-card.js`).copyAuthor(e.app, e.record);
    e.next();
  },
  'posts',
  'comments',
);

onRecordUpdate(
  (e) => {
    const { authorCopyTouched, copyAuthor } = require(`${__hooks}/ideas/author-card.js`);
    if (authorCopyTouched(e.record)) copyAuthor(e.app, e.record);
    e.next();
  },
  'posts',
  'comments',
);

// Compared once saved: a new avatar's file name exists only then. (The rewrite sends no record events:
// edge-cache.pb.js purges the cached pages that showed the old card once it commits.)
onRecordUpdate((e) => {
  const { cardValues, syncAuthorRecords } = require(`${__hooks}/ideas/author-card.js`);
  const before = cardValues(e.record.original()).join('\n');
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => {
    if (cardValues(e.record).join('\n') !== before) syncAuthorRecords(txApp, e.record);
  });
}, 'users');
