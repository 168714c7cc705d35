/// <reference path="../../pb_data/types.d.ts" />
// A new comment notifies the idea's followers except its author (notifications/comment-notice.js), so its cost
// never grows with the followers. Internal comments notify staff followers only; replies notify the same followers.
// Comments brought over by the importer (pb_hooks/webhooks/webhooks-events.pb.js marks them) notify nobody.
// A follower the comment mentions gets the mention instead (pb_hooks/comments/mentions.pb.js), not both.
// A comment held for review (pb_hooks/moderation/holds.pb.js) notifies nobody until a moderator publishes it: then its
// followers and the people it mentions hear of it as of a new comment.
onRecordCreate((e) => {
  if (e.record.get(require(`${__hooks}/platform/contract/hand-offs.js`).IMPORT_MARK) || e.record.getString('held_for'))
    return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => require(`${__hooks}/notifications/comment-notice.js`).notifyComment(txApp, e.record));
}, 'comments');

onRecordUpdate((e) => {
  const published = e.record.original().getString('held_for') !== '' && e.record.getString('held_for') === '';
  if (!published || e.record.getBool('hidden')) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => {
    require(`${__hooks}/notifications/comment-notice.js`).notifyComment(txApp, e.record);
    require(`${__hooks}/notifications/mentions.js`).notifyMentions(txApp, e.record);
  });
}, 'comments');
