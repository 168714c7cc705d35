// What anyone may know of a member (issue 42): their name and avatar. Everything else of a users record (role,
// blocked, verified, email and its visibility, locale, dates, …) goes only to the member themself and to staff:
// pb_hooks/account/public-profiles.pb.js hides it from every other answer (lists, views, expands, auth, realtime).
// Filters cannot ask for it either: PocketBase holds a filter that reaches users through a relation
// (author.role, …) to the users list rule, which lists a member to themself and to staff only.
const { isActiveStaffUser } = require(`${__hooks}/platform/access.js`);

/** The users fields everyone may read. */
const PUBLIC_FIELDS = ['id', 'name', 'avatar', 'avatar_url'];

/** May the request (its RequestInfo) read `user`'s private fields? Themself, active staff and superusers. */
function seesPrivateFields(info, user) {
  if (info.hasSuperuserAuth()) return true;
  const auth = info.auth;
  if (auth?.collection().name !== 'users') return false;
  return auth.id === user.id || isActiveStaffUser(auth);
}

/** onRecordEnrich for users: leaves only the public fields in the answer unless the request may see more. */
function hidePrivateFields(e) {
  if (seesPrivateFields(e.requestInfo, e.record)) return;
  const names = e.record.collection().fields.fieldNames();
  e.record.hide(...names.filter((name) => !PUBLIC_FIELDS.includes(name)));
}

module.exports = { PUBLIC_FIELDS, seesPrivateFields, hidePrivateFields };
