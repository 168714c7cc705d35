/// <reference path="../../pb_data/types.d.ts" />
// Staff-only tags live in post_staff_tags, public ones in posts.tags (see pb_migrations). When an admin
// turns a tag staff-only (or public again), its assignments move to the other side in the same
// transaction; a staff-only tag written into posts.tags by someone the rules do not bind (a superuser:
// the seed, imports, the admin UI) moves to post_staff_tags too. So no public read ever carries a
// staff-only tag, and only write paths run code.
onRecordUpdate((e) => {
  const staffOnly = e.record.getBool('staff_only');
  if (staffOnly === e.record.original().getBool('staff_only')) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { moveTagAssignments } = require(`${__hooks}/staff/staff-tags.js`);
  withinTransaction(e, (txApp) => moveTagAssignments(txApp, e.record.id, staffOnly));
}, 'tags');

for (const register of [onRecordCreate, onRecordUpdate]) {
  register((e) => {
    const tagIds = e.record.getStringSlice('tags');
    if (tagIds.length === 0) return e.next();
    const { staffOnlyAmong, addStaffTags } = require(`${__hooks}/staff/staff-tags.js`);
    const staffOnly = staffOnlyAmong(e.app, tagIds);
    if (staffOnly.length === 0) return e.next();
    const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
    e.record.set(
      'tags',
      tagIds.filter((id) => !staffOnly.includes(id)),
    );
    withinTransaction(e, (txApp) => addStaffTags(txApp, e.record.id, staffOnly));
  }, 'posts');
}
