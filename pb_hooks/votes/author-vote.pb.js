/// <reference path="../../pb_data/types.d.ts" />
// A member's new idea starts with their own vote when the site says so (site.author_votes, on by
// default). Only ideas members post through the API: imports and the operator's records start at 0.
// The request hook decides; the vote is cast in the post's own transaction, so the idea commits with its
// count and everything told of its creation after the commit (webhooks, live lists) says 1, as the board.
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth() && e.auth) {
    try {
      const site = e.app.findFirstRecordByFilter('site', "id != ''");
      if (site.getBool('author_votes'))
        e.record.set(require(`${__hooks}/platform/contract/hook-hand-offs.js`).AUTHOR_VOTE_MARK, true);
    } catch {
      // no site record yet: no author vote
    }
  }
  e.next();
}, 'posts');

onRecordCreate((e) => {
  if (!e.record.get(require(`${__hooks}/platform/contract/hook-hand-offs.js`).AUTHOR_VOTE_MARK)) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => {
    let worthMade = false;
    try {
      const vote = new Record(txApp.findCachedCollectionByNameOrId('votes'));
      vote.set('post', e.record.id);
      vote.set('user', e.record.getString('author'));
      txApp.save(vote);
      worthMade = typeof vote.get(require(`${__hooks}/platform/contract/hand-offs.js`).VOTES_NOW_MARK) === 'number'; // Go counted it, and the worth followed
      // The vote recounted the stored post; the record PocketBase answers with and announces follows it.
      const counted = txApp.findRecordById('posts', e.record.id);
      for (const field of ['vote_count', 'trending_score']) e.record.set(field, counted.get(field));
    } catch (error) {
      txApp.logger().error("Could not count the author's vote", 'post', e.record.id, 'error', String(error));
    }
    // A counted vote made the idea's worth row (insights.pb.js leaves it to the vote); otherwise it is made here.
    if (!worthMade) require(`${__hooks}/priority/insights.js`).recomputeInsights(txApp, e.record.id);
  });
}, 'posts');
