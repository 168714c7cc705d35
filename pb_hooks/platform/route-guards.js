// Who may call a Chorus route, as the middlewares it is registered with: signed in (admins' routes take a
// superuser too), refusals answered in the request's language, then the role checked before the handler runs.
// Spread after the handler: routerAdd('GET', path, handler, ...require(`${__hooks}/platform/route-guards.js`).ADMINS).
// PocketBase runs each middleware from its source text, so a guard requires what it uses inside itself.
const { inRequestLanguage } = require(`${__hooks}/platform/refusals.js`);

/** Signed-in members (a blocked one, a staff-only action: the handler refuses what it must). */
const SIGNED_IN = [$apis.requireAuth('users'), inRequestLanguage];

/** Admins (and superusers): platform/staff.js requireAdmin. */
const ADMINS = [
  $apis.requireAuth('users', '_superusers'),
  inRequestLanguage,
  (e) => {
    require(`${__hooks}/platform/staff.js`).requireAdmin(e);
    return e.next();
  },
];

/** Active staff (admins and moderators): platform/staff.js requireStaff. */
const STAFF = [
  $apis.requireAuth('users'),
  inRequestLanguage,
  (e) => {
    require(`${__hooks}/platform/staff.js`).requireStaff(e);
    return e.next();
  },
];

/** Active staff, and superusers (operators' tools and monitoring read what staff read). */
const STAFF_AND_SUPERUSERS = [
  $apis.requireAuth('users', '_superusers'),
  inRequestLanguage,
  (e) => {
    if (!e.hasSuperuserAuth()) require(`${__hooks}/platform/staff.js`).requireStaff(e);
    return e.next();
  },
];

module.exports = { SIGNED_IN, ADMINS, STAFF, STAFF_AND_SUPERUSERS };
