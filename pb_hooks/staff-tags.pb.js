/// <reference path="../pb_data/types.d.ts" />
// Staff-only tags live in post_staff_tags, public ones in posts.tags (see pb_migrations). When an admin
// turns a tag staff-only (or public again), its assignments move to the other side in the same
// transaction, so no public read ever carries a staff-only tag. Only this write path runs code.
onRecordUpdate((e) => {
  const staffOnly = e.record.getBool('staff_only');
  if (staffOnly === e.record.original().getBool('staff_only')) return e.next();
  const { withinTransaction } = require(`${__hooks}/lib/transaction.js`);
  const { moveTagAssignments } = require(`${__hooks}/lib/staff-tags.js`);
  withinTransaction(e, (txApp) => moveTagAssignments(txApp, e.record.id, staffOnly));
}, 'tags');
