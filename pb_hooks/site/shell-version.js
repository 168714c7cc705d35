// The versions of what pages show alike for a whole audience (issue 59): the shell's (the site record, the
// statuses, the tags, the boards and their custom fields: VERSIONED_SHELL_COLLECTIONS) and staff's (the segments, the scoring, the tracker
// connections: VERSIONED_STAFF_COLLECTIONS). Each is a random name in PocketBase's store, new at each start and after
// each write to one of its collections commits (before the writer is answered), and named in every member's auth
// refresh: a member's is the shell's, staff's is the shell's, a dot and staff's. A Worker isolate keeps what they
// name under them and reads it again only when they change, so a member never gets a renamed site or status late,
// and no member's request reads them at all otherwise (src/lib/pb/kept-at-version.ts); the gateway hands a member's
// to the audience's copy too (its cache props), so an admin's change to the scoring renews no member's copy.
const { SHELL_VERSION_KEY, STAFF_VERSION_KEY } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
const { SHELL_VERSION_META } = require(`${__hooks}/platform/contract/cache-tags.js`);
const { AUDIENCE_META } = require(`${__hooks}/platform/contract/audience.js`);
const { OWN_QUERY, OWN_META, OWN_POSTS_QUERY } = require(`${__hooks}/platform/contract/own-state.js`);

const fresh = () => $security.randomString(20);

/** The current version kept at `key` (a new one when none is kept: PocketBase just started). */
function versionAt(app, key) {
  const kept = app.store().get(key);
  if (kept) return kept;
  const version = fresh();
  app.store().set(key, version);
  return version;
}

/** The shell's version. */
const shellVersion = (app) => versionAt(app, SHELL_VERSION_KEY);

/** The version `user`'s refresh names: the shell's, and for active staff a dot and staff's. */
function versionFor(app, user) {
  const shell = shellVersion(app);
  const { isActiveStaffUser } = require(`${__hooks}/platform/access.js`);
  return user && isActiveStaffUser(user) ? `${shell}.${versionAt(app, STAFF_VERSION_KEY)}` : shell;
}

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

/** onRecordAuthRequest for users: a refresh (no auth method) answers the version in its `meta`, and the member's
 * audience (site/audience.js): the Worker serves their public pages from that audience's cached copy. The browser's
 * refresh asks for the member's own state too (?own=, site/own-state.js), and gets it there. */
function nameShellVersion(e) {
  if (!e.authMethod && !e.meta) {
    const { audienceOf } = require(`${__hooks}/site/audience.js`);
    e.meta = { [SHELL_VERSION_META]: versionFor(e.app, e.record), [AUDIENCE_META]: audienceOf(e.app, e.record) };
    const query = e.requestInfo().query;
    const asked = query[OWN_QUERY];
    if (asked !== undefined) {
      const { ownStateOf } = require(`${__hooks}/site/own-state.js`);
      e.meta[OWN_META] = ownStateOf(e.app, e.record, asked, query[OWN_POSTS_QUERY]);
    }
  }
}

module.exports = { shellVersion, bumpShellVersion, bumpStaffVersion, nameShellVersion };
