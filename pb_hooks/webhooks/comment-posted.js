// The comment.posted event of a comment members can see: queued when it is posted, or when a moderator publishes
// one that was held for review (pb_hooks/webhooks/webhooks-events.pb.js). Internal and held comments send none.
function queueCommentPosted(app, record) {
  const { enqueue, hasSubscribers } = require(`${__hooks}/webhooks/queue.js`);
  if (!hasSubscribers(app, 'comment.posted')) return;
  const { buildEvent, describeComment, describeIdea, find } = require(`${__hooks}/webhooks/payload.js`);
  const post = find(app, 'posts', record.getString('post'));
  if (!post) return;
  const idea = describeIdea(app, post);
  enqueue(app, buildEvent('comment.posted', { idea, comment: describeComment(record, idea, app) }));
}

module.exports = { queueCommentPosted };
