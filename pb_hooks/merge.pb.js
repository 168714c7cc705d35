/// <reference path="../pb_data/types.d.ts" />
// POST /api/chorus/posts/{id}/merge { into: <post id> } — staff merge a duplicate into another idea.
// In one transaction: the duplicate's votes move to the target (a person who voted for both keeps one
// vote), its followers follow the target instead, merged_into is set, both are recounted, and the
// duplicate's voters who may see it are notified (kind merge, post = the duplicate; the email names the
// target only to those who may open it, pb_hooks/lib/notifications/email.js). 400 for a merge into itself,
// into a merged idea, or of an idea already merged. Response: { duplicate: <post>, target: <post> }.
routerAdd(
  'POST',
  '/api/chorus/posts/{id}/merge',
  (e) => {
    const { requireStaff } = require(`${__hooks}/lib/staff.js`);
    const { refusalText, fieldRefusal } = require(`${__hooks}/lib/refusals.js`);
    const { findVisiblePost } = require(`${__hooks}/lib/posts.js`);
    const { recountPost } = require(`${__hooks}/lib/ideas/counters.js`);
    const { recomputeInsights } = require(`${__hooks}/lib/priority/insights.js`);
    const { ensureSubscribed } = require(`${__hooks}/lib/notifications/subscriptions.js`);
    const { notifyUsers } = require(`${__hooks}/lib/notifications/notify.js`);
    const { canSeePost } = require(`${__hooks}/lib/access.js`);
    const staff = requireStaff(e);
    const duplicate = findVisiblePost(e, e.request.pathValue('id'));
    const into = String(e.requestInfo().body.into || '');
    if (!into)
      throw new BadRequestError(refusalText('mergeTargetNeeded'), {
        into: fieldRefusal('validation_required', 'required'),
      });
    const target = findVisiblePost(e, into);
    if (target.id === duplicate.id) throw new BadRequestError(refusalText('mergeIntoItself'));
    if (duplicate.getString('merged_into')) throw new BadRequestError(refusalText('alreadyMerged'));
    if (target.getString('merged_into')) throw new BadRequestError(refusalText('targetWasMerged'));

    e.app.runInTransaction((txApp) => {
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
      const { recordAudit } = require(`${__hooks}/lib/audit/audit.js`);
      recordAudit(txApp, e, {
        action: 'post.merge',
        collection: 'posts',
        id: duplicate.id,
        label: duplicate.getString('title'),
        before: { merged_into: null, vote_count: duplicate.getInt('vote_count') },
        after: { merged_into: target.getString('title'), target: target.id, votes_moved: votes.length },
      });
      const people = voters.filter((id) => id !== staff.id && canSeePost(txApp, id, duplicate.id));
      notifyUsers(txApp, people, { kind: 'merge', post: duplicate.id, actor: staff.id });
    });
    const result = e.app.findRecordsByIds('posts', [duplicate.id, target.id]);
    $apis.enrichRecords(e, result);
    const byId = Object.fromEntries(result.map((post) => [post.id, post]));
    return e.json(200, { duplicate: byId[duplicate.id], target: byId[target.id] });
  },
  $apis.requireAuth('users'),
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage,
);
