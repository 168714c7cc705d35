// Loads a post for a staff route: 404 when it does not exist or the caller may not see it.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);
module.exports.findVisiblePost = (e, id) => {
  let post;
  try {
    post = e.app.findRecordById('posts', id);
  } catch {
    throw new NotFoundError(refusalText('ideaNotFound'));
  }
  if (!e.app.canAccessRecord(post, e.requestInfo(), post.collection().viewRule)) {
    throw new NotFoundError(refusalText('ideaNotFound'));
  }
  return post;
};
