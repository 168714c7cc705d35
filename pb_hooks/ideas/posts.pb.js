/// <reference path="../../pb_data/types.d.ts" />
// Invariants of a post, whoever writes it: server-owned counters, the default status, approval,
// who answered and when, and the author following their own idea.

// Every new post starts with zero counters, a fresh trending score and the default status,
// and its author is subscribed in the same transaction.
onRecordCreate((e) => {
  const { trendingScore } = require(`${__hooks}/ideas/counters.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { ensureSubscribed } = require(`${__hooks}/notifications/subscriptions.js`);
  e.record.set('vote_count', 0);
  e.record.set('comment_count', 0);
  e.record.set('trending_score', trendingScore(0, 0, Math.floor(Date.now() / 1000)));
  if (!e.record.getString('status')) {
    const [open] = e.app.findRecordsByFilter('statuses', 'is_default = true', 'position', 1, 0);
    if (open) e.record.set('status', open.id);
  }
  withinTransaction(e, (txApp) => ensureSubscribed(txApp, e.record.id, e.record.getString('author')));
}, 'posts');

// Approval: staff posts are always approved; members' posts wait when the site requires approval, or when held
// for review (held_for: pb_hooks/platform/door.js markHold).
// A superuser (seeding, imports) may choose explicitly.
onRecordCreateRequest((e) => {
  const { isStaff } = require(`${__hooks}/platform/access.js`);
  const body = e.requestInfo().body;
  if (!(e.hasSuperuserAuth() && body.approved !== undefined)) {
    const [site] = e.app.findRecordsByFilter('site', '', '', 1, 0);
    const held = require(`${__hooks}/platform/door.js`).markHold(e);
    e.record.set('approved', isStaff(e) || (!site?.getBool('require_approval') && !held));
  }
  if (e.record.getString('response')) {
    e.record.set('response_by', e.auth?.collection().name === 'users' ? e.auth.id : '');
    e.record.set('response_at', new Date().toISOString());
  }
  e.next();
}, 'posts');

// Counters never change through the API, not even a superuser's; the rules refuse them from everyone
// else. A changed official response is signed and dated by the server.
onRecordUpdateRequest((e) => {
  const original = e.record.original();
  for (const field of ['vote_count', 'comment_count', 'trending_score', 'response_by', 'response_at']) {
    e.record.set(field, original.get(field));
  }
  if (e.record.getString('response') !== original.getString('response')) {
    e.record.set('response_by', e.auth?.collection().name === 'users' ? e.auth.id : '');
    e.record.set('response_at', new Date().toISOString());
  }
  e.next();
}, 'posts');
