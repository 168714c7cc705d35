/// <reference path="../pb_data/types.d.ts" />
// Keeps each post's copy of its author's name and avatar (pb_hooks/lib/post-author.js) exact: set on every
// create, reset on an update that changes the author or touches the copy (a client cannot write it), and
// rewritten on all of a user's posts, in the same transaction, when they rename or change their avatar.
// (A deleted user's posts go with them: posts.author cascades.)
onRecordCreate((e) => {
  require(`${__hooks}/lib/post-author.js`).copyAuthor(e.app, e.record);
  e.next();
}, 'posts');

onRecordUpdate((e) => {
  const { authorCopyTouched, copyAuthor } = require(`${__hooks}/lib/post-author.js`);
  if (authorCopyTouched(e.record)) copyAuthor(e.app, e.record);
  e.next();
}, 'posts');

// Compared once saved: a new avatar's file name exists only then.
onRecordUpdate((e) => {
  const { cardValues, syncAuthorPosts } = require(`${__hooks}/lib/post-author.js`);
  const before = cardValues(e.record.original()).join('\n');
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  withinTransaction(e, (txApp) => {
    if (cardValues(e.record).join('\n') !== before) syncAuthorPosts(txApp, e.record);
  });
}, 'users');
