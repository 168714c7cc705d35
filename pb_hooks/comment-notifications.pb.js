/// <reference path="../pb_data/types.d.ts" />
// A new comment notifies the idea's followers except its author, in the comment's transaction.
// Internal comments notify staff followers only; replies notify the same followers.
// Comments brought over by the importer (pb_hooks/webhooks-events.pb.js marks them) notify nobody.
onRecordCreate((e) => {
  if (e.record.get('chorus_import')) return e.next();
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const { audienceOf, notifyUsers } = require(`${__hooks}/lib/notify.js`);
  const post = e.record.getString('post');
  const author = e.record.getString('author');
  const staffOnly = e.record.getBool('internal');
  withinTransaction(e, (txApp) => {
    const people = audienceOf(txApp, post, { voters: false, staffOnly, exclude: author });
    notifyUsers(txApp, people, { kind: 'comment', post, comment: e.record.id, actor: author });
  });
}, 'comments');
