/// <reference path="../../pb_data/types.d.ts" />
// POST /api/chorus/posts/{id}/merge { into: <post id> } — staff merge a duplicate into another idea.
// In one transaction (pb_hooks/duplicates/merge.js, shared with the duplicate queue's merge): the duplicate's
// votes move to the target (a person who voted for both keeps one vote), its followers follow the target
// instead, merged_into is set, both are recounted, open duplicate suggestions naming it close, and the
// duplicate's voters who may see it are notified (kind merge, post = the duplicate; the email names the
// target only to those who may open it, pb_hooks/notifications/email.js). 400 for a merge into itself,
// into a merged idea, or of an idea already merged. Response: { duplicate: <post>, target: <post> }.
routerAdd(
  'POST',
  '/api/chorus/posts/{id}/merge',
  (e) => {
    const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
    const { findVisiblePost } = require(`${__hooks}/platform/posts.js`);
    const { checkMerge, applyMerge, mergedPair } = require(`${__hooks}/duplicates/merge.js`);
    const { staff, post: duplicate } = require(`${__hooks}/platform/staff.js`).staffOnIdea(e);
    const into = String(e.requestInfo().body.into || '');
    if (!into)
      throw new BadRequestError(refusalText('mergeTargetNeeded'), {
        into: fieldRefusal('validation_required', 'required'),
      });
    const target = findVisiblePost(e, into);
    checkMerge(duplicate, target);
    e.app.runInTransaction((txApp) => applyMerge(txApp, e, staff, duplicate, target));
    return e.json(200, mergedPair(e, duplicate, target));
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);
