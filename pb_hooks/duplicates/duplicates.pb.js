/// <reference path="../../pb_data/types.d.ts" />
// Suggested duplicates (issue 38): ideas are marked for a check when posted, edited or approved (in their own
// write), the `chorus_duplicates` job checks them every minute in batches (duplicates/queue.js), and
// staff decide the pairs. Nothing merges by itself.
// GET  /api/chorus/duplicates?state=open|merged|dismissed|closed&page=&perPage= (staff)
//      → { items: [{ id, post: { id, title, vote_count, board, board_name, merged_into }, candidate: { … },
//          lexical, semantic, score, reason, words, state, created }], page, perPage, totalItems }
// POST /api/chorus/duplicates/{id}/merge { into: 'candidate' | 'post' } (staff; default 'candidate': the newer
//      idea into the older) → { suggestion: { id, state }, duplicate: <post>, target: <post> }
// POST /api/chorus/duplicates/{id}/dismiss (staff) → { suggestion: { id, state } }
// 404 for an unknown suggestion, 400 for one already decided (duplicateSuggestionGone) and the merge's own refusals.
onRecordCreate((e) => {
  const { markForCheck } = require(`${__hooks}/duplicates/queue.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => markForCheck(txApp, e.record.id));
}, 'posts');

onRecordUpdate((e) => {
  const before = e.record.original();
  const changed =
    e.record.getString('title') !== before.getString('title') ||
    e.record.getString('body') !== before.getString('body') ||
    (e.record.getBool('approved') && !before.getBool('approved'));
  if (!changed || e.record.getString('merged_into')) return e.next();
  const { markForCheck } = require(`${__hooks}/duplicates/queue.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => markForCheck(txApp, e.record.id));
}, 'posts');

cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).DUPLICATES_JOB, '* * * * *', () => {
  require(`${__hooks}/duplicates/queue.js`).drainChecks($app);
});

routerAdd(
  'GET',
  '/api/chorus/duplicates',
  (e) => {
    const { readPaging } = require(`${__hooks}/platform/paging.js`);
    const { STATES, listSuggestions } = require(`${__hooks}/duplicates/suggestions.js`);
    const asked = String(e.request.url.query().get('state') || 'open');
    const state = STATES.includes(asked) ? asked : 'open';
    const info = e.requestInfo();
    const rule = e.app.findCachedCollectionByNameOrId('posts').viewRule;
    const canSee = (post) => e.app.canAccessRecord(post, info, rule);
    return e.json(200, listSuggestions(e.app, { state, ...readPaging(e, 20, 50) }, canSee));
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF,
);

routerAdd(
  'POST',
  '/api/chorus/duplicates/{id}/merge',
  (e) => {
    const staff = require(`${__hooks}/platform/staff.js`).requireStaff(e);
    const { mergeSuggestion } = require(`${__hooks}/duplicates/decisions.js`);
    return e.json(200, mergeSuggestion(e, staff, e.request.pathValue('id'), e.requestInfo().body.into));
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

routerAdd(
  'POST',
  '/api/chorus/duplicates/{id}/dismiss',
  (e) => {
    const staff = require(`${__hooks}/platform/staff.js`).requireStaff(e);
    const { dismissSuggestion } = require(`${__hooks}/duplicates/decisions.js`);
    return e.json(200, dismissSuggestion(e, staff, e.request.pathValue('id')));
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);
