// The versions of what pages show alike for a whole audience (issue 59): the shell's (the site record, the
// statuses, the tags, the boards and their custom fields: VERSIONED_SHELL_COLLECTIONS) and staff's (the segments, the
// scoring, the tracker connections: VERSIONED_STAFF_COLLECTIONS). Each is a random name in PocketBase's store, made at
// its first ask and new after each write to one of its collections commits (before the writer is answered), named in
// every member's session check (server/cmd/pocketbase/session.go): a member's is the shell's, staff's is the shell's,
// a dot and staff's. A Worker isolate keeps what they name under them and reads it again only when they change, so a
// member never gets a renamed site or status late, and no member's request reads them at all otherwise
// (src/lib/pb/kept-at-version.ts); the gateway hands a member's to the audience's copy too (its cache props), so an
// admin's change to the scoring renews no member's copy.
const { SHELL_VERSION_KEY, STAFF_VERSION_KEY } = require(`${__hooks}/platform/contract/hand-offs.js`);

const fresh = () => $security.randomString(20);

/** After a write to a collection VERSIONED_SHELL_COLLECTIONS names committed: every version named before is out of
 * date. */
function bumpShellVersion(app) {
  app.store().set(SHELL_VERSION_KEY, fresh());
}

/** After a write to a collection VERSIONED_STAFF_COLLECTIONS names committed: staff's versions named before are out
 * of date (members' are not). */
function bumpStaffVersion(app) {
  app.store().set(STAFF_VERSION_KEY, fresh());
}

module.exports = { bumpShellVersion, bumpStaffVersion };
