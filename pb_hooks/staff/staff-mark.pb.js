/// <reference path="../../pb_data/types.d.ts" />
// The staff mark (issue 42): a comment's `by_staff` is the server's word, never a client's. Set on every create
// from the author's role at that moment (an active moderator or admin), and kept as it was on every update, so
// a member cannot mark their comment and a mark does not change with a later role.
onRecordCreate((e) => {
  const { isActiveStaffUser } = require(`${__hooks}/platform/access.js`);
  let author = null;
  try {
    author = e.app.findRecordById('users', e.record.getString('author'));
  } catch {
    author = null;
  }
  e.record.set('by_staff', isActiveStaffUser(author));
  e.next();
}, 'comments');

onRecordUpdate((e) => {
  e.record.set('by_staff', e.record.original().getBool('by_staff'));
  e.next();
}, 'comments');
