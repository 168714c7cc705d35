/// <reference path="../pb_data/types.d.ts" />
// A new comment notifies the idea's followers except its author: the first page in the comment's transaction,
// the rest after the request (lib/notifications/fanout.js), so its cost never grows with the followers.
// Internal comments notify staff followers only; replies notify the same followers.
// Comments brought over by the importer (pb_hooks/webhooks-events.pb.js marks them) notify nobody.
// A follower the comment mentions gets the mention instead (pb_hooks/mentions.pb.js), not both.
onRecordCreate((e) => {
  // A comment held for review (pb_hooks/holds.pb.js) notifies nobody.
  if (e.record.get('chorus_import') || e.record.getString('held_for')) return e.next();
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const { notifyAudience } = require(`${__hooks}/lib/notifications/notify.js`);
  const { eligibleOf, mentionedIds } = require(`${__hooks}/lib/notifications/mentions.js`);
  const post = e.record.getString('post');
  const author = e.record.getString('author');
  const staffOnly = e.record.getBool('internal');
  withinTransaction(e, (txApp) => {
    const mentioned = eligibleOf(txApp, post, mentionedIds(e.record.getString('body')), { staffOnly, exclude: author });
    const skip = [author, ...mentioned];
    notifyAudience(
      txApp,
      post,
      { voters: false, staffOnly, skip },
      { kind: 'comment', post, comment: e.record.id, actor: author },
    );
  });
}, 'comments');
