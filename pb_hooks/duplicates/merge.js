// Merging a duplicate idea into another (staff): the checks and the one transaction both merge routes run.
// The duplicate's votes move to the target (a person who voted for both keeps one vote), its followers follow
// the target instead, merged_into is set, both are recounted, the duplicate's voters who may see it are
// notified (kind merge), the staff action is audited, and open duplicate suggestions naming the duplicate
// close (duplicates/suggestions.js). Used by pb_hooks/duplicates/merge.pb.js and pb_hooks/duplicates/duplicates.pb.js.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

/** Throws the refusal (400) when `duplicate` cannot be merged into `target`. */
function checkMerge(duplicate, target) {
  if (target.id === duplicate.id) throw new BadRequestError(refusalText('mergeIntoItself'));
  if (duplicate.getString('merged_into')) throw new BadRequestError(refusalText('alreadyMerged'));
  if (target.getString('merged_into')) throw new BadRequestError(refusalText('targetWasMerged'));
}

/** Merges inside the caller's transaction `txApp`; `e` is the staff request (for the audit), `staff` its member. */
function applyMerge(txApp, e, staff, duplicate, target) {
  const { recountPost } = require(`${__hooks}/ideas/counters.js`);
  const { recomputeInsights } = require(`${__hooks}/priority/insights.js`);
  const { ensureSubscribed } = require(`${__hooks}/notifications/subscriptions.js`);
  const { notifyUsers } = require(`${__hooks}/notifications/notify.js`);
  const { canSeePost } = require(`${__hooks}/platform/access.js`);
  const { recordAudit } = require(`${__hooks}/audit/audit.js`);
  const { closeSuggestionsOf } = require(`${__hooks}/duplicates/suggestions.js`);
  const votes = txApp.findRecordsByFilter('votes', 'post = {:post}', '', 0, 0, { post: duplicate.id });
  const voters = votes.map((vote) => vote.getString('user'));
  for (const vote of votes) {
    try {
      txApp.findFirstRecordByFilter('votes', 'post = {:post} && user = {:user}', {
        post: target.id,
        user: vote.getString('user'),
      });
      txApp.delete(vote); // already voted for the target: one vote is enough
    } catch {
      vote.set('post', target.id);
      txApp.save(vote);
    }
  }
  for (const follow of txApp.findRecordsByFilter('subscriptions', 'post = {:post}', '', 0, 0, {
    post: duplicate.id,
  })) {
    ensureSubscribed(txApp, target.id, follow.getString('user'));
    txApp.delete(follow);
  }
  const fresh = txApp.findRecordById('posts', duplicate.id);
  fresh.set('merged_into', target.id);
  txApp.save(fresh);
  recountPost(txApp, duplicate.id);
  recountPost(txApp, target.id);
  recomputeInsights(txApp, duplicate.id);
  recomputeInsights(txApp, target.id);
  recordAudit(txApp, e, {
    action: 'post.merge',
    collection: 'posts',
    id: duplicate.id,
    label: duplicate.getString('title'),
    before: { merged_into: null, vote_count: duplicate.getInt('vote_count') },
    after: { merged_into: target.getString('title'), target: target.id, votes_moved: votes.length },
  });
  closeSuggestionsOf(txApp, duplicate.id, staff ? staff.id : '');
  const people = voters.filter((id) => id !== (staff ? staff.id : '') && canSeePost(txApp, id, duplicate.id));
  notifyUsers(txApp, people, { kind: 'merge', post: duplicate.id, actor: staff ? staff.id : '' });
}

/** Both ideas as the caller may read them (enriched), after a merge: { duplicate, target }. */
function mergedPair(e, duplicate, target) {
  const result = e.app.findRecordsByIds('posts', [duplicate.id, target.id]);
  $apis.enrichRecords(e, result);
  const byId = Object.fromEntries(result.map((post) => [post.id, post]));
  return { duplicate: byId[duplicate.id], target: byId[target.id] };
}

module.exports = { checkMerge, applyMerge, mergedPair };
