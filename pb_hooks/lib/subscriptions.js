// Follows a post on someone's behalf (authors, voters, commenters), once.
module.exports.ensureSubscribed = (app, postId, userId) => {
  try {
    app.findFirstRecordByFilter('subscriptions', 'post = {:post} && user = {:user}', { post: postId, user: userId });
    return;
  } catch {
    // not subscribed yet
  }
  const subscription = new Record(app.findCollectionByNameOrId('subscriptions'));
  subscription.set('post', postId);
  subscription.set('user', userId);
  app.save(subscription);
};
