// Follows a post on someone's behalf (authors, voters, commenters), once. Both ids come from a
// record just saved in the same transaction, so the subscription skips re-validating them.
module.exports.ensureSubscribed = (app, postId, userId) => {
  const params = { post: postId, user: userId };
  if (app.findRecordsByFilter('subscriptions', 'post = {:post} && user = {:user}', '', 1, 0, params).length) return;
  const subscription = new Record(app.findCachedCollectionByNameOrId('subscriptions'));
  subscription.set('post', postId);
  subscription.set('user', userId);
  app.saveNoValidate(subscription);
};
