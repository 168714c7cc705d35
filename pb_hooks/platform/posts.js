// Loads a post for a route: 404 when it does not exist or the caller may not see it (staff routes, the voters
// list, mention suggestions).
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
