// Who hears of a comment once members can see it: the idea's followers except its author (a follower it mentions
// gets the mention instead), the first page in the caller's transaction (notifications/fanout.js for the rest).
// Internal comments notify staff followers only. Called when a comment is created, and when a moderator publishes
// one that was held for review (pb_hooks/notifications/comment-notifications.pb.js).
function notifyComment(txApp, comment) {
  const { notifyAudience } = require(`${__hooks}/notifications/notify.js`);
  const { eligibleOf } = require(`${__hooks}/notifications/mentions.js`);
  const { mentionedIds } = require(`${__hooks}/notifications/mention-text.js`);
  const post = comment.getString('post');
  const author = comment.getString('author');
  const staffOnly = comment.getBool('internal');
  const mentioned = eligibleOf(txApp, post, mentionedIds(comment.getString('body')), { staffOnly, exclude: author });
  notifyAudience(
    txApp,
    post,
    { voters: false, staffOnly, skip: [author, ...mentioned] },
    { kind: 'comment', post, comment: comment.id, actor: author },
  );
}

module.exports = { notifyComment };
