/// <reference path="../../pb_data/types.d.ts" />
// Only confirmed people count (votes/counted.js): the moment a member's email is confirmed (the emailed link, a
// sign-in code, a password reset), their held votes and reactions count and go out live; if it stops being
// confirmed they are held again (an erased member's tombstone keeps its votes counted, as account/erasure.js
// promises). When the site's switch turns, every unconfirmed member's votes follow it.
onRecordUpdate((e) => {
  const verified = e.record.verified();
  if (verified === e.record.original().verified()) return e.next();
  const erased = !e.record.getDateTime('deleted_at').isZero();
  if (!verified && erased) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { countsNow, setMemberCounted } = require(`${__hooks}/votes/counted.js`);
  withinTransaction(e, (txApp) => setMemberCounted(txApp, e.record.id, countsNow(txApp, e.record.id)));
}, 'users');

onRecordUpdate((e) => {
  const open = e.record.getBool('allow_unverified_posting');
  if (open === e.record.original().getBool('allow_unverified_posting')) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { followSwitch } = require(`${__hooks}/votes/counted.js`);
  withinTransaction(e, (txApp) => followSwitch(txApp, open));
}, 'site');
