// Whether a customer is told of an idea's status by the feedback inbox's own email (./queue.js queued one, in the
// status change's transaction): then the status notification's email to them is left out (notifications/email.js),
// so a customer who asked by email gets one email, the reply to theirs, not two. The in-app notification stays.
function toldByMail(app, postId, statusId, email) {
  if (!postId || !statusId || !email) return false;
  const told = require(`${__hooks}/platform/records.js`).firstRecordOrNull(
    app,
    'feedback_answers',
    "post = {:post} && status = {:status} && channel = 'mail' && state != 'skipped' && item.author_email = {:email}",
    { post: postId, status: statusId, email: String(email).toLowerCase() },
  );
  return told !== null;
}

module.exports = { toldByMail };
